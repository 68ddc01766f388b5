import { formatIsoDate, timeOfDayInTimeZone, todayInTimeZone } from './dates.ts';
import { DESTRUCTION_RECORD_LABELS, isSamePerson, type DestructionRecord, type DestructionRecordKey } from './destruction-record.ts';

/**
 * Witnesses who sign for themselves (docs/destruction-record.md "Witnesses"). A destruction is
 * witnessed by two employees (DEA Form 41 section D; 21 CFR 1317.95(a)–(c)), and so is the transfer
 * that brings the items to us. In 3DS each witness is a user who confirms, with their own password,
 * on the job's destruction record: the confirmation keeps who, when and from where, is printed on the
 * Form 41 and the Certificate of Destruction, and is void once what it attests changes.
 */
export const WITNESS_ROLES = ['transfer-1', 'transfer-2', 'destruction-1', 'destruction-2'] as const;
export type WitnessRole = (typeof WITNESS_ROLES)[number];
export type WitnessKind = 'transfer' | 'destruction';

export interface WitnessSlot {
  kind: WitnessKind;
  /** The destruction record's field that holds the witness's printed name. */
  key: DestructionRecordKey;
  label: string;
  /** The other witness of the same kind: the two are two people. */
  other: WitnessRole;
}

export const WITNESS_SLOTS: Readonly<Record<WitnessRole, WitnessSlot>> = {
  'transfer-1': { kind: 'transfer', key: 'transferWitness1', label: DESTRUCTION_RECORD_LABELS.transferWitness1, other: 'transfer-2' },
  'transfer-2': { kind: 'transfer', key: 'transferWitness2', label: DESTRUCTION_RECORD_LABELS.transferWitness2, other: 'transfer-1' },
  'destruction-1': { kind: 'destruction', key: 'destructionWitness1', label: DESTRUCTION_RECORD_LABELS.destructionWitness1, other: 'destruction-2' },
  'destruction-2': { kind: 'destruction', key: 'destructionWitness2', label: DESTRUCTION_RECORD_LABELS.destructionWitness2, other: 'destruction-1' },
};

/** The witness roles whose printed names a destruction record field holds, by the field. */
export const WITNESS_KEYS: ReadonlySet<DestructionRecordKey> = new Set(Object.values(WITNESS_SLOTS).map((slot) => slot.key));

export function isWitnessRole(value: unknown): value is WitnessRole {
  return typeof value === 'string' && (WITNESS_ROLES as readonly string[]).includes(value);
}

/**
 * What each kind of witness attests, of the destruction record: a change of any of these fields voids
 * the confirmations of that kind. The transfer witnesses load, accompany and unload what the client
 * transfers (1317.95(a)–(c)): the day it left the client and the day we received it. The destruction
 * witnesses see the destruction: its day, its method, where. What was destroyed (the line items) is
 * fixed once Date Destroyed is on record (rules/finality.ts); an approved correction of a line item
 * voids the destruction witnesses' confirmations too.
 */
export const ATTESTED_KEYS: Readonly<Record<WitnessKind, readonly DestructionRecordKey[]>> = {
  transfer: ['dateTransfer', 'dateReceived'],
  destruction: ['dateDestroyed', 'disposalMethod', 'facility', 'facilityAddress'],
};

/** The day a witness of each kind confirms: it must be on record first. */
const WITNESSED_DAY: Readonly<Record<WitnessKind, DestructionRecordKey>> = { transfer: 'dateTransfer', destruction: 'dateDestroyed' };

/**
 * What a confirmation keeps of what it attests: the fields, and for a destruction witness the
 * fingerprint of the job's line items (`items`: what was destroyed, as the server reads it).
 */
export type Attested = Partial<Record<DestructionRecordKey, string | null>> & { items?: string };

/** What `record` (and, for a destruction witness, the job's line items' fingerprint) says that a witness of `kind` attests. */
export function attestedOf(record: DestructionRecord, kind: WitnessKind, items: string): Attested {
  const fields: Attested = Object.fromEntries(ATTESTED_KEYS[kind].map((key) => [key, record[key] ?? null]));
  return kind === 'destruction' ? { ...fields, items } : fields;
}

/** Why a confirmation no longer holds on the record and line items as they are now, or null while it holds. */
export function staleReason(attested: Attested, record: DestructionRecord, kind: WitnessKind, items: string): string | null {
  const changed = attestedChanges(attested, record, kind);
  if (changed.length) return changedReason(changed);
  if (kind === 'destruction' && attested.items !== undefined && attested.items !== items) return WITNESS_MESSAGES.itemsChanged;
  return null;
}

/** The attested fields of `kind` that differ between what was confirmed and the record now. */
export function attestedChanges(attested: Attested, record: DestructionRecord, kind: WitnessKind): DestructionRecordKey[] {
  return ATTESTED_KEYS[kind].filter((key) => (attested[key] ?? null) !== (record[key] ?? null));
}

/** The kinds of witness a change of these destruction record fields concerns. */
export function kindsAttesting(keys: readonly DestructionRecordKey[]): WitnessKind[] {
  return (Object.keys(ATTESTED_KEYS) as WitnessKind[]).filter((kind) => ATTESTED_KEYS[kind].some((key) => keys.includes(key)));
}

/** Why a confirmation stopped holding, in words: "Date Destroyed, Disposal Method changed". */
export function changedReason(keys: readonly DestructionRecordKey[]): string {
  return `${keys.map((key) => DESTRUCTION_RECORD_LABELS[key]).join(', ')} changed`;
}

/** The longest reason for withdrawing a confirmation (kept with it, and in the audit row). */
export const WITHDRAW_REASON_MAX = 500;

export const WITNESS_MESSAGES = {
  needsDay: (role: WitnessRole) => {
    const kind = WITNESS_SLOTS[role].kind;
    return `Enter ${DESTRUCTION_RECORD_LABELS[WITNESSED_DAY[kind]]} first: a ${kind} witness confirms a ${kind} that is on record`;
  },
  credentials: 'That username and password do not match: the witness types their own, as they sign in to 3DS',
  disabled: (username: string) => `${username} cannot witness: their account is disabled`,
  samePerson: (role: WitnessRole, name: string) =>
    `${name} is ${WITNESS_SLOTS[WITNESS_SLOTS[role].other].label} already: ${WITNESS_SLOTS[role].label} must be another person, as two witnesses are two people (21 CFR 1317.95)`,
  confirmed: (role: WitnessRole, name: string) => `${WITNESS_SLOTS[role].label} is confirmed by ${name} already: withdraw that confirmation first`,
  nothingToWithdraw: (role: WitnessRole) => `${WITNESS_SLOTS[role].label} has no confirmation to withdraw`,
  typed: (label: string) => `${label} is not typed: each witness confirms for themselves, with their own password, under Witnesses on the job's Destruction Record`,
  unknownRole: (role: string) => `There is no witness ${JSON.stringify(role)}: the witnesses are ${WITNESS_ROLES.join(', ')}`,
  /** What the Form 41 refusal adds when a destruction witness has not confirmed. */
  documentNeeds: 'Each destruction witness confirms with their own password under Witnesses on the Destruction Record; a confirmation is void once the destruction it attests changes.',
  withdrawn: (by: string) => `Withdrawn by ${by}`,
  itemsChanged: 'What the job lists changed: a line item added, changed or removed',
} as const;

/**
 * Whether `name` (the confirming user's) may confirm `role` while the other witness of its kind is
 * `other`: the user who confirmed it, or the name it holds. A message when not.
 */
export function samePersonProblem(role: WitnessRole, user: { username: string; name: string }, other: { username: string | null; name: string | null }): string | undefined {
  if (other.username !== null ? other.username === user.username : isSamePerson(other.name, user.name)) {
    return WITNESS_MESSAGES.samePerson(role, user.name);
  }
  return undefined;
}

/** Why a witness of `role` cannot confirm on `record` yet, or undefined. */
export function witnessDayProblem(role: WitnessRole, record: DestructionRecord): string | undefined {
  return record[WITNESSED_DAY[WITNESS_SLOTS[role].kind]] ? undefined : WITNESS_MESSAGES.needsDay(role);
}

/** A kept confirmation as documents print it. */
export interface ConfirmationFacts {
  username: string;
  confirmedAt: Date;
  address: string | null;
}

/**
 * The line a document prints under a witness's name: "Confirmed in 3DS by dwhitfield on 11/29/2026 at
 * 14:02 (America/Chicago) from 10.0.0.5" — the time in the Settings' time zone.
 */
export function confirmationLine(confirmation: ConfirmationFacts, timeZone: string): string {
  const day = formatIsoDate(todayInTimeZone(confirmation.confirmedAt, timeZone));
  const time = timeOfDayInTimeZone(confirmation.confirmedAt, timeZone);
  const from = confirmation.address ? ` from ${confirmation.address}` : '';
  return `Confirmed in 3DS by ${confirmation.username} on ${day} at ${time} (${timeZone})${from}`;
}

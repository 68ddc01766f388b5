import { describe, expect, it } from 'vitest';
import type { DestructionRecord } from '../../src/rules/destruction-record.ts';
import {
  attestedChanges,
  attestedOf,
  changedReason,
  confirmationLine,
  isWitnessRole,
  kindsAttesting,
  samePersonProblem,
  staleReason,
  WITNESS_KEYS,
  WITNESS_MESSAGES,
  WITNESS_ROLES,
  WITNESS_SLOTS,
  witnessDayProblem,
} from '../../src/rules/witnesses.ts';

const RECORD: DestructionRecord = {
  dateTransfer: '2026-11-02',
  dateReceived: '2026-11-03',
  dateDestroyed: '2026-11-20',
  disposalMethod: 'Incineration',
  facility: 'Clean Harbors Deer Park',
  facilityAddress: '2027 Independence Pkwy S, La Porte, TX 77571',
  transferWitness1: null,
  transferWitness2: null,
  destructionWitness1: 'Dana Whitfield',
  destructionWitness2: null,
  lateReason: null,
};

describe('witness slots', () => {
  it('has two witnesses of each kind, each the other of its pair, each printed in its own field', () => {
    expect(WITNESS_ROLES).toEqual(['transfer-1', 'transfer-2', 'destruction-1', 'destruction-2']);
    for (const role of WITNESS_ROLES) {
      const slot = WITNESS_SLOTS[role];
      expect(WITNESS_SLOTS[slot.other].other).toBe(role);
      expect(WITNESS_SLOTS[slot.other].kind).toBe(slot.kind);
    }
    expect([...WITNESS_KEYS].sort()).toEqual(['destructionWitness1', 'destructionWitness2', 'transferWitness1', 'transferWitness2']);
    expect(WITNESS_SLOTS['destruction-2'].label).toBe('Destruction Witness 2');
  });

  it('knows a role from any other text', () => {
    expect(isWitnessRole('destruction-1')).toBe(true);
    for (const value of ['destruction-3', 'Destruction-1', '', null, 1]) expect(isWitnessRole(value)).toBe(false);
  });
});

describe('what a witness attests', () => {
  it('keeps the transfer dates for a transfer witness, the day, method and place for a destruction witness', () => {
    expect(attestedOf(RECORD, 'transfer', 'fp1')).toEqual({ dateTransfer: '2026-11-02', dateReceived: '2026-11-03' });
    expect(attestedOf(RECORD, 'destruction', 'fp1')).toEqual({
      dateDestroyed: '2026-11-20',
      disposalMethod: 'Incineration',
      facility: 'Clean Harbors Deer Park',
      facilityAddress: '2027 Independence Pkwy S, La Porte, TX 77571',
      items: 'fp1',
    });
  });

  it('finds what changed since, and nothing when only a name or the late reason changed', () => {
    const attested = attestedOf(RECORD, 'destruction', 'fp1');
    expect(attestedChanges(attested, RECORD, 'destruction')).toEqual([]);
    expect(attestedChanges(attested, { ...RECORD, destructionWitness2: 'Marcus Okafor', lateReason: 'x', dateTransfer: '2026-11-01' }, 'destruction')).toEqual([]);
    expect(attestedChanges(attested, { ...RECORD, dateDestroyed: '2026-11-21', facility: 'Elsewhere' }, 'destruction')).toEqual(['dateDestroyed', 'facility']);
    // A field emptied since is a change too.
    expect(attestedChanges(attested, { ...RECORD, disposalMethod: null }, 'destruction')).toEqual(['disposalMethod']);
  });

  it('says why a confirmation stopped holding: the fields first, then what the job lists (a destruction witness only)', () => {
    const destruction = attestedOf(RECORD, 'destruction', 'fp1');
    expect(staleReason(destruction, RECORD, 'destruction', 'fp1')).toBeNull();
    expect(staleReason(destruction, RECORD, 'destruction', 'fp2')).toBe('What the job lists changed: a line item added, changed or removed');
    expect(staleReason(destruction, { ...RECORD, facility: 'Elsewhere' }, 'destruction', 'fp2')).toBe('Destruction Facility changed');
    // A transfer witness does not attest what was destroyed.
    expect(staleReason(attestedOf(RECORD, 'transfer', 'fp1'), RECORD, 'transfer', 'fp2')).toBeNull();
    expect(staleReason(attestedOf(RECORD, 'transfer', 'fp1'), { ...RECORD, dateReceived: '2026-11-04' }, 'transfer', 'fp1')).toBe('Date Received changed');
  });

  it('names the kinds a change concerns, and the fields in words', () => {
    expect(kindsAttesting(['dateReceived'])).toEqual(['transfer']);
    expect(kindsAttesting(['facility', 'dateTransfer'])).toEqual(['transfer', 'destruction']);
    expect(kindsAttesting(['lateReason', 'destructionWitness1'])).toEqual([]);
    expect(changedReason(['dateDestroyed', 'disposalMethod'])).toBe('Date Destroyed, Disposal Method changed');
  });
});

describe('who may confirm, and when', () => {
  it('waits for the day of what is witnessed', () => {
    expect(witnessDayProblem('destruction-1', RECORD)).toBeUndefined();
    expect(witnessDayProblem('destruction-2', { ...RECORD, dateDestroyed: null })).toBe(WITNESS_MESSAGES.needsDay('destruction-2'));
    expect(WITNESS_MESSAGES.needsDay('destruction-2')).toBe('Enter Date Destroyed first: a destruction witness confirms a destruction that is on record');
    expect(witnessDayProblem('transfer-1', { ...RECORD, dateTransfer: null })).toMatch(/^Enter Date Transferred first/);
  });

  it('refuses the person who is the other witness: by their user when they confirmed, by name when typed', () => {
    const dana = { username: 'dwhitfield', name: 'Dana Whitfield' };
    expect(samePersonProblem('destruction-2', dana, { username: 'dwhitfield', name: 'Dana Whitfield' })).toBe(
      'Dana Whitfield is Destruction Witness 1 already: Destruction Witness 2 must be another person, as two witnesses are two people (21 CFR 1317.95)',
    );
    // Another user of the same name is another person once they confirmed for themselves.
    expect(samePersonProblem('destruction-2', dana, { username: 'dwhitfield2', name: 'Dana Whitfield' })).toBeUndefined();
    // A typed name is compared as names are (case, spaces, dots).
    expect(samePersonProblem('destruction-2', dana, { username: null, name: 'dana  whitfield.' })).toMatch(/is Destruction Witness 1 already/);
    expect(samePersonProblem('transfer-1', dana, { username: null, name: null })).toBeUndefined();
  });
});

describe('confirmationLine', () => {
  it('prints who, when in the Settings time zone, and from where', () => {
    const at = new Date('2026-11-20T20:10:00Z');
    expect(confirmationLine({ username: 'dwhitfield', confirmedAt: at, address: '192.0.2.10' }, 'America/Chicago')).toBe(
      'Confirmed in 3DS by dwhitfield on 11/20/2026 at 14:10 (America/Chicago) from 192.0.2.10',
    );
    // The day is the zone's: 01:30 UTC is the evening before in Chicago.
    expect(confirmationLine({ username: 'mokafor', confirmedAt: new Date('2026-11-21T01:30:00Z'), address: null }, 'America/Chicago')).toBe(
      'Confirmed in 3DS by mokafor on 11/20/2026 at 19:30 (America/Chicago)',
    );
  });
});

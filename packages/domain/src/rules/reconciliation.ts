import type { DeclaredItem } from './declared-inventory.ts';
import { isControlledSchedule } from './line-item-quantities.ts';

/**
 * Receiving reconciliation (docs/dea-paperwork.md "Receiving reconciliation"): what the client
 * declared (its list, and the Form 222 lines that count as declared for Schedule I and II) held
 * against what arrived (the job's line items), per NDC and lot: matched, short, over, or not
 * declared. A difference in a controlled substance is a discrepancy that stays open, and keeps the
 * job from being locked for destruction, until someone resolves it with a reason.
 *
 * Quantities are in packages: a line item holds its pack quantity × its % fill (an opened package
 * counts by its fill), a declared item its full packages and the fill of its opened one. Partial fills
 * of Schedule III–V items are estimates (21 CFR 1304.11(e)(3)): within a tenth of a package either way
 * they match. Form 222 lines are whole packages and match exactly.
 */

export const RECONCILE_STATUSES = ['matched', 'short', 'over', 'not-declared'] as const;
export type ReconcileStatus = (typeof RECONCILE_STATUSES)[number];

export const RECONCILE_STATUS_TEXT: Record<ReconcileStatus, string> = {
  matched: 'Matched',
  short: 'Short',
  over: 'Over',
  'not-declared': 'Not declared',
};

/** How far apart a Schedule III–V line's packages may be and still match: its opened packages are estimated. */
export const ESTIMATE_SLACK = 0.1;

export const RESOLUTION_REASONS = ['client-counted-wrong', 'client-error-confirmed', 'in-transit-loss', 'theft'] as const;
export type ResolutionReason = (typeof RESOLUTION_REASONS)[number];

export const RESOLUTION_REASON_TEXT: Record<ResolutionReason, string> = {
  'client-counted-wrong': 'Counted wrong (the client’s count)',
  'client-error-confirmed': 'Client’s error, confirmed in writing',
  'in-transit-loss': 'Lost in transit',
  theft: 'Theft',
};

export const RESOLUTION_NOTE_MAX = 500;

/** An item that arrived, as reconciliation reads it. */
export interface ReceivedForReconciliation {
  ndc: string;
  lot: string | null;
  /** Pack quantity × % fill. */
  packages: number;
  schedule: string | null;
  name: string | null;
  /** The Form 222 and line it was received on, when one. */
  formNumber: string | null;
  formLine: number | null;
}

/** A Form 222 line that counts as declared for the job. */
export interface FormLineForReconciliation {
  formNumber: string;
  lineNo: number;
  ndc: string | null;
  item: string | null;
  packages: number;
}

/** A declared item with what the dictionary says of its NDC. */
export interface DeclaredForReconciliation extends DeclaredItem {
  rowNo: number;
  schedule: string | null;
  dictionaryName: string | null;
}

/** A resolution as kept: for the difference it was given for. */
export interface KeptResolution {
  key: string;
  declared: number;
  received: number;
  reason: ResolutionReason;
  note: string | null;
  resolvedBy: string;
  resolvedAt: string;
}

export interface ReconciliationLine {
  /** What names the line for its resolution: `222:<form>:<line>`, `ndc:<ndc>:<LOT or *>`, `row:<n>`. */
  key: string;
  ndc: string | null;
  /** The lot compared (upper case), "" for every lot of the NDC, null for a described or Form 222 line. */
  lot: string | null;
  name: string;
  schedule: string | null;
  /** Where it was declared: the list's rows, or the Form 222 line. */
  declaredOn: string;
  declared: number;
  received: number;
  /** Received − declared. */
  difference: number;
  status: ReconcileStatus;
  /** A controlled substance (or one the dictionary does not know), whose difference is a discrepancy. */
  controlled: boolean;
  /** The resolution that holds for this difference, when one does. */
  resolution: KeptResolution | null;
  /** A controlled difference without a resolution: it keeps the job from being locked. */
  open: boolean;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const lotKey = (lot: string | null) => (lot ?? '').trim().toUpperCase();

/** Whether a difference of a substance of this schedule is a discrepancy: a controlled one, or one the dictionary does not know. */
export function isDiscrepancySchedule(schedule: string | null): boolean {
  if (schedule === null || schedule.trim() === '') return true;
  return isControlledSchedule(schedule);
}

function statusOf(declared: number, received: number, slack: number): ReconcileStatus {
  if (declared === 0) return 'not-declared';
  if (Math.abs(received - declared) <= slack + 1e-9) return 'matched';
  return received < declared ? 'short' : 'over';
}

/** "Rows 1, 4" / "Row 2". */
function rowsText(rows: readonly number[]): string {
  return `${rows.length === 1 ? 'Row' : 'Rows'} ${rows.join(', ')}`;
}

/**
 * Every line of the reconciliation, Form 222 lines first (in form and line order), then the list's
 * NDCs and lots (in the order first declared), then what arrived without being declared, then the
 * described items. Each line carries the resolution that still holds for it: one given for the same
 * declared and received packages (a later change of either opens it again).
 */
export function reconcile(input: {
  declared: readonly DeclaredForReconciliation[];
  forms: readonly FormLineForReconciliation[];
  received: readonly ReceivedForReconciliation[];
  resolutions: readonly KeptResolution[];
}): ReconciliationLine[] {
  const resolutions = new Map(input.resolutions.map((resolution) => [resolution.key, resolution]));
  const lines: ReconciliationLine[] = [];
  const push = (line: Omit<ReconciliationLine, 'difference' | 'status' | 'controlled' | 'resolution' | 'open'>, slack: number) => {
    const declared = round(line.declared);
    const received = round(line.received);
    const status = statusOf(declared, received, slack);
    const controlled = isDiscrepancySchedule(line.schedule);
    const kept = resolutions.get(line.key);
    const resolution = status !== 'matched' && kept && round(kept.declared) === declared && round(kept.received) === received ? kept : null;
    lines.push({ ...line, declared, received, difference: round(received - declared), status, controlled, resolution, open: status !== 'matched' && controlled && !resolution });
  };

  // Form 222 lines: what arrived on each line.
  const onForms = new Map<string, { packages: number; name: string | null; schedule: string | null }>();
  const notOnForms: ReceivedForReconciliation[] = [];
  for (const item of input.received) {
    if (item.formNumber !== null && item.formLine !== null) {
      const key = `222:${item.formNumber}:${item.formLine}`;
      const sum = onForms.get(key) ?? { packages: 0, name: item.name, schedule: item.schedule };
      sum.packages += item.packages;
      onForms.set(key, sum);
    } else notOnForms.push(item);
  }
  const formKeys = new Set<string>();
  for (const line of input.forms) {
    const key = `222:${line.formNumber}:${line.lineNo}`;
    formKeys.add(key);
    const arrived = onForms.get(key);
    push(
      {
        key,
        ndc: line.ndc,
        lot: null,
        name: line.item ?? arrived?.name ?? line.ndc ?? '',
        schedule: arrived?.schedule ?? '2',
        declaredOn: `Form 222 ${line.formNumber}, line ${line.lineNo}`,
        declared: line.packages,
        received: arrived?.packages ?? 0,
      },
      0,
    );
  }
  // Items received on a form line that does not count as declared here (a form of another pickup).
  for (const [key, arrived] of onForms) {
    if (formKeys.has(key)) continue;
    const [, formNumber, lineNo] = key.split(':');
    push({ key, ndc: null, lot: null, name: arrived.name ?? '', schedule: arrived.schedule, declaredOn: `Form 222 ${formNumber}, line ${lineNo} (not declared for this job)`, declared: 0, received: arrived.packages }, 0);
  }

  // The list, by NDC: by lot when the client gave lots, else for every lot of the NDC.
  const byNdc = new Map<string, DeclaredForReconciliation[]>();
  const described: DeclaredForReconciliation[] = [];
  for (const item of input.declared) {
    if (item.ndc === null) described.push(item);
    else byNdc.set(item.ndc, [...(byNdc.get(item.ndc) ?? []), item]);
  }
  const receivedByNdc = new Map<string, ReceivedForReconciliation[]>();
  for (const item of notOnForms) receivedByNdc.set(item.ndc, [...(receivedByNdc.get(item.ndc) ?? []), item]);

  const quantity = (item: DeclaredItem) => item.packages + (item.partialFill ?? 0);
  for (const [ndc, items] of byNdc) {
    const arrived = receivedByNdc.get(ndc) ?? [];
    receivedByNdc.delete(ndc);
    const first = items[0]!;
    const name = first.description ?? first.dictionaryName ?? arrived[0]?.name ?? ndc;
    const schedule = first.schedule ?? arrived[0]?.schedule ?? null;
    const lots = new Map<string, DeclaredForReconciliation[]>();
    for (const item of items) lots.set(lotKey(item.lot), [...(lots.get(lotKey(item.lot)) ?? []), item]);
    const anyLot = lots.get('');
    lots.delete('');
    const taken = new Set<ReceivedForReconciliation>();
    for (const [lot, declared] of lots) {
      const matching = arrived.filter((item) => lotKey(item.lot) === lot);
      for (const item of matching) taken.add(item);
      push(
        {
          key: `ndc:${ndc}:${lot}`,
          ndc,
          lot,
          name,
          schedule,
          declaredOn: rowsText(declared.map((item) => item.rowNo)),
          declared: declared.reduce((sum, item) => sum + quantity(item), 0),
          received: matching.reduce((sum, item) => sum + item.packages, 0),
        },
        ESTIMATE_SLACK,
      );
    }
    const rest = arrived.filter((item) => !taken.has(item));
    if (anyLot) {
      push(
        {
          key: `ndc:${ndc}:*`,
          ndc,
          lot: '',
          name,
          schedule,
          declaredOn: rowsText(anyLot.map((item) => item.rowNo)),
          declared: anyLot.reduce((sum, item) => sum + quantity(item), 0),
          received: rest.reduce((sum, item) => sum + item.packages, 0),
        },
        ESTIMATE_SLACK,
      );
    } else if (rest.length) {
      pushNotDeclared(rest, ndc);
    }
  }
  for (const [ndc, arrived] of receivedByNdc) pushNotDeclared(arrived, ndc);

  function pushNotDeclared(arrived: readonly ReceivedForReconciliation[], ndc: string) {
    const lots = new Map<string, ReceivedForReconciliation[]>();
    for (const item of arrived) lots.set(lotKey(item.lot), [...(lots.get(lotKey(item.lot)) ?? []), item]);
    for (const [lot, items] of lots) {
      push(
        {
          key: `ndc:${ndc}:${lot}`,
          ndc,
          lot,
          name: items[0]!.name ?? ndc,
          schedule: items[0]!.schedule,
          declaredOn: 'Not declared',
          declared: 0,
          received: items.reduce((sum, item) => sum + item.packages, 0),
        },
        ESTIMATE_SLACK,
      );
    }
  }

  // Described items cannot be matched by NDC: each stays open until someone says what became of it.
  for (const item of described) {
    push(
      {
        key: `row:${item.rowNo}`,
        ndc: null,
        lot: item.lot === null ? null : lotKey(item.lot),
        name: item.description ?? '',
        schedule: null,
        declaredOn: `Row ${item.rowNo} (described, no NDC)`,
        declared: quantity(item),
        received: 0,
      },
      ESTIMATE_SLACK,
    );
  }
  return lines;
}

export interface ReconciliationCounts {
  lines: number;
  matched: number;
  discrepancies: number;
  open: number;
}

export function reconciliationCounts(lines: readonly ReconciliationLine[]): ReconciliationCounts {
  return {
    lines: lines.length,
    matched: lines.filter((line) => line.status === 'matched').length,
    discrepancies: lines.filter((line) => line.status !== 'matched').length,
    open: lines.filter((line) => line.open).length,
  };
}

/** "2.4", "3", "0.25": packages as the screens and the PDF write them. */
export function packagesText(packages: number): string {
  return String(round(packages));
}

export const RECONCILIATION_MESSAGES = {
  lockOpen: (jobId: number | string, open: readonly ReconciliationLine[]) =>
    `Job ${jobId} cannot be locked for destruction: ${open.length === 1 ? 'a controlled substance differs' : `${open.length} controlled substances differ`} from what the client declared and ${open.length === 1 ? 'is' : 'are'} not resolved (${open
      .slice(0, 3)
      .map((line) => `${line.name || line.ndc || line.key}: declared ${packagesText(line.declared)}, received ${packagesText(line.received)}`)
      .join('; ')}${open.length > 3 ? '; …' : ''}). Resolve each on the job's Reconciliation, with its reason.`,
  unknownLine: (key: string) => `The reconciliation of this job has no line "${key}": reload it, what arrived may have changed.`,
  matched: 'This line matches what was declared: there is nothing to resolve.',
  reason: `Choose why the line differs: ${RESOLUTION_REASONS.map((reason) => RESOLUTION_REASON_TEXT[reason]).join(', ')}.`,
  noteNeeded: 'Say which written confirmation of the client’s error is kept (its date, who signed it).',
  noteLong: `The note can be at most ${RESOLUTION_NOTE_MAX} characters.`,
  changedSince: 'What was declared or received on this line changed since you opened it: reload the reconciliation and resolve it again.',
  lossNotShort: (reason: string) =>
    `${reason} is for what was declared and did not arrive: this line is not short. Choose another reason.`,
} as const;

/** Whether a reason says that what was declared was lost (a theft, a loss in transit): only a short line can be. */
export function reasonIsLoss(reason: ResolutionReason): boolean {
  return reason === 'theft' || reason === 'in-transit-loss';
}

/** What is wrong with a resolution's note for its reason, or undefined: a client's error names its written confirmation. */
export function resolutionNoteProblem(reason: ResolutionReason, note: string): string | undefined {
  const text = note.trim();
  if (reason === 'client-error-confirmed' && text === '') return RECONCILIATION_MESSAGES.noteNeeded;
  if ([...text].length > RESOLUTION_NOTE_MAX) return RECONCILIATION_MESSAGES.noteLong;
  return undefined;
}

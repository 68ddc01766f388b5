import { describe, expect, it } from 'vitest';
import {
  isDiscrepancySchedule,
  packagesText,
  reasonIsLoss,
  RECONCILIATION_MESSAGES,
  reconcile,
  reconciliationCounts,
  type DeclaredForReconciliation,
  type KeptResolution,
  type ReceivedForReconciliation,
} from '../../src/index.ts';

const DIAZEPAM = '00591-0385-01';
const ZOLPIDEM = '00024-5421-31';
const OXYCODONE = '00406-0552-01';

let rows = 0;
const declared = (overrides: Partial<DeclaredForReconciliation> = {}): DeclaredForReconciliation => ({
  rowNo: ++rows,
  ndc: DIAZEPAM,
  description: null,
  lot: null,
  packages: 1,
  packageSize: '100',
  partialFill: null,
  schedule: '4',
  dictionaryName: 'DIAZEPAM 5 MG',
  ...overrides,
});
const received = (overrides: Partial<ReceivedForReconciliation> = {}): ReceivedForReconciliation => ({
  ndc: DIAZEPAM,
  lot: null,
  packages: 1,
  schedule: '4',
  name: 'DIAZEPAM 5 MG',
  formNumber: null,
  formLine: null,
  ...overrides,
});
const run = (input: Partial<Parameters<typeof reconcile>[0]>) => reconcile({ declared: [], forms: [], received: [], resolutions: [], ...input });

describe('reconciling what was declared with what arrived', () => {
  it('matches an NDC declared for every lot with what arrived of it, an opened package counted by its fill', () => {
    const [line] = run({
      declared: [declared({ packages: 2, partialFill: 0.4 })],
      received: [received({ packages: 2, lot: 'A' }), received({ packages: 0.35, lot: 'B' })],
    });
    expect(line).toMatchObject({ key: `ndc:${DIAZEPAM}:*`, lot: '', declared: 2.4, received: 2.35, status: 'matched', open: false });
  });

  it('says short and over beyond a tenth of a package, and keeps a controlled difference open', () => {
    expect(run({ declared: [declared({ packages: 3 })], received: [received({ packages: 2 })] })[0]).toMatchObject({ status: 'short', difference: -1, open: true });
    expect(run({ declared: [declared({ packages: 1 })], received: [received({ packages: 1.2 })] })[0]).toMatchObject({ status: 'over', difference: 0.2, open: true });
    expect(run({ declared: [declared({ packages: 1 })], received: [received({ packages: 1.1 })] })[0]).toMatchObject({ status: 'matched' });
  });

  it('compares by lot when the client gave lots, lots compared without case or spaces', () => {
    const lines = run({
      declared: [declared({ lot: 'a1', packages: 2 }), declared({ lot: 'B2', packages: 1 })],
      received: [received({ lot: ' A1 ', packages: 2 }), received({ lot: 'C3', packages: 1 })],
    });
    expect(lines.map((line) => [line.key, line.status])).toEqual([
      [`ndc:${DIAZEPAM}:A1`, 'matched'],
      [`ndc:${DIAZEPAM}:B2`, 'short'],
      [`ndc:${DIAZEPAM}:C3`, 'not-declared'],
    ]);
  });

  it('lets an NDC declared without a lot take the lots not declared of it', () => {
    const lines = run({
      declared: [declared({ lot: 'A1', packages: 1 }), declared({ packages: 2 })],
      received: [received({ lot: 'A1', packages: 1 }), received({ lot: 'Z9', packages: 2 })],
    });
    expect(lines.map((line) => [line.key, line.status, line.received])).toEqual([
      [`ndc:${DIAZEPAM}:A1`, 'matched', 1],
      [`ndc:${DIAZEPAM}:*`, 'matched', 2],
    ]);
  });

  it('says what arrived without being declared, by NDC and lot', () => {
    const lines = run({ declared: [declared()], received: [received(), received({ ndc: ZOLPIDEM, name: 'AMBIEN 10 MG', lot: 'Q' })] });
    expect(lines[1]).toMatchObject({ key: `ndc:${ZOLPIDEM}:Q`, declaredOn: 'Not declared', status: 'not-declared', declared: 0, received: 1, name: 'AMBIEN 10 MG', open: true });
  });

  it('holds a Form 222 line to exactly what arrived on it', () => {
    const forms = [{ formNumber: '231456789', lineNo: 1, ndc: OXYCODONE, item: 'OXYCODONE 5 MG', packages: 3 }];
    const onLine = (packages: number) => received({ ndc: OXYCODONE, schedule: '2', packages, formNumber: '231456789', formLine: 1 });
    expect(run({ forms, received: [onLine(3)] })[0]).toMatchObject({ key: '222:231456789:1', declaredOn: 'Form 222 231456789, line 1', status: 'matched' });
    expect(run({ forms, received: [onLine(2.95)] })[0]).toMatchObject({ status: 'short', open: true });
    expect(run({ forms, received: [] })[0]).toMatchObject({ status: 'short', received: 0, schedule: '2' });
  });

  it('says an item received on a form of another pickup was not declared here', () => {
    const lines = run({ received: [received({ ndc: OXYCODONE, schedule: '2', formNumber: '999999999', formLine: 2 })] });
    expect(lines[0]).toMatchObject({ key: '222:999999999:2', status: 'not-declared', open: true });
  });

  it('keeps a described item open: it cannot be matched by NDC', () => {
    const lines = run({ declared: [declared({ ndc: null, description: 'Unlabelled tablets', schedule: null, dictionaryName: null })] });
    expect(lines[0]).toMatchObject({ key: expect.stringMatching(/^row:\d+$/), status: 'short', name: 'Unlabelled tablets', open: true });
  });

  it('leaves a difference of a substance that is not controlled open to see but not blocking', () => {
    const [line] = run({ declared: [declared({ schedule: 'NC' })], received: [] });
    expect(line).toMatchObject({ status: 'short', controlled: false, open: false });
    expect(isDiscrepancySchedule(null)).toBe(true);
    expect(isDiscrepancySchedule('4n')).toBe(true);
    expect(isDiscrepancySchedule('LC')).toBe(false);
  });
});

describe('a resolution', () => {
  const resolution = (overrides: Partial<KeptResolution> = {}): KeptResolution => ({
    key: `ndc:${DIAZEPAM}:*`,
    declared: 3,
    received: 2,
    reason: 'client-counted-wrong',
    note: null,
    resolvedBy: 'supervisor',
    resolvedAt: '2026-11-29T10:00:00Z',
    ...overrides,
  });

  it('closes the difference it was given for', () => {
    const [line] = run({ declared: [declared({ packages: 3 })], received: [received({ packages: 2 })], resolutions: [resolution()] });
    expect(line).toMatchObject({ status: 'short', open: false, resolution: { reason: 'client-counted-wrong', resolvedBy: 'supervisor' } });
  });

  it('no longer holds once what was declared or received changes', () => {
    const [line] = run({ declared: [declared({ packages: 3 })], received: [received({ packages: 1 })], resolutions: [resolution()] });
    expect(line).toMatchObject({ open: true, resolution: null });
  });
});

it('counts the lines, the discrepancies and the open ones', () => {
  const lines = run({ declared: [declared({ packages: 2 }), declared({ ndc: ZOLPIDEM, packages: 1 })], received: [received({ packages: 2 })] });
  expect(reconciliationCounts(lines)).toEqual({ lines: 2, matched: 1, discrepancies: 1, open: 1 });
});

it('says why a job with open discrepancies is not locked', () => {
  const lines = run({ declared: [declared({ packages: 3 })], received: [received({ packages: 2 })] });
  expect(RECONCILIATION_MESSAGES.lockOpen(12, lines)).toBe(
    "Job 12 cannot be locked for destruction: a controlled substance differs from what the client declared and is not resolved (DIAZEPAM 5 MG: declared 3, received 2). Resolve each on the job's Reconciliation, with its reason.",
  );
  expect(packagesText(2.4000000001)).toBe('2.4');
});

it('takes a theft or a loss in transit as a loss of what was declared', () => {
  expect(reasonIsLoss('theft')).toBe(true);
  expect(reasonIsLoss('in-transit-loss')).toBe(true);
  expect(reasonIsLoss('client-counted-wrong')).toBe(false);
  expect(RECONCILIATION_MESSAGES.lossNotShort('Theft')).toMatch(/^Theft is for what was declared and did not arrive/);
});

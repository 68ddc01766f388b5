import { deadlineState, formatIsoDate, parseUsDate, type DeadlineState, type LossKind } from '@3ds/domain';
import { recordText, type ListRecord } from '../../lib/records/record-shapes.ts';

/**
 * A loss as its screen shows it (rules/losses.ts): what was lost, from which job and client, and where
 * each of its two deadlines stands. Pure, so unit-tested.
 */
export interface LossView {
  id: string;
  modId: string;
  kind: LossKind;
  kindText: string;
  jobId: string;
  jobName: string;
  client: string;
  registrationNumber: string;
  ndc: string;
  item: string;
  schedule: string;
  lot: string;
  packagesLost: string;
  discovered: string;
  notice: DeadlineView;
  form106: DeadlineView & { number: string };
  circumstances: string;
  created: string;
  createdBy: string;
}

export interface DeadlineView {
  /** MM/DD/YYYY */
  due: string;
  /** MM/DD/YYYY, "" while not done. */
  doneOn: string;
  state: DeadlineState;
}

/** A deadline's colour: red when missed (or done late), orange when due today, green when done. */
export function deadlineColor(state: DeadlineState): string {
  switch (state) {
    case 'missed':
    case 'done-late':
      return 'red';
    case 'due-today':
      return 'orange';
    case 'done':
      return 'teal';
    case 'open':
      return 'blue';
  }
}

function deadline(record: ListRecord, dueField: string, doneField: string, today: string): DeadlineView {
  const due = recordText(record, dueField);
  const doneOn = recordText(record, doneField);
  const dueIso = parseUsDate(due) ?? today;
  return { due, doneOn, state: deadlineState(dueIso, parseUsDate(doneOn) ?? null, today) };
}

export function lossView(record: ListRecord, today: string): LossView {
  const kind = recordText(record, 'Kind Code') === 'in-transit' ? 'in-transit' : 'theft';
  return {
    id: recordText(record, 'Loss ID') || record.recordId,
    modId: record.modId,
    kind,
    kindText: recordText(record, 'Kind'),
    jobId: recordText(record, 'Job ID'),
    jobName: recordText(record, 'Job Name'),
    client: recordText(record, 'Company Name'),
    registrationNumber: recordText(record, 'Registration Number'),
    ndc: recordText(record, 'NDC'),
    item: recordText(record, 'Item'),
    schedule: recordText(record, 'Schedule'),
    lot: recordText(record, 'Lot'),
    packagesLost: recordText(record, 'Packages Lost'),
    discovered: recordText(record, 'Date Discovered'),
    notice: deadline(record, 'Notice Due', 'Notice Sent', today),
    form106: { ...deadline(record, 'Form 106 Due', 'Form 106 Filed', today), number: recordText(record, 'Form 106 Number') },
    circumstances: recordText(record, 'Circumstances'),
    created: recordText(record, 'Date Created'),
    createdBy: recordText(record, 'Created By'),
  };
}

/** What the person is told to do: who files, and by when. */
export function whoReports(view: Pick<LossView, 'kind' | 'client'>): string {
  return view.kind === 'in-transit'
    ? `A loss in transit is reported by the supplier — ${view.client || 'the client'}, who shipped it (21 CFR 1301.74(c)). Tell them, and record here when they did.`
    : 'A theft is reported by us: the written notice to the DEA Field Division, then the Form 106 online (21 CFR 1301.74(c)).';
}

/** A deadline cell of the list ("Missed 11/30/2026", "Due today", "Done …") as a colour. */
export function deadlineCellColor(text: string): string | undefined {
  if (text.startsWith('Missed') || text.endsWith('(late)')) return 'red';
  if (text === 'Due today') return 'orange';
  if (text.startsWith('Done')) return 'teal';
  if (text.startsWith('Due')) return 'blue';
  return undefined;
}

/** Today as MM/DD/YYYY for a date input's default. */
export function usToday(today: string): string {
  return formatIsoDate(today);
}

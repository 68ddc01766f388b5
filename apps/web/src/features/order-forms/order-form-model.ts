import {
  formatIsoDate,
  formNumberProblem,
  isOrderFormKind,
  isOrderFormStatus,
  ORDER_FORM_KIND_TEXT,
  ORDER_FORM_LIMITS,
  ORDER_FORM_MAX_LINES,
  orderFormNoteProblem,
  orderFormStatusChanges,
  orderFormValidity,
  orderFormValidityText,
  readIssueDate,
  readOrderFormLines,
  type NewOrderFormBody,
  type OrderFormChangeBody,
  type OrderFormKind,
  type OrderFormLineBody,
  type OrderFormStatus,
  type OrderFormStatusChange,
} from '@3ds/domain';
import { fieldText, type FieldData, type RecordData } from '../../lib/records/record-shapes.ts';

/**
 * What the Form 222 screens show and send (rules/order-forms.ts): the record as its screen shows it,
 * the New and Edit dialogs' form (a draft) with the checks the server makes again, and the words of
 * the status confirmations. Pure, for unit tests.
 */

// ---------------------------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------------------------

export interface OrderFormLineView {
  lineNo: number;
  ndc: string;
  item: string;
  packages: string;
  packageSize: string;
  /** The packages received on the line so far (its line items'), and the last day they arrived (MM/DD/YYYY, '' before any). */
  received: string;
  dateReceived: string;
}

/** A job goods on the form arrived with: its items and packages on the form, and its Digital 222 file's link ('' without one). */
export interface OrderFormJobView {
  id: string;
  name: string;
  dateReceived: string;
  items: string;
  packages: string;
  digital222: string;
}

export interface OrderFormView {
  id: string;
  modId: string;
  number: string;
  kind: OrderFormKind | undefined;
  kindText: string;
  /** MM/DD/YYYY. */
  issuedOn: string;
  validUntil: string;
  /** The stored state; undefined when the answer names none the screen knows. */
  status: OrderFormStatus | undefined;
  /** As the list shows it ("Issued, expired"). */
  statusText: string;
  statusReason: string;
  statusChanged: string;
  statusChangedBy: string;
  /** Past its 60 days while it still awaits its goods. */
  expired: boolean;
  /** "Valid until 03/02/2026 (12 days left)", "Expired on 03/03/2026: …"; empty when it no longer matters (void, lost). */
  validityText: string;
  registrationId: string;
  registrationNumber: string;
  companyId: string;
  companyName: string;
  note: string;
  created: string;
  createdBy: string;
  modified: string;
  modifiedBy: string;
  lines: OrderFormLineView[];
  /** The jobs goods on the form arrived with. */
  jobs: OrderFormJobView[];
  /** The status changes its state offers (Executed, Void, Lost). */
  changes: readonly OrderFormStatusChange[];
}

/** `MM/DD/YYYY` → ISO, or '' when it is not one. */
function isoOf(usDate: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(usDate);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : '';
}

/** The kind as stored, from the kind as shown ("Electronic (CSOS)"). */
export function kindOfText(text: string): OrderFormKind | undefined {
  return (Object.entries(ORDER_FORM_KIND_TEXT) as [OrderFormKind, string][]).find(([, shown]) => shown === text)?.[0];
}

export function orderFormLines(rows: readonly FieldData[]): OrderFormLineView[] {
  return rows.map((row) => ({
    lineNo: Number(fieldText(row['Line::Line'])),
    ndc: fieldText(row['Line::NDC']),
    item: fieldText(row['Line::Item']),
    packages: fieldText(row['Line::Packages']),
    packageSize: fieldText(row['Line::Package Size']),
    received: fieldText(row['Line::Packages Received']),
    dateReceived: fieldText(row['Line::Date Received']),
  }));
}

/** The record as the screen shows it, with today (3DS's) deciding whether it is expired. */
export function orderFormView(record: RecordData, today: string): OrderFormView {
  const text = (name: string) => fieldText(record.fieldData[name]);
  const code = text('Status Code');
  const status = isOrderFormStatus(code) ? code : undefined;
  const issuedIso = isoOf(text('Issue Date'));
  const open = status === 'issued' || status === 'executed';
  const validity = issuedIso ? orderFormValidity(issuedIso, today) : undefined;
  const lines = orderFormLines(record.portalData.Line ?? []);
  const received = lines.some((l) => Number(l.received) > 0);
  return {
    id: record.recordId,
    modId: record.modId,
    number: text('Form Number'),
    kind: kindOfText(text('Form Kind')),
    kindText: text('Form Kind'),
    issuedOn: text('Issue Date'),
    validUntil: text('Valid Until'),
    status,
    statusText: text('Status'),
    statusReason: text('Status Reason'),
    statusChanged: text('Status Changed'),
    statusChangedBy: text('Status Changed By'),
    expired: open && (validity?.expired ?? false),
    validityText: open && issuedIso ? orderFormValidityText(issuedIso, today) : '',
    registrationId: text('Registration ID'),
    registrationNumber: text('Registration Number'),
    companyId: text('Company ID'),
    companyName: text('Company Name'),
    note: text('Note'),
    created: text('Date Created'),
    createdBy: text('Created By'),
    modified: text('Date Modified'),
    modifiedBy: text('Modified By'),
    lines,
    jobs: (record.portalData.Job ?? []).map((row) => ({
      id: fieldText(row['Job::Job ID']),
      name: fieldText(row['Job::Job Name']),
      dateReceived: fieldText(row['Job::Date Received']),
      items: fieldText(row['Job::Line Items']),
      packages: fieldText(row['Job::Packages']),
      digital222: fieldText(row['Job::Digital 222 Files']),
    })),
    // A form goods arrived on is the record of that transfer: it is not marked void or lost (the server says 409 too).
    changes: status ? orderFormStatusChanges(status).filter((change) => change === 'executed' || !received) : [],
  };
}

/** The colour of a status as shown: red once expired, lost or void; green once executed. */
export function statusColor(statusText: string): string {
  const text = statusText.toLowerCase();
  if (text.includes('expired') || text === 'lost') return 'red';
  if (text === 'void') return 'gray';
  if (text === 'executed') return 'teal';
  return 'blue';
}

// ---------------------------------------------------------------------------------------------
// The New and Edit dialogs
// ---------------------------------------------------------------------------------------------

/** A line as the dialog holds it: what was typed. */
export interface LineDraft {
  /** Stable across edits (React's key); not sent. */
  key: string;
  ndc: string | null;
  item: string;
  packages: string;
  packageSize: string;
}

export interface OrderFormDraft {
  registrationId: string | null;
  formNumber: string;
  formKind: OrderFormKind;
  /** MM/DD/YYYY. */
  issuedOn: string;
  note: string;
  lines: LineDraft[];
}

let lineKeys = 0;
export function emptyLine(): LineDraft {
  return { key: `line-${++lineKeys}`, ndc: null, item: '', packages: '', packageSize: '' };
}

/** A new form: issued today, paper, one empty line. */
export function newDraft(today: string, registrationId: string | null = null): OrderFormDraft {
  return { registrationId, formNumber: '', formKind: 'paper', issuedOn: formatIsoDate(today), note: '', lines: [emptyLine()] };
}

/** The draft of a form's Edit dialog: what it holds now. */
export function draftOf(view: OrderFormView): OrderFormDraft {
  return {
    registrationId: view.registrationId,
    formNumber: view.number,
    formKind: view.kind ?? 'paper',
    issuedOn: view.issuedOn,
    note: view.note,
    lines: view.lines.map((line) => ({ ...emptyLine(), ndc: line.ndc || null, item: line.item, packages: line.packages, packageSize: line.packageSize })),
  };
}

/** A line may be added while the form has fewer than its 20 lines. */
export function canAddLine(draft: OrderFormDraft): boolean {
  return draft.lines.length < ORDER_FORM_MAX_LINES;
}

/** Whether a line holds nothing typed (left out when sent). */
function isBlank(line: LineDraft): boolean {
  return !line.ndc && line.item.trim() === '' && line.packages.trim() === '' && line.packageSize.trim() === '';
}

/** Packages as typed, as the number sent: a whole number, or NaN (which the rules refuse, naming the line). */
function packagesOf(text: string): number {
  const t = text.trim().replace(/,/g, '');
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** The lines as sent: each numbered as the dialog shows it (1, 2, … in order), a blank one left out. */
export function linesToSend(draft: OrderFormDraft): OrderFormLineBody[] {
  return draft.lines.flatMap((line, index) =>
    isBlank(line)
      ? []
      : [{ lineNo: index + 1, ndc: line.ndc, item: line.item.trim() || null, packages: packagesOf(line.packages), packageSize: line.packageSize.trim() || null }],
  );
}

/** The trade name in an NDC option's label ("00406-0552-01 — OXYCODONE HCL 5 MG (Sch 2)" → "OXYCODONE HCL 5 MG"). */
export function tradeNameOfOption(label: string): string {
  const at = label.indexOf(' — ');
  if (at < 0) return '';
  return label.slice(at + 3).replace(/\s*\(Sch [^)]*\)$/, '').trim();
}

export type DraftField = 'registration' | 'formNumber' | 'formKind' | 'issuedOn' | 'note' | 'lines';
export type DraftErrors = Partial<Record<DraftField, string>> & { lineProblems?: string[] };

/**
 * What the server would refuse, found before sending, each beside its field: the rules of
 * rules/order-forms.ts, in the server's words. `packages` NaN (a number not typed as one) reads as
 * the line's packages problem.
 */
export function draftErrors(draft: OrderFormDraft, today: string, mode: 'new' | 'edit'): DraftErrors {
  const errors: DraftErrors = {};
  if (mode === 'new' && !draft.registrationId) errors.registration = 'Choose the client registration the form is issued to.';
  const numberProblem = formNumberProblem(draft.formKind, draft.formNumber);
  if (numberProblem) errors.formNumber = numberProblem;
  if (!isOrderFormKind(draft.formKind)) errors.formKind = 'Kind must be paper or electronic.';
  if (mode === 'new') {
    const issued = readIssueDate(draft.issuedOn, today);
    if ('problem' in issued) errors.issuedOn = issued.problem;
  }
  const noteProblem = draft.note.trim() === '' ? undefined : orderFormNoteProblem(draft.note.trim());
  if (noteProblem) errors.note = noteProblem;
  const read = readOrderFormLines(linesToSend(draft));
  if ('problems' in read) {
    errors.lineProblems = read.problems;
    errors.lines = read.problems.join(' ');
  }
  return errors;
}

export function hasErrors(errors: DraftErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The body of `POST /order-form/new`. */
export function newBody(draft: OrderFormDraft): NewOrderFormBody {
  return {
    registrationId: Number(draft.registrationId),
    formNumber: draft.formNumber.trim(),
    formKind: draft.formKind,
    issuedOn: draft.issuedOn.trim(),
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    lines: linesToSend(draft),
  };
}

/** The body of `PATCH /order-form/{id}`: lines and note, the number and kind only while the form is issued. */
export function changeBody(draft: OrderFormDraft, view: OrderFormView): OrderFormChangeBody {
  return {
    ...(view.status === 'issued' ? { formNumber: draft.formNumber.trim(), formKind: draft.formKind } : {}),
    note: draft.note.trim(),
    lines: linesToSend(draft),
    modId: view.modId,
  };
}

/** The server's refusal, where a field names it: a line's problem under the lines, the number's under the number. */
export function fieldOfProblem(problem: string): DraftField | undefined {
  if (/^Line \d+/.test(problem) || problem.startsWith('A Form 222 has')) return 'lines';
  if (problem.startsWith('Form 222 number') || /is already in the register/.test(problem)) return 'formNumber';
  if (problem.startsWith('Issue Date')) return 'issuedOn';
  if (problem.startsWith('Registration') || problem.startsWith('There is no registration')) return 'registration';
  if (problem.startsWith('Note')) return 'note';
  if (problem.startsWith('Kind')) return 'formKind';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Status changes
// ---------------------------------------------------------------------------------------------

export interface StatusChangeWords {
  /** The button on the record screen. */
  button: string;
  title: string;
  question: string;
  confirm: string;
  /** Whether the confirmation asks for a reason before it may go ahead. */
  needsReason: boolean;
  reasonLabel: string;
  danger: boolean;
}

export const STATUS_CHANGE_WORDS: Record<OrderFormStatusChange, (number: string) => StatusChangeWords> = {
  executed: (number) => ({
    button: 'Executed',
    title: `Mark Form 222 ${number} executed`,
    question: `Has Form 222 ${number} been signed and sent to the client? Its number and kind no longer change once it is executed.`,
    confirm: 'Mark Executed',
    needsReason: false,
    reasonLabel: 'Note (optional, kept with the form)',
    danger: false,
  }),
  void: (number) => ({
    button: 'Void',
    title: `Void Form 222 ${number}`,
    question: `Void Form 222 ${number}? A void form is kept in the register as it is and never used again.`,
    confirm: 'Void Form',
    needsReason: true,
    reasonLabel: 'Reason (kept with the form)',
    danger: true,
  }),
  lost: (number) => ({
    button: 'Lost',
    title: `Mark Form 222 ${number} lost`,
    question: `Mark Form 222 ${number} lost? It is kept as it is and never used again; a lost form is reported to DEA (21 CFR 1305.16).`,
    confirm: 'Mark Lost',
    needsReason: true,
    reasonLabel: 'Reason (kept with the form)',
    danger: true,
  }),
};

/** What the alert says once a change is made. */
export function statusChangedMessage(number: string, status: OrderFormStatusChange): string {
  return status === 'executed' ? `Form 222 ${number} is executed.` : `Form 222 ${number} is ${status === 'void' ? 'void' : 'lost'}.`;
}

export const REASON_MAX = ORDER_FORM_LIMITS.reason;

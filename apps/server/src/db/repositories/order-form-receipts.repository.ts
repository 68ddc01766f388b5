import { normalFormNumber, ORDER_FORM_MAX_LINES, RECEIVING_MESSAGES, receivingProblem, type LineReceipt, type ReceivingForm } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** What an item names of the register: the form's number as the register writes it, its id and line; all null without a form. */
export interface Receipt {
  number: string | null;
  formId: number | null;
  line: number | null;
}

/** The item received, as receiving reads it (`receivingProblem`). */
export interface ReceiptInput {
  /** The Form 222 number as entered, trimmed; null when none. */
  number: string | null;
  /** The line as entered; null when none. */
  line: number | null;
  ndc: string;
  schedule: string | null;
  /** Its packages (its pack quantity; one when it has none). */
  packages: number;
  job: { id: number; registration_number: string };
  /** The item itself when it is being changed: its own packages are not counted as received before it. */
  itemId?: number;
  /** 3DS's today (ISO): the day of receipt of a job not yet marked received. */
  today: string;
}

/**
 * The form and line an item is received on, or the problem (a 422 naming the form and the line).
 * The form is held FOR UPDATE until the transaction ends, so two items received on the same line at
 * once are counted one after the other and never both take its last packages.
 */
export async function readReceipt(trx: Kysely<Database>, input: ReceiptInput): Promise<{ receipt: Receipt } | { problem: string }> {
  if (input.number === null) {
    return input.line === null ? { receipt: { number: null, formId: null, line: null } } : { problem: RECEIVING_MESSAGES.lineWithoutForm };
  }
  if (input.line !== null && (!Number.isInteger(input.line) || input.line < 1 || input.line > ORDER_FORM_MAX_LINES)) {
    return { problem: `Form 222 Line must be a whole number from 1 to ${ORDER_FORM_MAX_LINES}.` };
  }
  const number = normalFormNumber(input.number);
  const form = await receivingForm(trx, number, input.itemId);
  const received = await trx.selectFrom('jobs').select('date_received').where('id', '=', input.job.id).executeTakeFirst();
  const receivedOn = received?.date_received ? String(received.date_received).slice(0, 10) : input.today;
  const problem = receivingProblem(number, form, input.line, {
    ndc: input.ndc,
    schedule: input.schedule,
    packages: input.packages,
    registrationNumber: input.job.registration_number,
    receivedOn,
  });
  if (problem) return { problem };
  return { receipt: { number: form!.number, formId: form!.id, line: input.line } };
}

/** The form holding this number, held FOR UPDATE, with its lines and the packages received on each (`itemId`'s aside). */
async function receivingForm(trx: Kysely<Database>, number: string, itemId: number | undefined): Promise<ReceivingForm | undefined> {
  const form = await trx
    .selectFrom('order_forms as o')
    .innerJoin('registrations as r', 'r.id', 'o.registration_id')
    .select(['o.id', 'o.form_number', 'o.status', 'o.issued_on', 'r.registration_number'])
    .where('o.form_number', '=', number)
    .forUpdate('o')
    .executeTakeFirst();
  if (!form) return undefined;
  const lines = await trx
    .selectFrom('order_form_lines as ol')
    .select([
      'ol.line_no',
      'ol.ndc',
      'ol.item',
      'ol.packages',
      sql<string>`(SELECT coalesce(sum(coalesce(li.pack_quantity, 1)), 0) FROM line_items li
        WHERE li.order_form_id = ol.form_id AND li.order_form_line = ol.line_no AND li.id <> ${itemId ?? 0})`.as('received'),
    ])
    .where('ol.form_id', '=', form.id)
    .orderBy('ol.line_no')
    .execute();
  return {
    id: form.id,
    number: form.form_number,
    status: form.status as ReceivingForm['status'],
    issuedOn: String(form.issued_on).slice(0, 10),
    registrationNumber: form.registration_number,
    lines: lines.map((l) => ({ lineNo: l.line_no, ndc: l.ndc, item: l.item, packages: l.packages, received: Number(l.received) })),
  };
}

/** What arrived on each line of a form: its packages and the NDCs of its items, by line number. */
export async function receiptsOf(db: Kysely<Database>, formId: number): Promise<Map<number, LineReceipt>> {
  const rows = await db
    .selectFrom('line_items')
    .select(['order_form_line', sql<string>`sum(coalesce(pack_quantity, 1))`.as('received'), sql<string[]>`array_agg(DISTINCT ndc)`.as('ndcs')])
    .where('order_form_id', '=', formId)
    .groupBy('order_form_line')
    .execute();
  return new Map(rows.map((r) => [Number(r.order_form_line), { received: Number(r.received), ndcs: r.ndcs }]));
}

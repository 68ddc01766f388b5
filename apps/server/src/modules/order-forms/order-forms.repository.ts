import type { OrderFormLine } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewOrderForm, OrderForm, OrderFormUpdate } from '../../db/tables/order-forms.table.ts';

/** The registration a form is issued to, as the register's rules read it: its number, kind, schedules and expiry. */
export function registrationForOrderForm(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('registrations')
    .select([
      'id',
      'registration_number',
      'license_type',
      'expiration_date',
      'schedule_1',
      'schedule_1n',
      'schedule_2',
      'schedule_2n',
      'schedule_3',
      'schedule_3n',
      'schedule_4',
      'schedule_4n',
      'schedule_5',
      'schedule_5n',
      'schedule_lc',
      'schedule_nc',
    ])
    .where('id', '=', id)
    // Held while the form is written: a registration is not changed under a form being issued to it.
    .forShare()
    .executeTakeFirst();
}

/** The form holding this number, with its client, when the register has one. */
export function formWithNumber(db: Kysely<Database>, formNumber: string) {
  return db
    .selectFrom('order_forms as o')
    .innerJoin('registrations as r', 'r.id', 'o.registration_id')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select(['o.id', 'o.issued_on', 'r.registration_number', 'co.name as company_name'])
    .where('o.form_number', '=', formNumber)
    .executeTakeFirst();
}

export function insertForm(db: Kysely<Database>, values: NewOrderForm): Promise<OrderForm> {
  return db.insertInto('order_forms').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The form, held FOR UPDATE for the rest of the transaction: its changes wait for each other. */
export function holdForm(db: Kysely<Database>, id: number): Promise<OrderForm | undefined> {
  return db.selectFrom('order_forms').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateForm(db: Kysely<Database>, id: number, values: OrderFormUpdate): Promise<OrderForm> {
  return db.updateTable('order_forms').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function linesOf(db: Kysely<Database>, formId: number): Promise<OrderFormLine[]> {
  const rows = await db.selectFrom('order_form_lines').selectAll().where('form_id', '=', formId).orderBy('line_no').execute();
  return rows.map((row) => ({ lineNo: row.line_no, ndc: row.ndc, item: row.item, packages: row.packages, packageSize: row.package_size }));
}

/** The form's lines become these. */
export async function replaceLines(db: Kysely<Database>, formId: number, lines: readonly OrderFormLine[]): Promise<void> {
  await db.deleteFrom('order_form_lines').where('form_id', '=', formId).execute();
  if (!lines.length) return;
  await db
    .insertInto('order_form_lines')
    .values(lines.map((line) => ({ form_id: formId, line_no: line.lineNo, ndc: line.ndc, item: line.item, packages: line.packages, package_size: line.packageSize })))
    .execute();
}

/** The dictionary's trade names of these NDCs: what a line names its item by when only its NDC is given. */
export async function tradeNamesOf(db: Kysely<Database>, ndcs: readonly string[]): Promise<Map<string, string>> {
  if (!ndcs.length) return new Map();
  const rows = await db.selectFrom('ndc_dictionary').select(['ndc', 'trade_name']).where('ndc', 'in', [...new Set(ndcs)]).execute();
  return new Map(rows.map((row) => [row.ndc, row.trade_name]));
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Loss, LossUpdate } from '../../db/tables/losses.table.ts';

/** The loss, held FOR UPDATE for the rest of the transaction: its changes wait for each other. */
export function holdLoss(db: Kysely<Database>, id: number): Promise<Loss | undefined> {
  return db.selectFrom('losses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateLoss(db: Kysely<Database>, id: number, values: LossUpdate): Promise<Loss> {
  return db.updateTable('losses').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The loss with its job and client, as the Form 106 worksheet prints it. */
export function lossWithClient(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('losses as l')
    .innerJoin('jobs as j', 'j.id', 'l.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .leftJoin('companies as c', 'c.id', 'r.company_id')
    .selectAll('l')
    .select([
      'j.name as job_name',
      'r.registration_number',
      'c.name as company_name',
      sql<string>`concat_ws(', ', nullif(r.address1, ''), nullif(r.address2, ''), nullif(r.city, ''), nullif(concat_ws(' ', nullif(r.state, ''), nullif(r.zip, '')), ''))`.as('client_address'),
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
}

/** What the dictionary says of an NDC's strength and dosage form, for the worksheet's item. */
export function dictionaryEntry(db: Kysely<Database>, ndc: string) {
  return db.selectFrom('ndc_dictionary').select(['strength', 'form', 'package_size', 'package_size_uom']).where('ndc', '=', ndc).executeTakeFirst();
}

import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { InventoriesTable, InventoryLinesTable } from '../../db/tables/dea-records.table.ts';

/** The name an inventory prints as who took it (the account's display name, when it has one). */
export function displayNameOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select('display_name').where('id', '=', userId).executeTakeFirst();
}

export function insertInventory(db: Kysely<Database>, inventory: Insertable<InventoriesTable>) {
  return db.insertInto('inventories').values(inventory).returning('id').executeTakeFirstOrThrow();
}

/** Every inventory kept, newest first, with the names of its PDF and xlsx files. */
export function keptInventories(db: Kysely<Database>) {
  return db
    .selectFrom('inventories as i')
    .innerJoin('files as p', 'p.id', 'i.pdf_file_id')
    .innerJoin('files as x', 'x.id', 'i.xlsx_file_id')
    .select(['i.id', 'i.as_of', 'i.line_items', 'i.created_by', 'i.created_at', 'p.id as pdf_id', 'p.original_name as pdf_name', 'x.id as xlsx_id', 'x.original_name as xlsx_name'])
    .orderBy('i.id', 'desc')
    .execute();
}

/** The inventory's counted lines, in statements of at most 1,000 rows (PostgreSQL's parameter limit). */
export async function insertInventoryLines(db: Kysely<Database>, lines: readonly Insertable<InventoryLinesTable>[]) {
  for (let at = 0; at < lines.length; at += 1000) await db.insertInto('inventory_lines').values(lines.slice(at, at + 1000)).execute();
}

/** The inventory's moment and whether it kept its counted lines, or undefined. */
export function inventoryOf(db: Kysely<Database>, id: number) {
  return db.selectFrom('inventories').select(['id', 'as_of', 'created_at', 'lines_kept', 'line_items']).where('id', '=', id).executeTakeFirst();
}

/** The lines the inventory counted, by line item. */
export function inventoryLinesOf(db: Kysely<Database>, id: number) {
  return db.selectFrom('inventory_lines').selectAll().where('inventory_id', '=', id).orderBy('line_item_id').execute();
}

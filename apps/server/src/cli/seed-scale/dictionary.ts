/** The scale seed's value lists and NDC dictionary: the demo's, which the line items draw from. */
import pg from 'pg';
import { bulkNdcEntries } from '../../seed/bulk-ndcs.ts';
import { buildCompanies } from '../../seed/demo-companies.ts';
import { loadNdcDictionary } from '../../seed/ndc-dictionary.ts';
import { DEMO_ORGANIZATION } from '../../seed/seed-demo.ts';
import { valueListRows } from '../../seed/value-lists.ts';
import { insertJson } from './sql-helpers.ts';

/** Value lists, the 23,890 trade packs of the demo dictionary and its custom bulk NDCs. */
export async function seedDictionary(client: pg.Client, today: string): Promise<void> {
  await insertJson(client, 'value_lists', valueListRows());
  const tradePacks = await loadNdcDictionary();
  const companies = buildCompanies(today, DEMO_ORGANIZATION).companies;
  const codeOf = (which: 'own' | 'named' | 'none') => {
    const company = companies.find((c) => c.fixture.labelerOrganization === which)!;
    return { organization: company.row.name, labelerCode: company.fixture.labelerCodes![0]! };
  };
  const bulk = bulkNdcEntries({ own: codeOf('own'), other: codeOf('named'), none: { labelerCode: codeOf('none').labelerCode } }, today);
  await insertJson(client, 'ndc_dictionary', [...tradePacks, ...bulk]);
}

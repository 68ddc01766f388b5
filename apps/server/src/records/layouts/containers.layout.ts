import { CATALOGUE, PORTAL_LIMITS, type EntityCatalogue } from '@3ds/domain';
import { containsOf, defineLayout, portalFields, type Layout } from '../layout.ts';


function containerLayout(catalogue: EntityCatalogue, kind: 'standard' | 'yellow_bucket'): Layout {
  return defineLayout(catalogue, {
    from: 'containers ct',
    idSql: 'ct.id',
    modIdSql: 'ct.mod_id',
    baseWhere: `ct.kind = '${kind}'`,
    ...containsOf('containers', 'ct'),
    joins: {
      job: 'JOIN jobs j ON j.id = ct.job_id',
      registration: 'JOIN registrations r ON r.id = j.registration_id',
      company: 'JOIN companies co ON co.id = r.company_id',
    },
    fields: {
      [catalogue.idField]: 'ct.id',
      'Container Name': 'ct.name',
      Pallet: 'ct.pallet',
      'Container Type': 'ct.container_type',
      'Package Weight': 'ct.package_weight',
      'Net Weight': 'ct.net_weight',
      'Gross Weight': 'ct.gross_weight',
      'Gross UoM': 'ct.gross_uom',
      'Locked Container': 'ct.locked',
      'Registration Number': ['r.registration_number', 'job', 'registration'],
      'Registration::Expiration Date': ['r.expiration_date', 'job', 'registration'],
      'Job ID': 'ct.job_id',
      'Job::Locked Job': ['j.locked', 'job'],
      // A destroyed job is final (finality.ts): the screen says so and offers no edit, move or delete.
      'Job::Date Destroyed': ['j.date_destroyed', 'job'],
      'Job::Activity': ['j.activity', 'job'],
      'Job::Job Name': ['j.name', 'job'],
      'Company ID': ['r.company_id', 'job', 'registration'],
      'Company Name': ['co.name', 'job', 'registration', 'company'],
      'ZIPackage Size': 'ct.zi_package_size',
      'Line Item Count': '(SELECT count(*) FROM line_items li WHERE li.container_id = ct.id)',
      'Line Items Locked On Their Own': '(SELECT count(*) FROM line_items li WHERE li.container_id = ct.id AND li.locked_own)',
      'Date Created': 'ct.created_at',
      'Created By': 'ct.created_by',
      'Date Modified': 'ct.modified_at',
      'Modified By': 'ct.modified_by',
    },
    search: { space: kind === 'standard' ? 3 : 4, fields: [catalogue.idField, 'Container Name', 'Pallet', 'Job ID'] },
    portals: [
      {
        name: 'LineItems',
        from: 'line_items li',
        parentKey: 'li.container_id',
        idSql: 'li.id',
        modIdSql: 'li.mod_id',
        orderBy: 'li.id',
        limit: PORTAL_LIMITS.containerLineItems,
        fields: portalFields([
          ['LineItems::id', 'number', 'li.id'],
          ['LineItems::NDC Number', 'text', 'li.ndc'],
          ['LineItems::NDC Schedule', 'text', 'li.ndc_schedule'],
          ['LineItems::NDC Description', 'text', 'li.ndc_description'],
          ['LineItems::Form 222 Number', 'text', 'li.form_222_number'],
          // What tells one package of a tote from the next (the container's Line Items card).
          ['LineItems::Pack Quantity', 'number', 'li.pack_quantity'],
          ['LineItems::Pack Size', 'number', 'li.pack_size'],
          ['LineItems::Pack Size UoM', 'text', 'li.pack_size_uom'],
          ['LineItems::Lot Number', 'text', 'li.lot_number'],
          ['LineItems::Expiration Date', 'date', 'li.expiration_date'],
          ['LineItems::Serial Number', 'text', 'li.serial_number'],
          ['LineItems::Locked Container Line Item', 'yesno', 'li.locked'],
        ]),
      },
    ],
  });
}

export const containersLayout = containerLayout(CATALOGUE.containers, 'standard');
export const ybContainersLayout = containerLayout(CATALOGUE['yb-containers'], 'yellow_bucket');

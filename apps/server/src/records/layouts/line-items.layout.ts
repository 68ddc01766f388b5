import { CATALOGUE, PORTAL_LIMITS, type EntityCatalogue } from '@3ds/domain';
import { defineLayout, portalFields, type FieldSql, type Layout } from '../layout.ts';

/** The text of the line items' "contains" trigram index (070 migration), expression for expression. */
export const LINE_ITEM_CONTAINS_TEXT = `lower(coalesce(li.id::text, '') || chr(31) || coalesce(li.ndc, '') || chr(31) || coalesce(li.ndc_description, '') || chr(31) || coalesce(li.lot_number, '') || chr(31) || coalesce(li.serial_number, '') || chr(31) || coalesce(li.form_222_number, '') || chr(31) || coalesce(li.source_number, ''))`;

/**
 * The columns whose emptiness the value counts hold, in the order of the 075 migration's
 * `line_item_empty_mask` (a test holds the two to each other).
 */
export const EMPTY_COUNTED_COLUMNS = [
  'ndc', 'source_number', 'lot_number', 'serial_number', 'form_222_number',
  'id', 'container_id', 'job_id', 'pack_quantity', 'pack_size', 'zi_package_size', 'percent_fill', 'reporting_qty', 'bulk_pack_size',
  'converted_to_base', 'grams_of_base', 'package_size_density', 'avg_tablet_weight',
  'expiration_date', 'created_at', 'modified_at', 'locked', 'locked_own',
] as const;

function lineItemLayout(catalogue: EntityCatalogue, kind: 'standard' | 'yellow_bucket', containerIdName: string, extra: Record<string, FieldSql>): Layout {
  const fields: Record<string, FieldSql> = {
    [catalogue.idField]: 'li.id',
    [containerIdName]: 'li.container_id',
    id_Job: 'li.job_id',
    'NDC Number': 'li.ndc',
    'NDC Description': 'li.ndc_description',
    'NDC Schedule': 'li.ndc_schedule',
    Strength: 'li.strength',
    Form: 'li.form',
    Type: 'li.line_type',
    Source: 'li.source',
    'Source Number': 'li.source_number',
    'Lot Number': 'li.lot_number',
    'Expiration Date': 'li.expiration_date',
    'Serial Number': 'li.serial_number',
    Cause: 'li.cause',
    'Pack Quantity': 'li.pack_quantity',
    'Pack Quantity UoM': 'li.pack_quantity_uom',
    'Pack Size': 'li.pack_size',
    'Pack Size UoM': 'li.pack_size_uom',
    'Pack Size Reason': 'li.pack_size_reason',
    'ZIPackage Size': 'li.zi_package_size',
    'Percent Fill': 'li.percent_fill',
    'Reporting Qty': 'li.reporting_qty',
    'Reporting UoM': 'li.reporting_uom',
    'YI Package Size Bulk Blend': 'li.bulk_pack_size',
    'YI Package Size Bulk Blend UoM': 'li.bulk_pack_size_uom',
    'Chosen Stage': 'li.bulk_stage',
    'Converted To Base': 'li.converted_to_base',
    'Grams Of Base': 'li.grams_of_base',
    'Form 222 Number': 'li.form_222_number',
    'Form 222 Line': 'li.order_form_line',
    'CWF Form Number': 'li.cwf_form_number',
    'Locked Container Line Item': 'li.locked',
    'Locked On Its Own': 'li.locked_own',
    'Package Size Density': 'li.package_size_density',
    'Avg Tablet Weight': 'li.avg_tablet_weight',
    'Avg Tablet Weight Unit': 'li.avg_tablet_weight_unit',
    'Labeler Parent Organization': 'li.labeler_organization',
    'Container::Container Name': ['ct.name', 'container'],
    'Container::Pallet': ['ct.pallet', 'container'],
    'Container::Locked Container': ['ct.locked', 'container'],
    'Job::Job Name': ['j.name', 'job'],
    'Job::Locked Job': ['j.locked', 'job'],
    'Job::Date Transfer': ['j.date_transfer', 'job'],
    'Job::Date Received': ['j.date_received', 'job'],
    'Job::Date Destroyed': ['j.date_destroyed', 'job'],
    'Job::Company ID': ['r.company_id', 'job', 'registration'],
    'Registration Number': ['r.registration_number', 'job', 'registration'],
    'Registration::Expiration Date': ['r.expiration_date', 'job', 'registration'],
    'Date Created': 'li.created_at',
    'Created By': 'li.created_by',
    'Date Modified': 'li.modified_at',
    'Modified By': 'li.modified_by',
    ...extra,
  };
  return defineLayout(catalogue, {
    from: 'line_items li',
    idSql: 'li.id',
    modIdSql: 'li.mod_id',
    baseWhere: `li.kind = '${kind}'`,
    joins: {
      container: 'JOIN containers ct ON ct.id = li.container_id',
      job: 'JOIN jobs j ON j.id = li.job_id',
      registration: 'JOIN registrations r ON r.id = j.registration_id',
    },
    // A line item's container is of its kind (002: the foreign key holds the kind).
    joinedWhere: { container: `ct.kind = '${kind}'` },
    fields,
    ndcFields: ['NDC Number'],
    // The description and the CWF form number repeat too (a product's description, a form's many
    // items: 555 and 18,700 different values at a million line items).
    fewValues: [
      'NDC Description', 'CWF Form Number', 'NDC Schedule', 'Strength', 'Form', 'Type', 'Source', 'Cause', 'Pack Quantity UoM', 'Pack Size UoM', 'Reporting UoM',
      'YI Package Size Bulk Blend UoM', 'Chosen Stage', 'Avg Tablet Weight Unit', 'Labeler Parent Organization', 'Created By', 'Modified By',
      ...Object.keys(extra).filter((name) => ['CSA Schedule', 'Pack Size UoM Web'].includes(name)),
    ],
    containsText: LINE_ITEM_CONTAINS_TEXT,
    valueCounts: { table: 'line_items', kind, emptyColumns: EMPTY_COUNTED_COLUMNS },
    // Every own column has its btree: (kind, column, id) from 070, created_at's and the NDC's from 002,
    // the keys' (container_id, id) and (job_id, kind, id), the id's primary key.
    btreeFields: Object.entries(fields)
      .filter(([, spec]) => typeof spec === 'string')
      .map(([name]) => name),
    search: {
      space: kind === 'standard' ? 1 : 2,
      fields: [catalogue.idField, 'NDC Number', 'NDC Description', 'Lot Number', 'Serial Number', 'Form 222 Number', 'Source Number'],
    },
    portals: [
      {
        name: 'Siblings',
        from: 'line_items sib',
        // Siblings are the line items of the same container: the parent key is the container.
        parentKey: 'sib.container_id',
        parentValue: 'li.container_id',
        idSql: 'sib.id',
        modIdSql: 'sib.mod_id',
        orderBy: 'sib.id',
        limit: PORTAL_LIMITS.siblings,
        fields: portalFields([
          ['Siblings::id', 'number', 'sib.id'],
          ['Siblings::NDC Number', 'text', 'sib.ndc'],
        ]),
      },
    ],
  });
}

export const lineItemsLayout = lineItemLayout(CATALOGUE['line-items'], 'standard', 'id_container', {});
export const ybLineItemsLayout = lineItemLayout(CATALOGUE['yb-line-items'], 'yellow_bucket', 'Container ID', {
  'CSA Schedule': 'li.ndc_schedule',
  'Pack Size Web': 'li.pack_size',
  'Pack Size UoM Web': 'li.pack_size_uom',
});

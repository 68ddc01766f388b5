import { CATALOGUE, ORDER_FORM_KIND_TEXT, ORDER_FORM_MAX_LINES, ORDER_FORM_STATUS_TEXT, ORDER_FORM_VALID_DAYS } from '@3ds/domain';
import { containsOf, defineLayout, portalFields } from '../layout.ts';

/** `CASE o.column WHEN 'a' THEN 'A' … END` from a table of stored values and their texts (ours, never a caller's). */
const shown = (column: string, texts: Readonly<Record<string, string>>) =>
  `CASE ${column} ${Object.entries(texts)
    .map(([value, text]) => `WHEN '${value}' THEN '${text}'`)
    .join(' ')} END`;

/**
 * orderFormStatusText of @3ds/domain in SQL (a test holds the two equal): the stored state, and of a
 * form still awaiting its goods ", expired" once 3DS's today (tds_today(), the Settings' time zone)
 * is past its 60 days.
 */
const STATUS = `${shown('o.status', ORDER_FORM_STATUS_TEXT)} || CASE WHEN o.status IN ('issued', 'executed') AND (SELECT tds_today()) > o.issued_on + ${ORDER_FORM_VALID_DAYS} THEN ', expired' ELSE '' END`;

export const orderFormsLayout = defineLayout(CATALOGUE['order-forms'], {
  from: 'order_forms o',
  idSql: 'o.id',
  modIdSql: 'o.mod_id',
  ...containsOf('order_forms', 'o'),
  joins: {
    registration: 'JOIN registrations r ON r.id = o.registration_id',
    company: 'JOIN companies co ON co.id = r.company_id',
  },
  fields: {
    'Order Form ID': 'o.id',
    'Form Number': 'o.form_number',
    'Form Kind': shown('o.form_kind', ORDER_FORM_KIND_TEXT),
    'Issue Date': 'o.issued_on',
    'Valid Until': `o.issued_on + ${ORDER_FORM_VALID_DAYS}`,
    Status: STATUS,
    'Status Code': 'o.status',
    'Status Reason': 'o.status_reason',
    'Status Changed': 'o.status_changed_at',
    'Status Changed By': 'o.status_changed_by',
    'Registration Number': ['r.registration_number', 'registration'],
    'Registration ID': 'o.registration_id',
    'Company ID': ['r.company_id', 'registration'],
    'Company Name': ['co.name', 'registration', 'company'],
    'Lines Completed': '(SELECT count(*) FROM order_form_lines ol WHERE ol.form_id = o.id)',
    Note: 'o.note',
    'Date Created': 'o.created_at',
    'Created By': 'o.created_by',
    'Date Modified': 'o.modified_at',
    'Modified By': 'o.modified_by',
  },
  portals: [
    {
      name: 'Line',
      from: 'order_form_lines ol',
      parentKey: 'ol.form_id',
      idSql: 'ol.line_no',
      orderBy: 'ol.line_no',
      limit: ORDER_FORM_MAX_LINES,
      fields: portalFields([
        ['Line::Line', 'number', 'ol.line_no'],
        ['Line::NDC', 'text', 'ol.ndc'],
        ['Line::Item', 'text', 'ol.item'],
        ['Line::Packages', 'number', 'ol.packages'],
        ['Line::Package Size', 'text', 'ol.package_size'],
      ]),
    },
  ],
});

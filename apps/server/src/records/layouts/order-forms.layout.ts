import { CATALOGUE, ORDER_FORM_KIND_TEXT, PORTAL_LIMITS, ORDER_FORM_MAX_LINES, ORDER_FORM_RECEIPT_TEXT, ORDER_FORM_STATUS_TEXT, ORDER_FORM_VALID_DAYS } from '@3ds/domain';
import { containsOf, defineLayout, portalFields } from '../layout.ts';

/** `CASE o.column WHEN 'a' THEN 'A' … END` from a table of stored values and their texts (ours, never a caller's). */
const shown = (column: string, texts: Readonly<Record<string, string>>) =>
  `CASE ${column} ${Object.entries(texts)
    .map(([value, text]) => `WHEN '${value}' THEN '${text}'`)
    .join(' ')} END`;

/** The packages received on line `ol` so far: its line items' pack quantities (one an item without), 1305.13(e). */
const RECEIVED = `(SELECT coalesce(sum(coalesce(li.pack_quantity, 1)), 0) FROM line_items li WHERE li.order_form_id = ol.form_id AND li.order_form_line = ol.line_no)`;

/** orderFormReceipt of @3ds/domain in SQL: 'none', 'partly' or 'all' of form `o`'s lines received. */
const RECEIPT = `(SELECT CASE WHEN coalesce(sum(r.received), 0) = 0 THEN 'none' WHEN bool_and(r.received >= r.packages) THEN 'all' ELSE 'partly' END
  FROM (SELECT ol.packages, ${RECEIVED} AS received FROM order_form_lines ol WHERE ol.form_id = o.id) r)`;

/**
 * orderFormStatusText of @3ds/domain in SQL (a test holds the two equal): the stored state (an
 * executed form's "Partly received" or "Received" once goods arrived on it), and of a form still
 * awaiting goods ", expired" once 3DS's today (tds_today(), the Settings' time zone) is past its 60 days.
 * Over a form aliased `o` (the register's rows, a registration's portal).
 */
export const ORDER_FORM_STATUS_SQL = `(SELECT CASE WHEN o.status = 'executed' AND __r.receipt = 'partly' THEN '${ORDER_FORM_RECEIPT_TEXT.partly}'
    WHEN o.status = 'executed' AND __r.receipt = 'all' THEN '${ORDER_FORM_RECEIPT_TEXT.all}' ELSE ${shown('o.status', ORDER_FORM_STATUS_TEXT)} END
  || CASE WHEN o.status IN ('issued', 'executed') AND __r.receipt <> 'all' AND (SELECT tds_today()) > o.issued_on + ${ORDER_FORM_VALID_DAYS} THEN ', expired' ELSE '' END
  FROM (SELECT ${RECEIPT} AS receipt) __r)`;

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
    Status: ORDER_FORM_STATUS_SQL,
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
        ['Line::Packages Received', 'number', RECEIVED],
        ['Line::Date Received', 'date', `(SELECT max(coalesce(j.date_received, li.created_at::date)) FROM line_items li JOIN jobs j ON j.id = li.job_id
          WHERE li.order_form_id = ol.form_id AND li.order_form_line = ol.line_no)`],
      ]),
    },
    {
      // The jobs goods on the form arrived with, and each job's Digital 222 file (the job's slot
      // `Digital 222 Files`: the electronic order or the scanned copy), as a link.
      name: 'Job',
      from: `(SELECT li.order_form_id AS form_id, li.job_id, count(*) AS items, sum(coalesce(li.pack_quantity, 1)) AS packages
        FROM line_items li WHERE li.order_form_id IS NOT NULL GROUP BY li.order_form_id, li.job_id) rj JOIN jobs jr ON jr.id = rj.job_id`,
      parentKey: 'rj.form_id',
      idSql: 'jr.id',
      modIdSql: 'jr.mod_id',
      orderBy: 'jr.id',
      limit: PORTAL_LIMITS.company,
      fields: [
        ...portalFields([
          ['Job::Job ID', 'number', 'jr.id'],
          ['Job::Job Name', 'text', 'jr.name'],
          ['Job::Date Received', 'date', 'jr.date_received'],
          ['Job::Line Items', 'number', 'rj.items'],
          ['Job::Packages', 'number', 'rj.packages'],
        ]),
        {
          name: 'Job::Digital 222 Files',
          type: 'text',
          sql: `(SELECT f.id || '/' || f.original_name FROM job_files jf JOIN files f ON f.id = jf.file_id
            WHERE jf.job_id = jr.id AND jf.slot = 'Digital 222 Files' ORDER BY jf.id DESC LIMIT 1)`,
          fileLink: true,
        },
      ],
    },
  ],
});

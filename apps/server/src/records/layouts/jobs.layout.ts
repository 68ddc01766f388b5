import { CATALOGUE, DESTRUCTION_DEADLINE_DAYS, JOB_DOCUMENT_FIELDS, JOB_PICTURE_FIELDS, PORTAL_LIMITS } from '@3ds/domain';
import { containsOf, defineLayout, portalFields, type PortalDef } from '../layout.ts';


function containerPortal(name: string, kind: 'standard' | 'yellow_bucket'): PortalDef {
  return {
    name,
    from: 'containers ct',
    parentKey: 'ct.job_id',
    where: `ct.kind = '${kind}'`,
    idSql: 'ct.id',
    modIdSql: 'ct.mod_id',
    orderBy: 'ct.id',
    limit: PORTAL_LIMITS.job,
    fields: portalFields([
      [`${name}::Container_PK_ID`, 'number', 'ct.id'],
      [`${name}::Container Name`, 'text', 'ct.name'],
      [`${name}::Container Type`, 'text', 'ct.container_type'],
      [`${name}::Pallet`, 'text', 'ct.pallet'],
      [`${name}::Gross Weight`, 'number', 'ct.gross_weight'],
      [`${name}::Gross UoM`, 'text', 'ct.gross_uom'],
      [`${name}::Locked Container`, 'yesno', 'ct.locked'],
      [`${name}::Line Item Count`, 'number', '(SELECT count(*) FROM line_items li WHERE li.container_id = ct.id)'],
    ]),
  };
}

/**
 * The job's files by slot, as `<file id>/<name>`, in one lateral aggregate (one subquery per slot
 * made planning cost more than running). Pictures are the sister job's when there is one (spec 1 §2);
 * documents are always the job's own.
 */
const PICTURE_SLOT = "'^(R|P|T|D|DP)[0-9]+$'";
const FILES_JOIN = `LEFT JOIN LATERAL (
  SELECT jsonb_object_agg(jf.slot, f.id || '/' || f.original_name) AS slots
  FROM job_files jf JOIN files f ON f.id = jf.file_id
  WHERE (jf.job_id = coalesce(j.sister_job_id, j.id) AND jf.slot ~ ${PICTURE_SLOT})
     OR (jf.job_id = j.id AND jf.slot !~ ${PICTURE_SLOT})
) jfiles ON true`;
const slotFile = (slot: string): [string, string] => [`(jfiles.slots ->> '${slot}')`, 'files'];
const pictureFields = Object.fromEntries(JOB_PICTURE_FIELDS.map((slot) => [slot, slotFile(slot)]));
const documentFields = Object.fromEntries(JOB_DOCUMENT_FIELDS.map((name) => [name, slotFile(name)]));
const lineItemTotal = (kind: string) => `(SELECT count(*) FROM line_items li WHERE li.job_id = j.id AND li.kind = '${kind}')`;

export const jobsLayout = defineLayout(CATALOGUE.jobs, {
  from: 'jobs j',
  idSql: 'j.id',
  modIdSql: 'j.mod_id',
  ...containsOf('jobs', 'j'),
  joins: {
    registration: 'JOIN registrations r ON r.id = j.registration_id',
    company: 'JOIN companies co ON co.id = r.company_id',
    supplier: 'LEFT JOIN registrations sr ON sr.id = j.supplier_registration_id',
    files: FILES_JOIN,
  },
  fields: {
    __PKJobID: 'j.id',
    'Job Name': 'j.name',
    _fkRegistration_Record_Number: 'j.registration_id',
    'Registration::Registration Number': ['r.registration_number', 'registration'],
    'Registration::Expiration Date': ['r.expiration_date', 'registration'],
    'Registration::State': ['r.state', 'registration'],
    'Supplier Registration': ['sr.registration_number', 'supplier'],
    'Company ID': ['r.company_id', 'registration'],
    'Company Name': ['co.name', 'registration', 'company'],
    Activity: 'j.activity',
    // jobStatus of @3ds/domain: a locked job is never shown "Open".
    Status: `CASE WHEN j.locked AND coalesce(nullif(btrim(j.status), ''), 'Open') = 'Open' THEN 'Locked' ELSE btrim(j.status) END`,
    'Date Filed': 'j.date_filed',
    'Date Job Initiated': 'j.date_initiated',
    'Date Confirmed': 'j.date_confirmed',
    'Date Transfer': 'j.date_transfer',
    'Date Received': 'j.date_received',
    'Date Destroyed': 'j.date_destroyed',
    // destructionDaysLeft in SQL (the domain rule; a test keeps the two equal). tds_today() is the day
    // in the Settings' time zone, the server's today too (031_late_destruction_and_one_clock.sql),
    // read once per statement.
    'Days Left': `CASE WHEN j.date_received IS NOT NULL AND j.date_destroyed IS NULL THEN ${DESTRUCTION_DEADLINE_DAYS} - ((SELECT tds_today()) - j.date_received) END`,
    // destructionDaysLate in SQL: days past the 30 of a destruction made later, empty when on time.
    'Days Late': `CASE WHEN j.date_destroyed - j.date_received > ${DESTRUCTION_DEADLINE_DAYS} THEN j.date_destroyed - j.date_received - ${DESTRUCTION_DEADLINE_DAYS} END`,
    'Late Destruction Reason': 'j.late_destruction_reason',
    'Date Vault In': 'j.date_vault_in',
    'Date Vault Out': 'j.date_vault_out',
    'Date Completed': 'j.date_completed',
    'Locked Job': 'j.locked',
    'Sister Jobs': 'j.sister_job_id',
    'Facility Transported To': 'j.facility_transported_to',
    Transporter: 'j.transporter',
    'Transport Method': 'j.transport_method',
    'Disposal Method': 'j.disposal_method',
    'Destruction Facility': 'j.destruction_facility',
    'Destruction Facility Address': 'j.destruction_facility_address',
    'Transfer Witness 1 Full Name': 'j.transfer_witness_1',
    'Transfer Witness 2 Full Name': 'j.transfer_witness_2',
    'Destruction Witness 1 Full Name': 'j.destruction_witness_1',
    'Destruction Witness 2 Full Name': 'j.destruction_witness_2',
    'CWF Number': 'j.cwf_number',
    'Date Created': 'j.created_at',
    'Created By': 'j.created_by',
    'Date Modified': 'j.modified_at',
    'Modified By': 'j.modified_by',
    'Total Line Items': lineItemTotal('standard'),
    'Total Yellow Bucket Line Items': lineItemTotal('yellow_bucket'),
    ...pictureFields,
    ...documentFields,
  },
  fileFields: [...JOB_PICTURE_FIELDS, ...JOB_DOCUMENT_FIELDS],
  // Spec 2 §7: the container move-target find asks for jobs by `Registration Number`,
  // `Locked Job` and `Registration::Expiration Date`, as the FileMaker jobs layout named them; the
  // last two are our names too, the first is the related field's short name.
  aliases: { 'Registration Number': 'Registration::Registration Number' },
  search: { space: 5, fields: ['__PKJobID', 'Job Name'] },
  portals: [containerPortal('Containers', 'standard'), containerPortal('YellowBuckets', 'yellow_bucket')],
});

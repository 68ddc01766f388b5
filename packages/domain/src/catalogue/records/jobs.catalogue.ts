import { PICTURE_SLOTS } from '../constants.ts';
import { column, field, type EntityFields } from './catalogue.ts';

/** The job's picture slots (R1–R9, P1–P12, T1–T12, D1–D21, DP1–DP7), in tab order. */
export const JOB_PICTURE_FIELDS: string[] = Object.values(PICTURE_SLOTS).flatMap((s) =>
  Array.from({ length: s.count }, (_, i) => `${s.prefix}${i + 1}`),
);
/**
 * The job's document fields, in the order the job view lists their links: spec 1's five, and the
 * Certificate of Destruction 3DS generates (011_certificate_slot.sql). '41 Insert' holds an uploaded
 * or a generated Form 41.
 */
export const JOB_DOCUMENT_FIELDS = ['CWF Files', '41 Insert', 'Shipping Files', 'Supporting Files', 'Digital 222 Files', 'Certificate of Destruction'] as const;
/** The document fields 3DS fills itself (generated, not uploaded). */
export const GENERATED_JOB_DOCUMENTS = { form41: '41 Insert', certificate: 'Certificate of Destruction' } as const;

/** Whether a job's document field is one 3DS generates: it takes no upload, ever. */
export function isGeneratedJobDocument(field: string): boolean {
  return Object.values(GENERATED_JOB_DOCUMENTS).includes(field as never);
}

export const jobsCatalogue: EntityFields = {
  entity: 'jobs',
  idField: '__PKJobID',
  lockField: 'Locked Job',
  fields: [
    field('__PKJobID', 'ID', 'number'),
    field('Job Name', 'Name'),
    field('_fkRegistration_Record_Number', 'Registration Record', 'number'),
    field('Registration::Registration Number', 'Registration'),
    field('Registration::Expiration Date', 'Expiration', 'date'),
    field('Registration::State', 'State'),
    field('Supplier Registration', 'Supplier Registration'),
    field('Company ID', 'Company ID', 'number'),
    field('Company Name', 'Company Name'),
    field('Activity', 'Activity'),
    field('Status', 'Status'),
    field('Date Filed', 'Filed', 'date'),
    field('Date Job Initiated', 'Initiated', 'date'),
    field('Date Confirmed', 'Confirmed', 'date'),
    field('Date Transfer', 'Transferred', 'date'),
    field('Date Received', 'Received', 'date'),
    field('Date Destroyed', 'Destroyed', 'date'),
    // Calendar days left to destroy what was received (21 CFR 1317.15(c), destructionDaysLeft):
    // empty before receipt and once destroyed. Usable in finds: `Days Left: <=7`.
    field('Days Left', 'Days Left', 'number'),
    // Days past the 30 of a destruction made later (destructionDaysLate), empty when on time or not
    // destroyed: `Days Late: >0` finds the late destructions. Their reason is on the destruction record.
    field('Days Late', 'Days Late', 'number'),
    field('Late Destruction Reason', 'Late Reason'),
    field('Date Vault In', 'Vault In', 'date'),
    field('Date Vault Out', 'Vault Out', 'date'),
    field('Date Completed', 'Completed', 'date'),
    field('Locked Job', 'Locked', 'yesno'),
    field('Sister Jobs', 'Sister Job', 'number'),
    field('Facility Transported To', 'Facility'),
    field('Transporter', 'Transporter'),
    field('Transport Method', 'Transport'),
    field('Disposal Method', 'Disposal'),
    field('Destruction Facility', 'Destruction Facility'),
    field('Destruction Facility Address', 'Destruction Facility Address'),
    field('Transfer Witness 1 Full Name', 'Transfer Witness 1'),
    field('Transfer Witness 2 Full Name', 'Transfer Witness 2'),
    field('Destruction Witness 1 Full Name', 'Witness 1'),
    field('Destruction Witness 2 Full Name', 'Witness 2'),
    field('CWF Number', 'CWF #'),
    field('Date Created', 'Created', 'timestamp'),
    field('Created By', 'By'),
    field('Date Modified', 'Modified', 'timestamp'),
    field('Modified By', 'Modified By'),
    field('Total Line Items', 'Total Line Items', 'number', { detailOnly: true }),
    field('Total Yellow Bucket Line Items', 'Total Yellow Bucket Line Items', 'number', { detailOnly: true }),
    ...JOB_PICTURE_FIELDS.map((slot) => field(slot, slot, 'text', { detailOnly: true })),
    ...JOB_DOCUMENT_FIELDS.map((name) => field(name, name, 'text', { detailOnly: true })),
  ],
  columns: [
    column('__PKJobID', 'ID'),
    column('Company Name', 'Company Name'),
    column('Registration::State', 'State'),
    column('Job Name', 'Name'),
    column('Activity', 'Activity'),
    column('Date Transfer', 'Transferred'),
    column('Date Received', 'Received'),
    column('Date Destroyed', 'Destroyed'),
    column('Days Left', 'Days Left'),
    column('Date Job Initiated', 'Initiated'),
    column('Date Completed', 'Completed'),
    column('Facility Transported To', 'Facility'),
    column('Transporter', 'Transporter'),
    column('Destruction Witness 1 Full Name', 'Witness 1'),
    column('Destruction Witness 2 Full Name', 'Witness 2'),
    column('Date Created', 'Created'),
    column('Created By', 'By'),
  ],
  quickFind: ['__PKJobID', 'Job Name', 'Company Name', 'Registration::Registration Number'],
};

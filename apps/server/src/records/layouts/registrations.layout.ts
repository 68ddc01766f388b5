import { CATALOGUE, PORTAL_LIMITS, SCHEDULE_FLAGS } from '@3ds/domain';
import { ORDER_FORM_STATUS_SQL } from './order-forms.layout.ts';
import { containsOf, defineLayout, portalFields } from '../layout.ts';


export const registrationsLayout = defineLayout(CATALOGUE.registrations, {
  from: 'registrations r',
  idSql: 'r.id',
  modIdSql: 'r.mod_id',
  ...containsOf('registrations', 'r'),
  joins: { company: 'JOIN companies co ON co.id = r.company_id' },
  fileFields: ['Registration Picture'],
  fields: {
    Record_Number_PK_ID: 'r.id',
    'Registration Number': 'r.registration_number',
    'Company ID': 'r.company_id',
    'Company Name': ['co.name', 'company'],
    Activity: 'r.activity',
    'Expiration Date': 'r.expiration_date',
    'Status Mask': 'r.status_mask',
    'Federal/State License': 'r.license_type',
    'Federal or State License': 'r.license_number',
    'Federal Agency': 'r.federal_agency',
    'State Agency': 'r.state_agency',
    // The agency that issued the licence: the federal one for a Federal licence, else the state's.
    Agency: "CASE WHEN r.license_type = 'Federal' THEN r.federal_agency ELSE r.state_agency END",
    'Address 1': 'r.address1',
    'Address 2': 'r.address2',
    'Address 3': 'r.address3',
    City: 'r.city',
    State: 'r.state',
    Zip: 'r.zip',
    ...Object.fromEntries(SCHEDULE_FLAGS.map((s) => [`Schedule ${s}`, `r.schedule_${s.toLowerCase()}`])),
    'Registration Picture': "(SELECT f.id || '/' || f.original_name FROM files f WHERE f.id = r.picture_file_id)",
    'Date Created': 'r.created_at',
    'Date Modified': 'r.modified_at',
  },
  portals: [
    {
      name: 'Job',
      from: 'jobs j',
      parentKey: 'j.registration_id',
      idSql: 'j.id',
      modIdSql: 'j.mod_id',
      orderBy: 'j.date_initiated DESC NULLS LAST, j.id DESC',
      limit: PORTAL_LIMITS.job,
      fields: portalFields([
        ['Job::__PKJobID', 'number', 'j.id'],
        ['Job::Job Name', 'text', 'j.name'],
        ['Job::Date Job Initiated', 'date', 'j.date_initiated'],
        ['Job::Locked Job', 'yesno', 'j.locked'],
      ]),
    },
    {
      // The Forms 222 issued to the registration (the register's), newest first.
      name: 'Order Form',
      from: 'order_forms o',
      parentKey: 'o.registration_id',
      idSql: 'o.id',
      modIdSql: 'o.mod_id',
      orderBy: 'o.issued_on DESC, o.id DESC',
      limit: PORTAL_LIMITS.company,
      fields: portalFields([
        ['Order Form::Order Form ID', 'number', 'o.id'],
        ['Order Form::Form Number', 'text', 'o.form_number'],
        ['Order Form::Issue Date', 'date', 'o.issued_on'],
        ['Order Form::Status', 'text', ORDER_FORM_STATUS_SQL],
      ]),
    },
  ],
});

import { CATALOGUE, PORTAL_LIMITS } from '@3ds/domain';
import { containsTextOf, defineLayout, portalFields } from '../layout.ts';

/** The text columns a trigram index holds for "contains" (072_small_lists_contain.sql: the same columns, in this order). */
const COMPANY_CONTAINS = ['c.name', 'c.address1', 'c.address2', 'c.city', 'c.state', 'c.zip', 'c.main_phone', 'c.fax', 'c.report_type', 'c.created_by', 'c.modified_by'] as const;

export const companiesLayout = defineLayout(CATALOGUE.companies, {
  from: 'companies c',
  idSql: 'c.id',
  modIdSql: 'c.mod_id',
  containsText: containsTextOf(COMPANY_CONTAINS),
  containsFields: COMPANY_CONTAINS,
  fields: {
    Company_PK_ID: 'c.id',
    'Company Name': 'c.name',
    'Address 1': 'c.address1',
    'Address 2': 'c.address2',
    City: 'c.city',
    State: 'c.state',
    Zip: 'c.zip',
    'Contact Main Telephone': 'c.main_phone',
    'Contact Fax Telephone': 'c.fax',
    'Report Type': 'c.report_type',
    'Date Created': 'c.created_at',
    'Created By': 'c.created_by',
    'Date Modified': 'c.modified_at',
    'Modified By': 'c.modified_by',
  },
  portals: [
    {
      name: 'Contacts_Info',
      from: 'contacts ct',
      parentKey: 'ct.company_id',
      idSql: 'ct.id',
      modIdSql: 'ct.mod_id',
      orderBy: 'ct.last_name, ct.first_name, ct.id',
      limit: PORTAL_LIMITS.company,
      fields: portalFields([
        ['Contacts_Info::Contact Last Name', 'text', 'ct.last_name'],
        ['Contacts_Info::Contact First Name', 'text', 'ct.first_name'],
        ['Contacts_Info::Title', 'text', 'ct.title'],
        ['Contacts_Info::City', 'text', 'ct.city'],
        ['Contacts_Info::Direct Phone Mask', 'text', 'ct.direct_phone'],
        ['Contacts_Info::Extension', 'text', 'ct.extension'],
      ]),
    },
    {
      name: 'Registration',
      from: 'registrations r',
      parentKey: 'r.company_id',
      idSql: 'r.id',
      modIdSql: 'r.mod_id',
      orderBy: 'r.expiration_date DESC NULLS LAST, r.id',
      limit: PORTAL_LIMITS.company,
      fields: portalFields([
        ['Registration::Record_Number_PK_ID', 'number', 'r.id'],
        ['Registration::Activity', 'text', 'r.activity'],
        ['Registration::Registration Number', 'text', 'r.registration_number'],
        ['Registration::Expiration Date', 'date', 'r.expiration_date'],
        ['Registration::Federal Agency', 'text', 'r.federal_agency'],
        ['Registration::Federal/State License', 'text', 'r.license_type'],
        ['Registration::State', 'text', 'r.state'],
      ]),
    },
    {
      name: 'Labeler_Codes',
      from: 'labeler_codes lc',
      parentKey: 'lc.company_id',
      idSql: 'lc.id',
      modIdSql: 'lc.mod_id',
      orderBy: 'lc.labeler_code, lc.id',
      limit: PORTAL_LIMITS.company,
      fields: portalFields([
        ['Labeler_Codes::Labeler Code', 'text', 'lc.labeler_code'],
        ['Labeler_Codes::Organization', 'text', 'lc.organization'],
      ]),
    },
  ],
});

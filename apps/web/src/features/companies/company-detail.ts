import { DEA_AGENCY, parseUsDate, registrationExpiry, todayIso, type ExpiryState } from '@3ds/domain';
import { fieldText, type FieldData, type FieldValue } from '../../lib/records/record-shapes.ts';

/**
 * What the company detail shows (spec 1 §2 "Company detail"), read from the record's fields and
 * portals. Pure, for unit tests.
 */

/** The report types a company may have, in the order the spec lists them. */
export const REPORT_TYPES = ['41', 'Manifest', 'See Notes', 'COD', 'LDR'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * The report types ticked in the carriage-return separated 'Report Type' field. Any line ending
 * counts, spaces and case are forgiven, and lines that name no known type are ignored.
 */
export function reportTypesOf(value: FieldValue | undefined): ReportType[] {
  if (typeof value !== 'string') return [];
  const lines = new Set(
    value
      .split(/\r\n?|\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return REPORT_TYPES.filter((type) => lines.has(type.toLowerCase()));
}

/** The federal agency whose registrations a job can be created on. */
export { DEA_AGENCY };

export interface CompanyRegistration {
  /** The registration's record id: the link target and the new job's `_fkRegistration_Record_Number`. */
  id: string;
  number: string;
  licenseType: string;
  activity: string;
  /** MM/DD/YYYY as the API sends it; '' when unknown. */
  expiration: string;
  expiry: ExpiryState;
}

const text = fieldText;

/**
 * The company's registrations a job can be created on: not expired (an unknown date is not
 * "expired") and issued by the Drug Enforcement Administration — state licences and expired
 * registrations are left out. The server's order (latest expiry first) is kept.
 */
export function activeDeaRegistrations(rows: readonly FieldData[], today: string = todayIso()): CompanyRegistration[] {
  return rows.flatMap((row) => {
    if (text(row['Registration::Federal Agency']).toLowerCase() !== DEA_AGENCY.toLowerCase()) return [];
    const expiration = text(row['Registration::Expiration Date']);
    const expiry = registrationExpiry(parseUsDate(expiration), today);
    if (expiry === 'expired') return [];
    const id = text(row['Registration::Record_Number_PK_ID']) || text(row.recordId);
    if (!id) return [];
    return [
      {
        id,
        number: text(row['Registration::Registration Number']),
        licenseType: text(row['Registration::Federal/State License']),
        activity: text(row['Registration::Activity']),
        expiration,
        expiry,
      },
    ];
  });
}

export interface CompanyContact {
  id: string;
  name: string;
  title: string;
  city: string;
  phone: string;
}

/** The Contacts_Info portal as "First Last", title, city and phone with its extension. */
export function companyContacts(rows: readonly FieldData[]): CompanyContact[] {
  return rows.map((row, index) => {
    const phone = text(row['Contacts_Info::Direct Phone Mask']);
    const extension = text(row['Contacts_Info::Extension']);
    return {
      id: text(row.recordId) || String(index),
      name: [text(row['Contacts_Info::Contact First Name']), text(row['Contacts_Info::Contact Last Name'])].filter(Boolean).join(' '),
      title: text(row['Contacts_Info::Title']),
      city: text(row['Contacts_Info::City']),
      phone: phone && extension ? `${phone} ext. ${extension}` : phone || (extension ? `ext. ${extension}` : ''),
    };
  });
}

/** The Labeler_Codes portal's codes, without blanks or repeats. */
export function labelerCodes(rows: readonly FieldData[]): string[] {
  return [...new Set(rows.map((row) => text(row['Labeler_Codes::Labeler Code'])).filter(Boolean))];
}

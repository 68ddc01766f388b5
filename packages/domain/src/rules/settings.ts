/**
 * Our own registration (the reverse distributor's identity), printed on every DEA document: Form 41
 * section A, the Certificate of Destruction, the ARCOS reporting registrant; and the time zone whose
 * day is 3DS's "today" (the 30-day clock and the date checks). Keys are the API's field names; the
 * settings table's CHECK constraints (009_paperwork.sql, 031_one_clock.sql) hold the same limits.
 */
export const SETTINGS_FIELDS = {
  registrantName: 'Registrant Name',
  deaNumber: 'DEA Registration Number',
  addressLine1: 'Address Line 1',
  addressLine2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  telephone: 'Telephone',
  contactName: 'Contact Name',
  deaRegionalNumber: 'DEA Regional Number',
  arcosFrequency: 'ARCOS Reporting',
  timeZone: 'Time Zone',
} as const;

export type SettingsKey = keyof typeof SETTINGS_FIELDS;
export type SettingsFieldName = (typeof SETTINGS_FIELDS)[SettingsKey];

export const SETTINGS_MESSAGES = {
  state: 'State is the two-letter postal code, e.g. OH',
  zip: 'ZIP is five digits, or five and four as 12345-6789',
  telephone: 'Telephone has 7 to 40 characters: digits, spaces and + ( ) - . x',
  nothingToChange: 'Nothing to change: send at least one field of the settings',
  regionalNumber: 'DEA Regional Number is two letters (or a letter and 9) and seven digits, as DEA writes it',
  arcosFrequency: 'ARCOS Reporting is "monthly" or "quarterly"',
} as const;

/**
 * How often ARCOS reports are made (21 CFR 1304.33(b): quarterly, or monthly); it decides the periods
 * the Reports screen offers.
 */
export const ARCOS_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type ArcosFrequency = (typeof ARCOS_FREQUENCIES)[number];

/** The settings as the API answers them and the form edits them (empty: ""). */
export type SettingsValues = Record<SettingsKey, string>;

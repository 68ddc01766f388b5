import { z } from 'zod';
import { timeZoneProblem } from './dates.ts';
import { ownDeaNumberProblem } from './registration.ts';
import { printedTextProblem, trimLine } from './text.ts';

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

/** One line of text up to `max` characters, printed on DEA documents as it is stored; "" empties the field. */
const line = (label: string, max: number) =>
  z
    .string()
    .overwrite(trimLine)
    .superRefine((v, ctx) => {
      const problem = printedTextProblem(label, v, max);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/**
 * Each field alone; every one but the time zone may be sent empty ("" clears it: the documents then
 * show the gap), except that what is given must be well formed.
 */
export const settingsFieldSchemas = {
  registrantName: line('Registrant Name', 200),
  deaNumber: z
    .string()
    .overwrite(trimLine)
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = v === '' ? undefined : ownDeaNumberProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  addressLine1: line('Address Line 1', 200),
  addressLine2: line('Address Line 2', 200),
  city: line('City', 100),
  state: z
    .string()
    .overwrite(trimLine)
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), SETTINGS_MESSAGES.state),
  zip: z
    .string()
    .overwrite(trimLine)
    .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), SETTINGS_MESSAGES.zip),
  telephone: z
    .string()
    .overwrite(trimLine)
    .refine((v) => v === '' || /^[0-9 +().\-x]{7,40}$/.test(v), SETTINGS_MESSAGES.telephone),
  contactName: line('Contact Name', 200),
  // The DEA office's number has the shape of a registration number; DEA publishes no check-digit rule for it.
  deaRegionalNumber: z
    .string()
    .overwrite(trimLine)
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z][A-Z9][0-9]{7}$/.test(v), SETTINGS_MESSAGES.regionalNumber),
  arcosFrequency: z
    .string()
    .overwrite(trimLine)
    .toLowerCase()
    .refine((v) => (ARCOS_FREQUENCIES as readonly string[]).includes(v), SETTINGS_MESSAGES.arcosFrequency),
  // Never empty: the clock needs a day.
  timeZone: z
    .string()
    .overwrite(trimLine)
    .superRefine((v, ctx) => {
      const problem = timeZoneProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
} as const satisfies Record<SettingsKey, z.ZodType<string>>;

/**
 * How often ARCOS reports are made (21 CFR 1304.33(b): quarterly, or monthly); it decides the periods
 * the Reports screen offers.
 */
export const ARCOS_FREQUENCIES = ['monthly', 'quarterly'] as const;
export type ArcosFrequency = (typeof ARCOS_FREQUENCIES)[number];

/** The settings as the API answers them and the form edits them (empty: ""). */
export type SettingsValues = Record<SettingsKey, string>;

/**
 * Reads a change of settings (any of the fields, by API name): each value's problems, or the
 * changes with "" turned into null (the column's empty).
 */
export function readSettingsInput(fieldData: Partial<Record<SettingsFieldName, string>>): { changes: Partial<Record<SettingsKey, string | null>>; problems: string[] } {
  const changes: Partial<Record<SettingsKey, string | null>> = {};
  const problems: string[] = [];
  for (const [key, name] of Object.entries(SETTINGS_FIELDS) as [SettingsKey, SettingsFieldName][]) {
    const raw = fieldData[name];
    if (raw === undefined) continue;
    const result = settingsFieldSchemas[key].safeParse(raw);
    if (!result.success) problems.push(...result.error.issues.map((i) => i.message));
    else changes[key] = result.data === '' ? null : result.data;
  }
  return { changes, problems };
}

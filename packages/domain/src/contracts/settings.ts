import { z } from 'zod';
import { HOLIDAY_YEARS } from '../rules/business-days.ts';
import { timeZoneProblem } from '../rules/dates.ts';
import { ownDeaNumberProblem } from '../rules/registration.ts';
import { ARCOS_FREQUENCIES, SETTINGS_FIELDS, SETTINGS_MESSAGES, type SettingsFieldName, type SettingsKey } from '../rules/settings.ts';
import { printedTextProblem, trimLine } from '../rules/text.ts';

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

/** The settings record's fields, each by its API name, as text ("" when empty). */
const settingsFieldData = z.object(
  Object.fromEntries(Object.values(SETTINGS_FIELDS).map((name) => [name, z.string()])) as Record<SettingsFieldName, z.ZodString>,
);

/** `GET /settings` and `PATCH /settings`: the one settings record, its fields by API name. */
export const settingsAnswerSchema = z.object({
  data: z.array(z.object({ recordId: z.string(), modId: z.string(), fieldData: settingsFieldData })),
});
export type SettingsAnswer = z.infer<typeof settingsAnswerSchema>;

/** `GET /settings/holidays?year=2026`: the year whose calendar is read. */
export const holidaysQuerySchema = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/, 'year is four digits, e.g. 2026')
    .transform(Number)
    .refine((year) => year >= HOLIDAY_YEARS.min && year <= HOLIDAY_YEARS.max, `year is from ${HOLIDAY_YEARS.min} to ${HOLIDAY_YEARS.max}`),
});

/**
 * `PUT /settings/holidays`: the year's calendar becomes these holidays (dates MM/DD/YYYY). The body
 * only caps what is sent; the rules (rules/business-days.ts `readHolidays`) answer 422 with every problem.
 */
export const holidaysBodySchema = z.strictObject({
  year: z.number().int().min(HOLIDAY_YEARS.min).max(HOLIDAY_YEARS.max),
  holidays: z.array(z.strictObject({ date: z.string().max(100), name: z.string().max(1000) })).max(1000),
});
export type HolidaysBody = z.infer<typeof holidaysBodySchema>;

/** A year's holidays in date order, each day ISO `YYYY-MM-DD`. */
export const holidaysAnswerSchema = z.object({
  year: z.number(),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type HolidaysAnswer = z.infer<typeof holidaysAnswerSchema>;

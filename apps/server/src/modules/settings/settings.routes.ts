import { HOLIDAY_NAME_MAX, HOLIDAYS_PER_YEAR_MAX, holidaysAnswerSchema, holidaysBodySchema, holidaysQuerySchema, SETTINGS_FIELDS, settingsAnswerSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strictBody } from '../../records/body-schemas.ts';
import type { SettingsService } from './settings.service.ts';

const names = Object.values(SETTINGS_FIELDS);
const settingsBody = strictBody({
  // The rules are the service's (422 with every message); this only caps the body.
  fieldData: strictBody(Object.fromEntries(names.map((n) => [n, z.string().max(10_000).optional()]))),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Our registration',
        description: `Any signed-in user (the documents print it, and every screen counts days in its Time Zone). The one settings record: ${names.join(', ')}; empty fields are "".`,
        response: { 200: settingsAnswerSchema },
      },
    },
    async () => settings.read(),
  );

  app.patch(
    '/settings',
    {
      config: { action: 'settings.edit' },
      schema: {
        tags: ['settings'],
        summary: 'Change our registration',
        description:
          'Needs MANAGE_SETTINGS (403). Any of the fields; "" empties one (not `Time Zone`). 422 with every problem: a DEA Registration Number that is not two letters and seven digits, does not start with P or R (a reverse distributor\'s registrant types) or has a wrong check digit; a State that is not a two-letter code; a ZIP that is not 12345 or 12345-6789; text too long or holding an invisible or text-direction character; a `Time Zone` that is not an IANA name both the server and the database know (e.g. America/Chicago: 3DS\'s today, for Days Left and every date check, is the day there). With `modId`, settings changed since by someone else answer 409. Answers the record.',
        body: settingsBody,
        response: { 200: settingsAnswerSchema },
      },
    },
    async (request) =>
      settings.update(
        { fieldData: request.body.fieldData as Record<string, string>, modId: request.body.modId === undefined ? undefined : String(request.body.modId) },
        request.user,
        request.id,
      ),
  );

  app.get(
    '/settings/holidays',
    {
      schema: {
        tags: ['settings'],
        summary: "A year's holidays",
        description:
          'Any signed-in user. The holidays of the calendar kept in Settings for `year` (four digits), in date order, each day ISO `YYYY-MM-DD`: the days besides Saturdays and Sundays that are not business days, for the deadlines counted in business days (the notice of a theft or loss to DEA). 400 for a malformed year.',
        querystring: holidaysQuerySchema,
        response: { 200: holidaysAnswerSchema },
      },
    },
    async (request) => settings.holidays(request.query.year),
  );

  app.put(
    '/settings/holidays',
    {
      config: { action: 'settings.holidays' },
      schema: {
        tags: ['settings'],
        summary: "Replace a year's holidays",
        description: `Needs MANAGE_SETTINGS (403). The calendar of \`year\` becomes \`holidays\`, each a \`date\` (MM/DD/YYYY) and a \`name\`; none empties the year. 422 with every problem, each naming the holiday by its place in the list ("Holiday 3: …"): a date that is not a real one written MM/DD/YYYY, a day of another year, a day listed twice, an empty name or one over ${HOLIDAY_NAME_MAX} characters or holding an invisible or text-direction character, more than ${HOLIDAYS_PER_YEAR_MAX} holidays; nothing changes then. Sending the year's list as it is changes nothing. Answers the year's holidays as \`GET\` does.`,
        body: holidaysBodySchema,
        response: { 200: holidaysAnswerSchema },
      },
    },
    async (request) => settings.replaceHolidays(request.body, request.user, request.id),
  );
};

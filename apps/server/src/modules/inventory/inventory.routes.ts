import {
  accountabilityAnswerSchema,
  accountabilityQuerySchema,
  inventoriesAnswerSchema,
  inventoryDifferencesAnswerSchema,
  inventoryRequestSchema,
  onHandReportAnswerSchema,
} from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strictBody } from '../../records/body-schemas.ts';
import type { InventoryService } from './inventory.service.ts';

const digits = (label: string, max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`), `${label} must be a whole number`);

export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (app, { inventory }) => {
  app.get(
    '/reports/on-hand',
    {
      schema: {
        tags: ['reports'],
        summary: 'The line items on hand',
        description:
          "Every line item received (its job's Date Received) and not yet destroyed (no Date Destroyed), in schedule, drug code and NDC order, with its quantities and Days Left. `quickFind`: every word must begin a word of the NDC, description, drug code, lot, job name, container name, registration number or company; `schedule` (1, 2N, …) and `drugCode` (4 digits) narrow it; `offset` (1-based) and `limit` (at most 1,000) page it. `summary` sums the whole found set by schedule and drug code (line items, grams of base). 400 for a malformed parameter.",
        querystring: z
          .object({
            quickFind: z.string().max(1000).optional(),
            schedule: z.string().regex(/^[0-9A-Za-z]{1,2}$/, 'schedule is 1, 1N, 2 … 5N, LC or NC').optional(),
            drugCode: z.string().regex(/^\d{4}$/, 'drugCode is the 4-digit DEA controlled substance code').optional(),
            offset: digits('offset', 9).optional(),
            limit: digits('limit', 4).optional(),
          })
          .strict(),
        response: { 200: onHandReportAnswerSchema },
      },
    },
    async (request) =>
      inventory.list({
        quickFind: request.query.quickFind,
        schedule: request.query.schedule,
        drugCode: request.query.drugCode,
        offset: request.query.offset === undefined ? undefined : Number(request.query.offset),
        limit: request.query.limit === undefined ? undefined : Number(request.query.limit),
      }),
  );

  app.post(
    '/reports/inventory',
    {
      config: { action: 'inventory.take' },
      schema: {
        tags: ['reports'],
        summary: 'Take an inventory of the controlled substances on hand (21 CFR 1304.11)',
        description:
          'Needs MANAGE_SETTINGS (403). `asOf` is `MM/DD/YYYY HH:MM` (24-hour): before noon the inventory is taken as of the opening of business (that day\'s receipts and destructions not yet counted), from noon as of its close. Every controlled substance on hand then (schedules 1–5N; NC and List I chemicals are not), grouped by NDC, lot and package size (bulk by DEA code and batch), sealed containers and the units of opened ones with how each is counted (Schedule I/II exactly, III–V estimated unless over 1,000 tablets or capsules), totals by schedule, and a signature line. Kept as a PDF and an xlsx (never removed), audited. 422 for a malformed or future `asOf`; 409 when our registration is not in Settings. Answers the kept inventory with both links (15 minutes).',
        body: strictBody(inventoryRequestSchema.shape),
        response: { 200: inventoriesAnswerSchema },
      },
    },
    async (request) => inventory.take(request.body, request.user, request.id),
  );

  app.get(
    '/reports/inventory',
    {
      schema: {
        tags: ['reports'],
        summary: 'The inventories kept',
        description: 'Every inventory taken, newest first, with who took it, when, as of when, and links (15 minutes) to its PDF and xlsx.',
        response: { 200: inventoriesAnswerSchema },
      },
    },
    async (request) => inventory.inventories(request.user),
  );

  app.get(
    '/reports/inventory/:id/differences',
    {
      schema: {
        tags: ['reports'],
        summary: 'What changed in the records since an inventory counted them',
        description:
          "Compares the line items the inventory counted (kept with it) with those on hand at its moment as the records give them now: `notCounted` (on hand then by the records, not counted: a late entry, a corrected date), `noLongerOnHand` (counted, not on hand then any more: deleted, or its dates corrected) and `changed` (each field counted and now). `differences` is how many line items differ: 0 when the inventory still says what the records say. `known: false` for an inventory taken before its counted lines were kept. 404 for an unknown inventory.",
        params: z.object({ id: z.string().regex(/^\d{1,9}$/, 'must be an inventory id (digits)') }),
        response: { 200: inventoryDifferencesAnswerSchema },
      },
    },
    async (request) => inventory.differences(Number(request.params.id)),
  );

  app.get(
    '/reports/accountability',
    {
      schema: {
        tags: ['reports'],
        summary: 'Accountability of a drug code over a period',
        description:
          "Opening on hand (at the close of the day before `from`) + received − destroyed = closing on hand (at the close of `to`), for the line items of DEA drug code `drugCode`, by their jobs' Date Received and Date Destroyed; each figure lists its line items (and their grams of base); `byNdc` gives the same four figures for each NDC in packages and in units (dosage units with D and K counted out, mL, or grams), with whether they balance and how many items carry no quantity. `unplaced` lists what the records cannot place, with why: received more than 30 days before the end of the period and not destroyed, destroyed without a receipt on record, destroyed before it was received. `from` and `to` are MM/DD/YYYY, both included; 400 when one is malformed or From is after To.",
        querystring: accountabilityQuerySchema.strict(),
        response: { 200: accountabilityAnswerSchema },
      },
    },
    async (request) => inventory.accountability(request.query),
  );
};

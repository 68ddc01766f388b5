import { createdRecordSchema, deletedLineItemAnswerSchema, entitiesOf, LINE_ITEM_FIELD_DATA_KEYS, lineItemEntryShape, ndcLookupAnswerSchema, ndcResolveAnswerSchema, recordKind, recordIdSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { fieldDataOf, strictBody } from '../../records/body-schemas.ts';
import { entryFromFieldData, lineItemEntrySchema } from './line-item-entry.ts';
import type { LineItemsService } from './line-items.service.ts';

// Ids are int4 in the database: a larger number would fail there, not here.
const idNumber = z.union([z.number().int().positive().max(2_147_483_647, 'must be a record id'), recordIdSchema]);
const modIdSchema = z.union([z.string().max(20), z.number()]).optional();
/** A number as the client saw it: a JSON number or a plain decimal (blank for none). */
const seenNumber = z.union([z.number(), z.string().regex(/^(-?\d+(\.\d+)?|\s*)$/, 'must be a number written with digits and at most one decimal point')]);
const initialSchema = strictBody({ ndc: z.string().max(40).optional(), packSize: seenNumber.nullable().optional(), packSizeUoM: z.string().max(20).nullable().optional() }).optional();

/** Both kinds of line item (record-kinds.ts) have the same routes under their own segments; the label's path is spec 2's. */
const LABEL_PATHS: Record<RecordKind, string> = { standard: '/label/:id', yellow_bucket: '/label/yb/:id' };
const KINDS = entitiesOf('line-item').map((entity) => {
  const { kind, singular } = recordKind(entity);
  return { kind: kind as RecordKind, singular, plural: entity, label: LABEL_PATHS[kind as RecordKind] };
});

const COMPUTED =
  'The server computes the reporting quantity and unit and the grams of base drug on every save (docs/dea-paperwork.md "Computations": complete NDC = packQty × packSize × fill, in dozens or thousands for D or K; grams = packQty × fill × base weight per package; bulk dosage forms and solutions = units × base weight per unit; raw bulk = amount × grams per unit × purity) and keeps a snapshot of the NDC (description, schedule, strength, form).';

export const lineItemsRoutes: FastifyPluginAsyncZod<{ lineItems: LineItemsService }> = async (app, { lineItems }) => {
  app.get(
    '/ndc/lookup/:ndc',
    {
      schema: {
        tags: ['line items'],
        summary: 'What the line item form needs to know about an NDC',
        description: 'hasFactor, packQtyUoms, showStageUnitConverter (raw bulk), showUnitConverter (bulk), stages, uoms (unit converter), packSizeLookup, packSizeUoMLookup and schedule, and (ours) the product the form shows: tradeName, strength, form and packageDescription, from the dictionary entry the user may see (404 otherwise).',
        params: z.object({ ndc: z.string().min(1).max(40) }),
        response: { 200: ndcLookupAnswerSchema },
      },
    },
    async (request) => lineItems.lookup(request.params.ndc, request.user),
  );

  app.get(
    '/ndc/resolve',
    {
      schema: {
        tags: ['line items'],
        summary: 'What a scanned or typed code stands for',
        description:
          'Reads `code` as an NDC (NDC-10 in 4-4-2, 5-3-2 or 5-4-1, NDC-11, ten bare digits), a UPC-A, a GTIN-14, a GS1 element string (DataMatrix or GS1-128: AIs 01, 17, 10, 21, with or without ]d2/]C1/]Q3, FNC1 as the group separator or the (01)… form) or a 3DS label (`3DS-LI-{id}`). Answers the dictionary entries the user may see that match the NDCs the code can be (`ambiguous` when several), with `lot`, `expirationDate` (MM/DD/YYYY) and `serial` when the code held them; or `{ kind: "label", lineItemId }`. 422 with the reason when it is not an NDC; 404 with the digits read when the dictionary has no matching NDC. Removed-from-ARCOS entries are flagged (`removedFromArcos`). With one entry, `lookup` is what `GET /ndc/lookup/{ndc}` answers for it.',
        querystring: strictBody({ code: z.string().min(1).max(500) }),
        response: { 200: ndcResolveAnswerSchema },
      },
    },
    async (request) => lineItems.resolve(request.query.code, request.user),
  );

  for (const { kind, singular, plural, label } of KINDS) {
    const tags = ['line items'];
    app.post(
      `/${singular}/new`,
      {
        config: { action: 'line-item.create' },
        schema: {
          tags,
          summary: `Create a ${singular}`,
          description: `Needs CREATE_LINE_ITEM (403), an unlocked container and job (409) and a registration that has not expired and supports the NDC's schedule (422). The new-line-item rules of spec 2 §5, and Pack Quantity of a complete NDC in a standard container ("Pack Quantity is required"), answer 422 with their texts in \`details\`; so does a Pack Size of a complete NDC that is not its dictionary package without a \`packSizeReason\` (one line, at most 200 characters). ${COMPUTED}`,
          body: lineItemEntrySchema.extend({ containerId: idNumber, user: z.unknown().optional(), initial: z.unknown().optional() }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) => {
        const { containerId, user: _u, initial: _i, ...entry } = request.body;
        return lineItems.create(kind, Number(containerId), entry, request.user, request.id);
      },
    );
    app.post(
      `/${singular}`,
      {
        config: { action: 'line-item.create' },
        schema: {
          tags,
          summary: `Create a ${singular} from fieldData`,
          body: strictBody({
            fieldData: fieldDataOf(Object.keys(LINE_ITEM_FIELD_DATA_KEYS), { id_container: idNumber.optional(), 'Container ID': idNumber.optional() }).refine(
              (d) => d.id_container !== undefined || d['Container ID'] !== undefined,
              { message: 'needs id_container or Container ID (the container to add to)' },
            ),
          }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) => {
        const data = request.body.fieldData as Record<string, unknown>;
        const containerId = Number(data.id_container ?? data['Container ID']);
        return lineItems.create(kind, containerId, entryFromFieldData(data), request.user, request.id);
      },
    );
    app.patch(
      `/${singular}/edit/:id`,
      {
        config: { action: 'line-item.change-ndc' },
        schema: {
          tags,
          summary: `Change the NDC of a ${singular}`,
          description:
            `Needs CREATE_LINE_ITEM (403) and an unlocked item, container and job (409). \`initial\` holds the NDC, pack size and UoM the user saw: when the stored values differ, 409 "changed by someone else" and nothing changes. A bulk NDC is checked by the five bulk rules (422). Without \`packSize\` and \`packSizeUoM\`, an item that held its old NDC's package takes the new one's; a pack size that is not the new NDC's package needs a reason (\`packSizeReason\`, or the one the item holds), else 422. The snapshot and quantities are recomputed.`,
          params: z.object({ id: recordIdSchema }),
          body: strictBody({
            id: idNumber.optional(),
            ndc: z.string().min(1).max(40),
            packSize: z.union([z.string().max(40), z.number()]).nullable().optional(),
            packSizeUoM: z.string().max(20).nullable().optional(),
            packSizeReason: lineItemEntryShape.packSizeReason,
            containerId: idNumber.optional(),
            user: z.unknown().optional(),
            initial: initialSchema,
          }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) =>
        lineItems.changeNdc(
          kind,
          Number(request.params.id),
          { ndc: request.body.ndc, packSize: request.body.packSize, packSizeUoM: request.body.packSizeUoM, packSizeReason: request.body.packSizeReason, initial: request.body.initial },
          request.user,
          request.id,
        ),
    );
    for (const path of [`/${singular}/update-line-item/:id`, `/${plural}/update-line-item/:id`, `/${singular}/:id`, `/${plural}/:id`]) {
      app.patch(
        path,
        {
          config: { action: 'line-item.edit' },
          schema: {
            tags,
            summary: `Edit a ${singular}`,
            description: `fieldData with FileMaker names (Source, Lot Number, Pack Quantity, Pack Size, Pack Size UoM, Percent Fill, …). Needs CREATE_LINE_ITEM (403), unlocked (409); the line item edit rules of spec 2 §5 answer 422, and so does a Pack Size, UoM or NDC changed to other than the NDC's dictionary package when the item holds no Pack Size Reason. With \`modId\`, a record changed since answers 409. ${COMPUTED}`,
            params: z.object({ id: recordIdSchema }),
            body: strictBody({
              fieldData: fieldDataOf(Object.keys(LINE_ITEM_FIELD_DATA_KEYS)),
              modId: modIdSchema,
              needsStageConversion: z.unknown().optional(),
              needsUnitConversion: z.unknown().optional(),
              isYellowBucket: z.unknown().optional(),
            }),
            response: { 200: createdRecordSchema },
          },
        },
        async (request) =>
          lineItems.update(
            kind,
            Number(request.params.id),
            entryFromFieldData(request.body.fieldData),
            request.body.modId === undefined ? undefined : String(request.body.modId),
            request.user,
            request.id,
          ),
      );
    }
    for (const action of ['lock', 'unlock'] as const) {
      app.patch(
        `/${singular}/${action}/:id`,
        {
          config: { action: action === 'lock' ? 'line-item.lock' : 'line-item.unlock' },
          schema: {
            tags,
            summary: `${action === 'lock' ? 'Lock' : 'Unlock'} a ${singular}`,
            description: `Needs ${action === 'lock' ? 'LOCK_LINE_ITEM' : 'UNLOCK_LINE_ITEM'} (403); refused (409) under a locked container or job, or when already ${action}ed${action === 'lock' ? ', and (409 `INCOMPLETE`, with the item in `incomplete`) while it lacks what DEA Form 41 and ARCOS need' : ''}. Answers the record.`,
            params: z.object({ id: recordIdSchema }),
          },
        },
        async (request) => lineItems.setLocked(kind, Number(request.params.id), action === 'lock', request.user, request.id),
      );
    }
    app.post(
      `/${singular}/move/:id`,
      {
        config: { action: 'line-item.move' },
        schema: {
          tags,
          summary: `Move a ${singular} to another container of its job`,
          description: 'Needs MOVE_LINE_ITEM (403); the item, its container and job must be unlocked (409); the target must be another unlocked container of the same job and kind (422). Answers the moved record in data[0].',
          params: z.object({ id: recordIdSchema }),
          body: strictBody({ container: idNumber }),
        },
      },
      async (request) => lineItems.move(kind, Number(request.params.id), Number(request.body.container), request.user, request.id),
    );
    for (const path of [`/${singular}/:id`, `/${plural}/:id`]) {
      app.delete(
        path,
        {
          config: { action: 'line-item.delete' },
          schema: {
            tags,
            summary: `Delete a ${singular}`,
            description: 'Needs DELETE_LINE_ITEM (403); refused (409) when the item, its container or job is locked. The audit row keeps the deleted item.',
            params: z.object({ id: recordIdSchema }),
            response: { 200: deletedLineItemAnswerSchema },
          },
        },
        async (request) => lineItems.delete(kind, Number(request.params.id), request.user, request.id),
      );
    }
    app.get(
      label,
      {
        schema: {
          tags,
          summary: `The label of a ${singular} (label.pdf)`,
          description: 'A 4 × 2 inch label with the id as a Code 128 barcode and in text, NDC, description, schedule, quantity, container, job, company, registration and date. Answers a signed link in data[0].fieldData.GlobalContainer.',
          params: z.object({ id: recordIdSchema }),
        },
      },
      async (request) => lineItems.label(kind, Number(request.params.id), request.user),
    );
  }
};

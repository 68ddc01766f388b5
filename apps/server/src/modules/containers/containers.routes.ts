import { createdRecordSchema, deletedContainerAnswerSchema, entitiesOf, recordKind, recordIdSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { fieldDataOf, strictBody } from '../../records/body-schemas.ts';
import type { ContainersService } from './containers.service.ts';

// Ids are int4 in the database: a larger number would fail there, not here.
const idNumber = z.union([z.number().int().positive().max(2_147_483_647, 'must be a record id'), recordIdSchema]);
const fieldValue = z.union([z.string().max(10_000), z.number()]).nullable().optional();
const containerFields = {
  containerName: fieldValue,
  pallet: fieldValue,
  containerType: fieldValue,
  packageWeight: fieldValue,
  netWeight: fieldValue,
  grossUoM: fieldValue,
};

/** FileMaker field names of the generic create (`POST /container` with fieldData). */
const FIELD_DATA_NAMES = {
  'Container Name': 'containerName',
  Pallet: 'pallet',
  'Container Type': 'containerType',
  'Package Weight': 'packageWeight',
  'Net Weight': 'netWeight',
  'Gross UoM': 'grossUoM',
} as const;

/** Both kinds of container (record-kinds.ts) have the same routes under their own segments. */
const KINDS = entitiesOf('container').map((entity) => {
  const { kind, singular } = recordKind(entity);
  return { kind: kind as RecordKind, singular, plural: entity };
});

const strip = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export const containersRoutes: FastifyPluginAsyncZod<{ containers: ContainersService }> = async (app, { containers }) => {
  for (const { kind, singular, plural } of KINDS) {
    const tags = ['containers'];
    app.post(
      `/${singular}/new`,
      {
        config: { action: 'container.create' },
        schema: {
          tags,
          summary: `Create a ${singular}`,
          description: 'Needs CREATE_CONTAINER (403) and an unlocked job (409). Weights are numbers ≥ 0; gross weight is computed (net + package). 422 with the messages for invalid values.',
          body: strictBody({ jobId: idNumber, ...containerFields }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) => {
        const { jobId, ...fields } = request.body;
        return containers.create(kind, Number(jobId), strip(fields), request.user, request.id);
      },
    );
    app.post(
      `/${singular}`,
      {
        config: { action: 'container.create' },
        schema: {
          tags,
          summary: `Create a ${singular} from fieldData`,
          body: strictBody({ fieldData: fieldDataOf(Object.keys(FIELD_DATA_NAMES), { 'Job ID': idNumber }) }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) => {
        const data = request.body.fieldData as Record<string, unknown>;
        const fields = Object.fromEntries(
          Object.entries(FIELD_DATA_NAMES).filter(([name]) => data[name] !== undefined).map(([name, key]) => [key, typeof data[name] === 'boolean' ? String(data[name]) : data[name]]),
        );
        return containers.create(kind, Number(data['Job ID']), fields, request.user, request.id);
      },
    );
    app.patch(
      `/${singular}/edit/:id`,
      {
        config: { action: kind === 'standard' ? 'container.edit' : 'yb-container.edit' },
        schema: {
          tags,
          summary: `Edit a ${singular} (only the changed fields)`,
          description: `Needs ${kind === 'standard' ? 'CREATE_CONTAINER' : 'CREATE_LINE_ITEM (spec 2 §6)'} (403) and an unlocked container and job (409). No change: 422 "Invalid Form". With \`modId\`, a record changed since answers 409.`,
          params: z.object({ id: recordIdSchema }),
          body: strictBody({ id: idNumber.optional(), modId: z.union([z.string().max(20), z.number()]).optional(), ...containerFields }),
          response: { 200: createdRecordSchema },
        },
      },
      async (request) => {
        const { id: _id, modId, ...fields } = request.body;
        return containers.edit(kind, Number(request.params.id), strip(fields), modId === undefined ? undefined : String(modId), request.user, request.id);
      },
    );
    for (const action of ['lock', 'unlock'] as const) {
      app.patch(
        `/${singular}/${action}/:id`,
        {
          config: { action: action === 'lock' ? 'container.lock' : 'container.unlock' },
          schema: {
            tags,
            summary: `${action === 'lock' ? 'Lock' : 'Unlock'} a ${singular} and its line items`,
            description: `Needs ${action === 'lock' ? 'LOCK_CONTAINER' : 'UNLOCK_CONTAINER'} (403); refused (409) under a locked job or when the container is already ${action}ed${action === 'lock' ? ', and (409 `INCOMPLETE`, each listed in `incomplete`) while any of its line items lacks what DEA Form 41 and ARCOS need' : ''}. The container and its line items change together, except that a line item locked on its own (LOCK_LINE_ITEM) stays locked when the container is unlocked. Answers the record.`,
            params: z.object({ id: recordIdSchema }),
          },
        },
        async (request) => containers.setLocked(kind, Number(request.params.id), action === 'lock', request.user, request.id),
      );
    }
    app.put(
      `/${singular}/move`,
      {
        config: { action: 'container.move' },
        schema: {
          tags,
          summary: `Move a ${singular} to another job`,
          description:
            'Needs MOVE_CONTAINER (403); the container and its job must be unlocked and it may hold no line item locked on its own (409). The target job must be unlocked, of the same registration number, with a registration that has not expired (422). Its line items move with it. Answers the record in data[0].',
          body: strictBody({ jobId: idNumber, containerId: idNumber }),
        },
      },
      async (request) => {
        const record = await containers.move(kind, Number(request.body.containerId), Number(request.body.jobId), request.user, request.id);
        return { recordId: record.data[0].recordId, ...record };
      },
    );
    for (const path of [`/${singular}/:id`, `/${plural}/:id`]) {
      app.delete(
        path,
        {
          config: { action: 'container.delete' },
          schema: {
            tags,
            summary: `Delete a ${singular} with its line items`,
            description: 'Needs DELETE_CONTAINER (403); refused (409) when the container or its job is locked, or when it holds a line item locked on its own. The audit row keeps the deleted container and line items.',
            params: z.object({ id: recordIdSchema }),
            response: { 200: deletedContainerAnswerSchema },
          },
        },
        async (request) => containers.delete(kind, Number(request.params.id), request.user, request.id),
      );
    }
  }
};

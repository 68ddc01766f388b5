import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATALOGUE, createdRecordSchema, DESTRUCTION_RECORD_FIELDS, moveToYellowBucketAnswerSchema, recordIdSchema } from '@3ds/domain';
import { fieldDataOf, strictBody } from '../../records/body-schemas.ts';
import type { JobsService } from './jobs.service.ts';

// Ids are int4 in the database: a larger number would fail there, not here.
const idNumber = z.union([z.number().int().positive().max(2_147_483_647, 'must be a record id'), recordIdSchema]);
const messagesSchema = z.object({ messages: z.array(z.object({ code: z.string(), message: z.string() })) });

const createJobBody = strictBody({
  fieldData: strictBody({
    _fkRegistration_Record_Number: idNumber,
    // The length rule is the service's (422 with the spec's message); this only caps the body.
    'Job Name': z.string().max(10_000),
  }),
});
const renameBody = strictBody({
  fieldData: strictBody({ 'Job Name': z.string().max(10_000) }),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});

const destructionRecordBody = strictBody({
  // The rules (dates, lengths, order) are the service's: 422 with every message; this only caps the body.
  fieldData: strictBody(Object.fromEntries(Object.values(DESTRUCTION_RECORD_FIELDS).map((name) => [name, z.string().max(10_000).optional()]))),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});

export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.post(
    '/job',
    {
      config: { action: 'job.create' },
      schema: {
        tags: ['jobs'],
        summary: 'Create a job on a registration',
        description:
          "Needs CREATE_JOB (403). 422 for an empty or over-long name (more than 200 characters) or an expired registration; 404 for an unknown registration. The job takes the registration's activity and today as its initiation date. Answers the new record id.",
        body: createJobBody,
        response: { 200: createdRecordSchema },
      },
    },
    async (request) =>
      jobs.create(
        { registrationId: Number(request.body.fieldData._fkRegistration_Record_Number), name: request.body.fieldData['Job Name'] },
        request.user,
        request.id,
      ),
  );

  app.patch(
    '/job/:id',
    {
      config: { action: 'job.rename' },
      schema: {
        tags: ['jobs'],
        summary: 'Rename a job',
        description: 'Needs CREATE_JOB (403) and an unlocked job (409). 422 for an empty or over-long name. With `modId`, a job changed since by someone else answers 409 and is left as it is.',
        params: z.object({ id: recordIdSchema }),
        body: renameBody,
        response: { 200: createdRecordSchema },
      },
    },
    async (request) =>
      jobs.rename(
        Number(request.params.id),
        { name: request.body.fieldData['Job Name'], modId: request.body.modId === undefined ? undefined : String(request.body.modId) },
        request.user,
        request.id,
      ),
  );

  app.patch(
    '/job/:id/destruction-record',
    {
      config: { action: 'job.edit-destruction-record' },
      schema: {
        tags: ['jobs'],
        summary: "Edit a job's destruction record",
        description:
          'Any of `Date Transfer`, `Date Received`, `Date Destroyed` (MM/DD/YYYY), `Disposal Method` (a choice of the Disposal Method value list), `Destruction Facility`, `Destruction Facility Address`, `Late Destruction Reason`; `""` empties a field. The witnesses are not typed: each confirms for themselves (`POST /job/{id}/witnesses/{role}`), and a witness field is refused (422). Needs CREATE_JOB (403) and an unlocked job (409). 422 with every problem: a date not MM/DD/YYYY or in the future (today is the day in the Settings\' Time Zone), received before transferred, destroyed before received or without a received date, destroyed more than 30 days after receipt without a `Late Destruction Reason` (21 CFR 1317.15(c)) or a reason for a destruction that was not late, text too long or holding a line break, a control character or an invisible or text-direction character (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069 and the other Unicode format characters). With `modId`, a job changed since by someone else answers 409 and is left as it is. Answers the record id and its new modId.',
        params: z.object({ id: recordIdSchema }),
        body: destructionRecordBody,
        response: { 200: createdRecordSchema },
      },
    },
    async (request) =>
      jobs.editDestructionRecord(
        Number(request.params.id),
        { fieldData: request.body.fieldData as Record<string, string>, modId: request.body.modId === undefined ? undefined : String(request.body.modId) },
        request.user,
        request.id,
      ),
  );

  for (const action of ['lock', 'unlock'] as const) {
    app.patch(
      `/job/${action}/:id`,
      {
        config: { action: action === 'lock' ? 'job.lock' : 'job.unlock' },
        schema: {
          tags: ['jobs'],
          summary: `${action === 'lock' ? 'Lock' : 'Unlock'} a job`,
          description: `Needs ${action === 'lock' ? 'LOCK_JOB' : 'UNLOCK_JOB'} (403). 409 when the job is already ${action}ed.${action === 'lock' ? ' 409 `INCOMPLETE` when any of its line items lacks what DEA Form 41 and ARCOS need (pack quantity and size, a bulk item\'s weight, a Schedule I/II item\'s Form 222 number, a quantity ARCOS can write): `incomplete` lists each (record id, container, NDC, lot, what it lacks) and nothing is locked.' : ''} A locked job locks its containers and line items for editing.${action === 'unlock' ? ' The body\'s `reason` says why (one line, at most 500 characters; 422 without it): it is kept in the job\'s history with who unlocked it and when. A job that is final (destroyed, its Form 41 generated, or reported to ARCOS) stays final when unlocked.' : ''} Answers the job record.`,
          params: z.object({ id: recordIdSchema }),
          ...(action === 'unlock' ? { body: strictBody({ reason: z.string().max(2000).optional() }).nullish() } : {}),
        },
      },
      async (request) =>
        jobs.setLocked(Number(request.params.id), action === 'lock', request.user, request.id, { reason: (request.body as { reason?: string } | undefined)?.reason }),
    );
  }

  app.post(
    '/sendJobReadyNotification',
    {
      config: { action: 'job.notify-ready' },
      schema: {
        tags: ['jobs'],
        summary: 'Send the Job Ready e-mail',
        description:
          'Body: the job\'s fieldData (its `__PKJobID` is used). Needs CREATE_JOB (403). Sends an e-mail to NOTIFY_TO (SMTP, or the file outbox without SMTP) and records it in notifications. One job\'s notification goes out at most once a minute, and one user\'s at most 20 an hour (429 saying when the next can go, with Retry-After). 502 "Notification Could Not Be Sent" when delivery fails.',
        // The spec's client sends the job's whole fieldData: any field of the job layout, as it was answered.
        body: strictBody({ fieldData: fieldDataOf(CATALOGUE.jobs.fields.map((f) => f.name), { __PKJobID: idNumber }) }),
        response: { 200: messagesSchema },
      },
    },
    async (request) => jobs.sendJobReady(Number(request.body.fieldData.__PKJobID), request.user, request.id),
  );

  app.post(
    '/job/move-container-to-yb/:jobId',
    {
      config: { action: 'job.move-container-to-yb' },
      schema: {
        tags: ['jobs'],
        summary: 'Move a standard container into a Yellow Bucket',
        description:
          'Creates a Yellow Bucket container in the job with the container\'s data, moves its line items into it as Yellow Bucket line items and deletes the original, in one transaction. Needs MOVE_CONTAINER (403); 409 when the job or the container is locked, or when the container holds a line item locked on its own. Answers `scriptResult` `{"succeeded":true,"containerId":…}` and the job\'s refreshed portals in `data[0].portalData`.',
        params: z.object({ jobId: recordIdSchema }),
        body: strictBody({ containerId: idNumber }),
        response: { 200: moveToYellowBucketAnswerSchema },
      },
    },
    async (request) => jobs.moveContainerToYellowBucket(Number(request.params.jobId), Number(request.body.containerId), request.user, request.id),
  );

  app.post(
    '/job/:id/upload',
    {
      config: { action: 'job.upload-file' },
      schema: {
        tags: ['jobs'],
        summary: 'Add a picture or attach a document',
        description:
          '`field` is a picture slot (R1–R9, P1–P12, T1–T12, D1–D21, DP1–DP7: images up to 2 MB, empty slots only, not on a job that shows its sister job\'s pictures) or a document (`CWF Files`, `Shipping Files`, `Supporting Files`, `Digital 222 Files`: PDF or image up to 10 MB, replacing the previous one, which stays on file). `41 Insert` and `Certificate of Destruction` hold the documents 3DS generates and take no upload (422). Types are read from the bytes. Needs CREATE_JOB and an unlocked job. Answers the job record.',
        params: z.object({ id: recordIdSchema }),
        querystring: z.object({ field: z.string().min(1).max(40) }),
      },
    },
    async (request) => jobs.uploadFile(Number(request.params.id), request.query.field, request, request.user),
  );
};

import { CATALOGUE, ENTITIES, fileLinkAnswerSchema, type EntityName } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRequestSchema, type ExportService } from '../../records/export-request.ts';
import type { RecordsService } from '../../records/records.service.ts';
import { aliasesNote } from '../../records/records.routes.ts';

const EXPORT_DESCRIPTION = `Exports the whole found set (not the page) of the on-screen find and sort to \`export.xlsx\`
(streamed) or \`export.pdf\` (at most 25,000 rows). Jobs, containers and Yellow Bucket containers export the line items
they hold: a job's standard (\`recordType: "cn"\`) or Yellow Bucket (\`"yb"\`) line items. Answers a signed download link
valid for 15 minutes in \`data[0].fieldData.Container\`.`;

/** `POST /{entity}/export` for every list entity (`ENTITIES`, record-kinds.ts): the list's found set, written to a file. */
export const exportsRoutes: FastifyPluginAsyncZod<{ records: RecordsService; exports: ExportService }> = async (app, { records, exports }) => {
  for (const entity of ENTITIES as readonly EntityName[]) {
    const { title } = CATALOGUE[entity];
    const aliases = aliasesNote(records.layout(entity).aliases);
    app.post(
      `/${entity}/export`,
      {
        config: { action: 'records.export' },
        schema: {
          tags: ['records'],
          summary: `Export ${title} to xlsx or pdf`,
          description: EXPORT_DESCRIPTION + aliases,
          body: exportRequestSchema,
          response: { 200: fileLinkAnswerSchema },
        },
      },
      async (request) => exports.export(entity, request.body, request.user, request.id),
    );
  }
};

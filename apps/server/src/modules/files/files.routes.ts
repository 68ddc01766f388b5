import { ERROR_CODES } from '@3ds/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { StoredFile } from '../../db/tables/files.table.ts';
import { AppError, forbidden, notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { verifyFileLink } from '../../files/signed-link.ts';
import { openFile, statFile } from '../../files/stored-files.ts';

export interface FilesRoutesOptions {
  db: Kysely<Database>;
  store: FileStore;
  linkSecret: string;
  now: () => Date;
  /** Whether the session a link was made for still lives. */
  isSessionLive: (sessionId: string) => Promise<boolean>;
}

const LINK_EXPIRED = 'This download link has expired. Export again.';
const LINK_INVALID = 'This download link is not valid.';
const LINK_SESSION_ENDED = 'This download link ended with the session it was made in (signed out, or the account was changed). Sign in and make the file again.';
const FILE_MISSING = 'The file no longer exists.';

const paramsSchema = z.object({ id: z.guid(), name: z.string().min(1).max(255) });
// Both optional so that a link missing them is refused as a bad link (403), not as a bad request.
const querySchema = z.object({ exp: z.string().max(20).optional(), sid: z.string().max(100).optional(), sig: z.string().max(100).optional() });

const description =
  'Signed, expiring download link (no bearer token): made by the API that hands out the link (exports, reports, documents, labels, pictures), valid for 15 minutes unless that API says otherwise. ' +
  'A link made for a session (`sid`: every link 3DS hands out — downloads, documents, and the pictures and documents in record answers, signed for the session that read the record) works only while that session lives: after a sign-out, a revocation or a disabled user it answers 403 (title "Link Expired"), on every server. ' +
  '403 `FORBIDDEN` for a link that was not signed by this server, and also for an expired one (title "Link Expired"): 403 rather than 410 because the file may well still exist — it is the link that no longer grants access. ' +
  '404 when the file is gone. Images are served inline, everything else as an attachment.';

/**
 * Inline for raster images (pictures shown in `<img>`); SVG is excluded because it can carry script.
 */
function dispositionType(contentType: string): 'inline' | 'attachment' {
  return contentType.startsWith('image/') && !contentType.startsWith('image/svg') ? 'inline' : 'attachment';
}

/** `filename="…"` with an ASCII stand-in, plus RFC 5987 `filename*` when the name needs more than ASCII. */
function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const extended = ascii === name ? '' : `; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  return `${type}; filename="${ascii}"${extended}`;
}

/**
 * A picture (a link of no session) may be kept by the browser for a while, as pages show it again
 * and again; a download of a session is never kept, or the browser would still hand it out after
 * the session ended.
 */
function setFileHeaders(reply: FastifyReply, row: StoredFile, name: string, size: number, ofSession: boolean): void {
  reply
    .header('content-type', row.content_type)
    .header('content-length', String(size))
    .header('cache-control', ofSession ? 'no-store' : 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(dispositionType(row.content_type), name));
}

/** `GET|HEAD /files/:id/:name?exp=&sig=`: files behind signed links (docs/security.md). */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { db, store, linkSecret, now, isSessionLive }) => {
  async function checkLink(
    params: { id: string; name: string },
    query: { exp?: string | undefined; sid?: string | undefined; sig?: string | undefined },
  ): Promise<void> {
    const check = verifyFileLink(linkSecret, { id: params.id, name: params.name, exp: query.exp ?? '', sid: query.sid, sig: query.sig ?? '' }, now());
    if (check === 'invalid') throw forbidden(LINK_INVALID);
    if (check === 'expired') throw new AppError(403, ERROR_CODES.forbidden, LINK_EXPIRED, { title: 'Link Expired' });
    if (query.sid !== undefined && !(await isSessionLive(query.sid))) {
      throw new AppError(403, ERROR_CODES.forbidden, LINK_SESSION_ENDED, { title: 'Link Expired' });
    }
  }

  const schema = { tags: ['files'], security: [], description, params: paramsSchema, querystring: querySchema };

  app.head(
    '/files/:id/:name',
    { config: { public: true }, schema: { ...schema, summary: 'Whether a file behind a signed link exists (200/404, no body)' } },
    async (request, reply) => {
      await checkLink(request.params, request.query);
      const found = await statFile(db, store, request.params.id);
      if (!found) throw notFound(FILE_MISSING);
      setFileHeaders(reply, found.row, request.params.name, found.size, request.query.sid !== undefined);
      return reply.send();
    },
  );

  app.get(
    '/files/:id/:name',
    {
      config: { public: true },
      // The HEAD route above answers from the object's metadata without opening its bytes.
      exposeHeadRoute: false,
      schema: { ...schema, summary: 'Download a file behind a signed link', response: { 200: z.unknown().describe('The file bytes') } },
    },
    async (request, reply) => {
      await checkLink(request.params, request.query);
      const opened = await openFile(db, store, request.params.id);
      if (!opened) throw notFound(FILE_MISSING);
      // The signed name, not the stored one: an API may offer a file under a more telling name.
      setFileHeaders(reply, opened.row, request.params.name, opened.row.size_bytes, request.query.sid !== undefined);
      return reply.send(opened.stream);
    },
  );
};

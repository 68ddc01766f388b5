import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@3ds/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { REGISTRATIONS_PREFIX, saveFile } from '../../files/stored-files.ts';
import { ONLY_IMAGES, PICTURE_TYPES, readOneFile } from '../../files/upload.ts';
import type { RecordsService } from '../../records/records.service.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as registrations from './registrations.repository.ts';

export class RegistrationsService {
  readonly #db: Kysely<Database>;
  readonly #store: FileStore;
  readonly #records: RecordsService;

  constructor(deps: { db: Kysely<Database>; store: FileStore; records: RecordsService }) {
    this.#db = deps.db;
    this.#store = deps.store;
    this.#records = deps.records;
  }

  /**
   * Replaces a registration's picture (spec 1 §2 "Update Registration"): one image of at most
   * 0.5 MB, its type read from the bytes. The previous file is kept (the audit row names both),
   * so the change can be traced. Answers the updated record.
   */
  async uploadPicture(id: number, request: FastifyRequest, user: SessionUser) {
    assertMayPerform(user, 'registration.upload-picture');
    if (!(await registrations.registrationExists(this.#db, id))) throw notFound(`There is no registration ${id}.`);
    const upload = await readOneFile(request, { maxBytes: UPLOAD_MAX_BYTES, allowed: PICTURE_TYPES, refusal: ONLY_IMAGES });
    const name = `registration-${id}.${upload.extension}`;
    // The file's row, the link and the audit are one transaction; if it fails the stored file is removed.
    await saveFile(
      this.#db,
      this.#store,
      { key: `${REGISTRATIONS_PREFIX}${id}/${randomUUID()}.${upload.extension}`, name, contentType: upload.contentType, body: upload.bytes, createdBy: user.username },
      async (trx, file) => {
        const before = await registrations.findRegistrationForUpdate(trx, id);
        if (!before) throw notFound(`There is no registration ${id}.`);
        const after = await registrations.setPicture(trx, id, file.id, user.username);
        await writeAudit(trx, {
          username: user.username,
          action: 'upload-picture',
          entity: 'registration',
          recordId: id,
          before: { picture_file_id: before.picture_file_id },
          after: { picture_file_id: after.picture_file_id, original_name: upload.originalName, content_type: upload.contentType, size: upload.bytes.length },
          requestId: request.id,
        });
      },
    );
    return this.#records.record('registrations', id, user);
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import { writeAudit } from '../db/audit.repository.ts';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../security/session-user.ts';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentKindName, type DocumentOf } from './document-kinds.ts';
import type { FileStore } from './file-store.ts';
import { insertFile } from './stored-files.repository.ts';
import { fileLinkFor, saveFile } from './stored-files.ts';

export interface PublishDeps {
  db: Kysely<Database>;
  store: FileStore;
  /** The key download links are signed with (files/signed-link.ts). */
  linkSecret: string;
  now: () => Date;
}

export interface PublishedFile {
  id: string;
  name: string;
}

/** What the audit row records of a publication, besides who, what kind and when. */
export interface AuditDetail {
  recordId: string | number | null;
  before?: unknown;
  after?: unknown;
}

type KindAndOf = { [K in DocumentKindName]: { kind: K; of: DocumentOf<K> } }[DocumentKindName];

export type Publication = KindAndOf & {
  /** The bytes, or what writes them into `output` (a streamed export) and ends it. */
  body: Buffer | ((output: PassThrough) => Promise<void>);
  /** Who asked: the file's creator, the audit row's user, the session its link is signed for. */
  user: SessionUser;
  requestId?: string;
  /**
   * Further files of the document, stored in the same folder (the same uuid) and indexed in the
   * same transaction: the inventory's xlsx beside its PDF.
   */
  companions?: (KindAndOf & { body: Buffer })[];
  /**
   * Whatever else is written with the file's row, in its transaction (the job's document slot, the
   * ARCOS report's rows), answering what the audit row records. A refusal thrown here writes
   * nothing and removes the stored bytes again.
   */
  record?: (trx: Kysely<Database>, file: PublishedFile, companions: PublishedFile[]) => Promise<AuditDetail> | AuditDetail;
};

export interface Published {
  file: PublishedFile;
  /** Its signed download link, for the requester's session. */
  link: string;
  companions: { file: PublishedFile; link: string }[];
}

function kindOf(name: DocumentKindName): DocumentKind<unknown> {
  return DOCUMENT_KINDS[name] as DocumentKind<unknown>;
}

/** A signed link to a published document (a new one, or one listed again later) for the user's session. */
export function documentLink(kind: DocumentKindName, linkSecret: string, file: PublishedFile, now: Date, user: SessionUser): string {
  const { readers } = kindOf(kind);
  return fileLinkFor(linkSecret, file, now, { session: user.sessionId, ttlSeconds: readers.linkSeconds });
}

/**
 * Writes a document, stores it with its row and its audit row, and answers its link: the one way
 * every generated document (exports, reports, Form 41, certificates, ARCOS, inventories, labels)
 * is published. The file's row, what `record` writes and the audit row are one transaction, written
 * once every byte is stored; when any of it fails, the stored bytes are removed again.
 */
export async function publishDocument(deps: PublishDeps, publication: Publication): Promise<Published> {
  const { user } = publication;
  const kind = kindOf(publication.kind);
  if (kind.audit && !publication.record) throw new Error(`A ${publication.kind} is audited: its publication must say what the audit row records.`);
  const uuid = randomUUID();
  const placed = (of: KindAndOf) => {
    const own = kindOf(of.kind);
    const name = own.fileName(of.of);
    return { name, key: own.storageKey(of.of, name, uuid), contentType: own.contentType(of.of) };
  };

  // Companions are stored first and indexed in the document's transaction.
  const companions: { name: string; key: string; contentType: string; size: number; sha256: string }[] = [];
  let savedCompanions: PublishedFile[] = [];
  try {
    for (const companion of publication.companions ?? []) {
      const where = placed(companion);
      const { size } = await deps.store.put(where.key, companion.body, where.contentType);
      companions.push({ ...where, size, sha256: createHash('sha256').update(companion.body).digest('hex') });
    }

    const main = placed(publication);
    const indexed =
      publication.record || companions.length
        ? async (trx: Kysely<Database>, saved: PublishedFile) => {
            const rows: PublishedFile[] = [];
            for (const companion of companions) {
              const row = await insertFile(trx, {
                storage_key: companion.key,
                original_name: companion.name,
                content_type: companion.contentType,
                size_bytes: companion.size,
                sha256: companion.sha256,
                created_by: user.username,
              });
              rows.push({ id: row.id, name: row.original_name });
            }
            const detail = await publication.record?.(trx, saved, rows);
            if (kind.audit && detail) {
              await writeAudit(trx, {
                username: user.username,
                action: kind.audit.action,
                entity: kind.audit.entity(publication.of),
                recordId: detail.recordId,
                before: detail.before,
                after: detail.after,
                requestId: publication.requestId ?? null,
              });
            }
            savedCompanions = rows;
          }
        : undefined;

    let file: PublishedFile;
    if (Buffer.isBuffer(publication.body)) {
      file = await saveFile(deps.db, deps.store, { ...main, body: publication.body, createdBy: user.username }, indexed);
    } else {
      const output = new PassThrough();
      const saving = saveFile(deps.db, deps.store, { ...main, body: output, createdBy: user.username }, indexed);
      try {
        await publication.body(output);
      } catch (error) {
        output.destroy(error as Error);
        await saving.catch(() => {});
        throw error;
      }
      file = await saving;
    }
    const now = deps.now();
    return {
      file,
      link: documentLink(publication.kind, deps.linkSecret, file, now, user),
      companions: savedCompanions.map((saved, i) => ({ file: saved, link: documentLink(publication.companions![i]!.kind, deps.linkSecret, saved, now, user) })),
    };
  } catch (error) {
    // The document's own bytes are removed by saveFile; a companion's are this function's to remove.
    for (const companion of companions) await deps.store.delete(companion.key).catch(() => {});
    throw error;
  }
}

import { CATALOGUE, todayIso, type EntityName } from '@3ds/domain';
import type { Kysely } from 'kysely';
import { whileWanted } from '../db/cancel.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors/app-error.ts';
import { CountCache } from './count-cache.ts';
import { LAYOUTS } from './layouts/index.ts';
import { layoutTables, type Layout, type LayoutField } from './layout.ts';
import { AnswerCache, answerBytes } from './answer-cache.ts';
import type { ReadLane, ReadTurns } from './read-turns.ts';
import type { ListRequest } from './list-query.ts';
import { formatValue, toFieldData, type FieldValue } from './record-format.ts';
import {
  prepareFind,
  recordExists,
  scopeFor,
  selectPage,
  selectRecord,
  tablesRead,
  type FindParts,
  type PreparedFind,
} from './records.repository.ts';
import type { SessionUser } from '../security/session-user.ts';

export interface RecordData {
  recordId: string;
  modId: string;
  fieldData: Record<string, FieldValue>;
  portalData: Record<string, Record<string, FieldValue | string>[]>;
}

export interface ListResponse {
  data: RecordData[];
  dataInfo: { database: string; layout: string; table: string; totalRecordCount: number; foundCount: number; returnedCount: number };
  scriptResult: string;
}

export interface RecordResponse {
  data: [RecordData & { portalDataInfo: { portalObjectName: string; foundCount: number; returnedCount: number }[] }];
}

/** What distinguishes one user's view of an entity from another's, for count cache keys. */
function scopeKey(entity: EntityName, user: SessionUser): string | null {
  return entity === 'dictionaries' ? (user.parentOrganization ?? '') : null;
}

/** A signed download link to a stored file, for a session (null: a link of no session). */
export type FileLinker = (file: { id: string; name: string }, session: string | null) => string;

/**
 * What a file field holds in an answer kept for every reader (the answer cache): not a link, but the
 * file named after a NUL, which no stored text can hold (PostgreSQL text has no NUL), so no value a
 * user typed can pass for one. Each answer is sent with these turned into links signed for the
 * requester's session (`#signFiles`): a document link dies with the session that asked for it.
 */
const SHARED_FILE = '\u0000file:';
const SHARED_FILE_JSON = Buffer.from(JSON.stringify(SHARED_FILE).slice(1, -1));
const SHARED_FILE_FIELD = /"\\u0000file:([0-9a-f-]{36})\/([^"\\]*)"/g;
type Linker = (file: { id: string; name: string }) => string;
const sharedFile: Linker = (file) => `${SHARED_FILE}${file.id}/${encodeURIComponent(file.name)}`;

/** A file field's `<file id>/<name>` as its link; any other value as it is. */
function linked(field: LayoutField, value: FieldValue, link: Linker): FieldValue {
  if (!field.fileLink || typeof value !== 'string' || !value) return value;
  const slash = value.indexOf('/');
  return link({ id: value.slice(0, slash), name: value.slice(slash + 1) });
}

/** Every table each layout reads, for the answer cache (undefined: it reads one whose changes are not announced). */
const KEPT_TABLES = new Map(
  Object.values(LAYOUTS).map((layout) => {
    const tables = layoutTables(layout);
    return [layout.entity, AnswerCache.canKeep(tables) ? tables : undefined] as const;
  }),
);

export class RecordsService {
  readonly #db: Kysely<Database>;
  readonly #counts: CountCache;
  readonly #fileLink: FileLinker;
  readonly #answers: AnswerCache | undefined;
  readonly #reads: ReadTurns | undefined;
  /** The day answers and counts are kept by: the Settings' day (BusinessDay), the day Days Left counts by. */
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; fileLink: FileLinker; counts?: CountCache; answers?: AnswerCache; reads?: ReadTurns; today?: () => string }) {
    this.#db = deps.db;
    this.#counts = deps.counts ?? new CountCache(deps.db);
    this.#fileLink = deps.fileLink;
    this.#answers = deps.answers;
    this.#reads = deps.reads;
    this.#today = deps.today ?? (() => todayIso());
  }

  /**
   * The list answer as the bytes to send, from the answer cache while the layout's tables are
   * unchanged. What distinguishes one user's answer from another's (the dictionary scope) and the
   * day (finds relative to today, days left) are part of the key. `signal` aborts when the client
   * has gone: the read leaves its turn, or is cancelled in the database.
   */
  async listAnswer(entity: EntityName, request: ListRequest, user: SessionUser, signal?: AbortSignal): Promise<Buffer> {
    const key = `${entity}\u0000list\u0000${scopeKey(entity, user) ?? ''}\u0000${this.#today()}\u0000${JSON.stringify(request)}`;
    return this.#answer(
      entity,
      key,
      user,
      () => {
        const find = this.prepare(entity, request, user);
        // The lane of turns (records/read-turns.ts): quick when the word index answers the find as one set
        // of ids (or there is none) and the page is read in id order; the find lane otherwise.
        const lane: ReadLane = !request.sort?.length && (find.everything || find.ids) ? 'quick' : 'find';
        return { lane, read: (running) => this.#list(entity, request, user, find, sharedFile, running) };
      },
      signal,
    );
  }

  /** The record answer as the bytes to send, kept like `listAnswer`. */
  async recordAnswer(entity: EntityName, id: number, user: SessionUser, signal?: AbortSignal): Promise<Buffer> {
    const key = `${entity}\u0000record\u0000${scopeKey(entity, user) ?? ''}\u0000${this.#today()}\u0000${id}`;
    return this.#answer(entity, key, user, () => ({ lane: 'quick', read: () => this.#record(entity, id, user, sharedFile) }), signal);
  }

  /**
   * An answer from the answer cache, or read now. `plan` is made only when the database is read: the
   * lane the read takes its turn in, and the read itself, given the signal it runs with.
   */
  #answer(
    entity: EntityName,
    key: string,
    user: SessionUser,
    plan: () => { lane: ReadLane; read: (signal: AbortSignal | undefined) => Promise<unknown> },
    signal: AbortSignal | undefined,
  ): Promise<Buffer> {
    // A read of the database takes its turn (ReadTurns); an answer kept in memory does not. Its
    // statements stop in the database when nobody waits for it any more (db/cancel.ts).
    const reads = this.#reads;
    const produce = async (s: AbortSignal | undefined) => {
      const { lane, read } = plan();
      if (!reads) return whileWanted(s, () => read(s));
      return reads.run({ lane, user: String(user.userId), signal: s }, (running) => whileWanted(running, () => read(running)));
    };
    const tables = KEPT_TABLES.get(entity);
    const answer = !this.#answers || !tables ? produce(signal).then(answerBytes) : this.#answers.answer(key, tables, produce, signal);
    return answer.then((bytes) => this.#signFiles(bytes, user));
  }

  /** The answer with each shared file (`sharedFile`) turned into a link signed for the user's session. */
  #signFiles(answer: Buffer, user: SessionUser): Buffer {
    if (answer.indexOf(SHARED_FILE_JSON) < 0) return answer;
    const signed = answer
      .toString('utf8')
      .replace(SHARED_FILE_FIELD, (_, id: string, name: string) => JSON.stringify(this.#fileLink({ id, name: decodeURIComponent(name) }, user.sessionId)));
    return Buffer.from(signed, 'utf8');
  }

  /** The links of a user's own answer (not kept for others): signed for the user's session. */
  #sessionLinker(user: SessionUser): Linker {
    return (file) => this.#fileLink(file, user.sessionId);
  }

  /** Fields as the API shows them, file fields as links (`link`). */
  #fieldData(fields: readonly LayoutField[], row: Record<string, unknown>, link: Linker): Record<string, FieldValue> {
    const data = toFieldData(fields, row);
    for (const field of fields) data[field.name] = linked(field, data[field.name]!, link);
    return data;
  }

  layout(entity: EntityName): Layout {
    return LAYOUTS[entity];
  }

  async list(entity: EntityName, request: ListRequest, user: SessionUser): Promise<ListResponse> {
    return this.#list(entity, request, user, this.prepare(entity, request, user), this.#sessionLinker(user));
  }

  /** One page of `find` with its counts; a count shared with other readers is left when `signal` aborts. */
  async #list(entity: EntityName, request: ListRequest, user: SessionUser, find: PreparedFind, link: Linker, signal?: AbortSignal): Promise<ListResponse> {
    const layout = LAYOUTS[entity];
    const scope = scopeFor(entity, user);
    const all = find.everything ? find : prepareFind(layout, {}, scope);
    const keyOf = (parts: FindParts) =>
      CountCache.key({ entity, parts: { quickFind: parts.quickFind, requests: parts.requests }, scope: scopeKey(entity, user), day: this.#today() });
    const counted = (f: PreparedFind, key: string) => this.#counts.count(key, layout, f, tablesRead(layout, f), signal);
    const total = find.everything ? undefined : counted(all, keyOf({}));
    total?.catch(() => undefined);
    let rows: Awaited<ReturnType<typeof selectPage>>;
    let foundCount: number;
    if (find.indexed && !find.ids && !request.sort.length) {
      // The found count first (kept counts answer at once): the page's plan depends on it (few
      // matches are sorted, many are met by walking the id order), and a find that matches nothing,
      // or fewer rows than the page skips, has no page to read.
      foundCount = await counted(find, keyOf(request));
      rows = foundCount >= request.offset ? await selectPage(this.#db, layout, find, request.sort, { ...request, found: foundCount }) : [];
    } else {
      // Otherwise the page does not depend on the count: both at once.
      [rows, foundCount] = await Promise.all([selectPage(this.#db, layout, find, request.sort, request), counted(find, keyOf(request))]);
    }
    const totalRecordCount = await total;
    return {
      data: rows.map((row) => ({
        recordId: String(row.id),
        modId: String(row.modId),
        fieldData: this.#fieldData(layout.listFields, row.values, link),
        portalData: {},
      })),
      dataInfo: {
        database: '3DS',
        layout: entity,
        table: entity,
        totalRecordCount: totalRecordCount ?? foundCount,
        foundCount,
        returnedCount: rows.length,
      },
      scriptResult: JSON.stringify({ foundCount }),
    };
  }

  /** One record, its file fields linked for the user's session. */
  async record(entity: EntityName, id: number, user: SessionUser): Promise<RecordResponse> {
    return this.#record(entity, id, user, this.#sessionLinker(user));
  }

  async #record(entity: EntityName, id: number, user: SessionUser, link: Linker): Promise<RecordResponse> {
    const layout = LAYOUTS[entity];
    const found = await selectRecord(this.#db, layout, id, scopeFor(entity, user));
    if (!found) throw notFound(`${CATALOGUE[entity].title}: there is no record ${id}.`);
    const { row } = found;
    const portals = layout.portals.map((portal, i) => {
      const { rows, foundCount } = found.portals[i]!;
      return {
        name: portal.name,
        foundCount,
        // [id, modId, count of all, f0, f1, …]
        rows: rows.map((r) => {
          const out: Record<string, FieldValue | string> = { recordId: String(r[0]), modId: String(r[1]) };
          portal.fields.forEach((f, index) => {
            out[f.name] = linked(f, formatValue(f.type, r[index + 3]), link);
          });
          return out;
        }),
      };
    });
    return {
      data: [
        {
          recordId: String(row.__id),
          modId: String(row.__mod),
          fieldData: this.#fieldData(layout.fields, row, link),
          portalData: Object.fromEntries(portals.map((p) => [p.name, p.rows])),
          portalDataInfo: portals.map((p) => ({ portalObjectName: p.name, foundCount: p.foundCount, returnedCount: p.rows.length })),
        },
      ],
    };
  }

  /** Whether the user may see the record: the same rule as `record`, without reading it. */
  async isVisible(entity: EntityName, id: number, user: SessionUser): Promise<boolean> {
    return recordExists(this.#db, LAYOUTS[entity], id, scopeFor(entity, user));
  }

  /** The prepared find of a list request, for exports that reuse the on-screen find. */
  prepare(entity: EntityName, parts: FindParts, user: SessionUser) {
    return prepareFind(LAYOUTS[entity], parts, scopeFor(entity, user), { today: this.#today() });
  }
}

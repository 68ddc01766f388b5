import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config/env.ts';

/**
 * Where file bytes live: a local directory, or an S3 bucket that several app servers share.
 * Keys are relative, slash-separated paths such as `exports/<uuid>/export.xlsx`.
 */
export interface FileStore {
  put(key: string, body: Buffer | NodeJS.ReadableStream, contentType: string): Promise<{ size: number }>;
  get(key: string): Promise<Readable | undefined>;
  stat(key: string): Promise<{ size: number } | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Removes the unfinished writes of processes that no longer run (a server killed in the middle of
   * an export), answering what it removed. Called at start-up.
   */
  removeAbandonedWrites(): Promise<string[]>;
  /** Every stored object whose key starts with `prefix`, with when it was last written. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

export class InvalidFileKeyError extends Error {
  override name = 'InvalidFileKeyError';
}

/**
 * Refuses keys that could escape the store's root or name hidden entries: absolute paths,
 * backslashes, empty, `.` or `..` segments, segments starting with a dot (the local store keeps its
 * unfinished writes under `.incoming/`) and control characters.
 */
export function assertValidFileKey(key: string): void {
  const bad = !key || key.length > 500 || key.startsWith('/') || key.includes('\\') || /[\u0000-\u001f\u007f]/.test(key);
  if (bad || key.split('/').some((segment) => segment === '' || segment.startsWith('.'))) {
    throw new InvalidFileKeyError(`Invalid file key: ${JSON.stringify(key)}`);
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'ENOENT';
}

function countBytes(onChunk: (length: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onChunk(chunk.length);
      callback(null, chunk);
    },
  });
}

function toReadable(body: NodeJS.ReadableStream): Readable {
  return body instanceof Readable ? body : Readable.from(body);
}

/** An unfinished write older than this belongs to nobody, whoever wrote it: no write takes a day. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** `<host>-<pid>-<uuid>.part`: which process writes it, so that servers sharing a directory can tell. */
const INCOMING_NAME = /^(.+)-(\d+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.part$/;
/** The writes this process has under way, in every local store it opened. */
const writesInProgress = new Set<string>();

/** Whether a process with this id runs on this machine (EPERM: it does, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Makes a rename in `dir` durable; where directories cannot be opened (Windows) the rename stands as it is. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the file's own bytes are already on disk.
  } finally {
    await handle?.close();
  }
}

/**
 * Files under a directory on this machine (`${DATA_DIR}/files` by default). A write goes to
 * `.incoming/<host>-<pid>-<uuid>.part` in the same directory tree, is flushed to disk and renamed
 * under its key (a rename within one file system is atomic): readers see the whole file or none,
 * and a process killed in the middle leaves only an incoming file, which the next start removes.
 */
export class LocalFileStore implements FileStore {
  readonly #root: string;
  readonly #incomingDir: string;

  constructor(root: string) {
    this.#root = resolve(root);
    this.#incomingDir = join(this.#root, '.incoming');
  }

  #pathOf(key: string): string {
    assertValidFileKey(key);
    const path = resolve(this.#root, key);
    if (!path.startsWith(this.#root + sep)) throw new InvalidFileKeyError(`Invalid file key: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, body: Buffer | NodeJS.ReadableStream, _contentType: string): Promise<{ size: number }> {
    const path = this.#pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await mkdir(this.#incomingDir, { recursive: true });
    const incoming = join(this.#incomingDir, `${hostname()}-${process.pid}-${randomUUID()}.part`);
    writesInProgress.add(incoming);
    try {
      let size = 0;
      // `flush` fsyncs the file before it is closed, so the rename never publishes bytes still in memory.
      if (Buffer.isBuffer(body)) {
        await writeFile(incoming, body, { flush: true });
        size = body.length;
      } else {
        await pipeline(
          toReadable(body),
          countBytes((n) => (size += n)),
          createWriteStream(incoming, { flush: true }),
        );
      }
      await rename(incoming, path);
      await syncDirectory(dirname(path));
      return { size };
    } catch (error) {
      await rm(incoming, { force: true });
      throw error;
    } finally {
      writesInProgress.delete(incoming);
    }
  }

  /**
   * Removes incoming files whose writer is gone: written on this machine by a process that no
   * longer runs (or by this process id before a restart, when it is not one of this process's
   * writes), or older than a day whoever wrote them. Several servers may share the directory:
   * the writes of those still running stay.
   */
  async removeAbandonedWrites(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.#incomingDir);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const here = hostname();
    const removed: string[] = [];
    for (const name of names) {
      const path = join(this.#incomingDir, name);
      if (writesInProgress.has(path)) continue;
      const writer = INCOMING_NAME.exec(name);
      let abandoned: boolean;
      if (writer && writer[1] === here) {
        const pid = Number(writer[2]);
        abandoned = pid === process.pid || !processRuns(pid);
      } else {
        abandoned = false;
      }
      if (!abandoned) {
        const info = await stat(path).catch(() => undefined);
        abandoned = info !== undefined && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS;
      }
      if (abandoned) {
        await rm(path, { force: true });
        removed.push(name);
      }
    }
    return removed;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    // Read only the directory the prefix names (`jobs/` → `<root>/jobs`), not the whole store.
    const directory = join(this.#root, ...prefix.split('/').slice(0, -1));
    if (!directory.startsWith(this.#root)) return;
    let entries;
    try {
      entries = await readdir(directory, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.#root, join(entry.parentPath, entry.name)).split(sep).join('/');
      // Unfinished writes are removeAbandonedWrites' business, and never have a key.
      if (key.startsWith('.incoming/') || !key.startsWith(prefix)) continue;
      const info = await stat(join(entry.parentPath, entry.name)).catch(() => undefined);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const path = this.#pathOf(key);
    try {
      // Opening first turns a missing file into `undefined` instead of a stream that errors later.
      const handle = await open(path, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.#pathOf(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.#pathOf(key);
    await rm(path, { force: true });
    // Exports live one per directory (`exports/<uuid>/…`); remove directories left empty so they do
    // not pile up. A directory still in use refuses with ENOTEMPTY, which ends the climb.
    for (let dir = dirname(path); dir.startsWith(this.#root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }
}

/** Below this size a stream is buffered and sent in one request; above it, a multipart upload. */
const MULTIPART_PART_SIZE = 8 * 1024 * 1024;

function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;
}

/** Files in an S3-compatible bucket (AWS, MinIO, Ceph…), shared by every app server. */
export class S3FileStore implements FileStore {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(settings: NonNullable<Config['s3']>, client?: S3Client) {
    this.#bucket = settings.bucket;
    this.#client =
      client ??
      new S3Client({
        region: settings.region,
        // An endpoint means an S3-compatible service (MinIO, Ceph…): path-style addressing, and
        // checksums only where S3 requires them, since several such services refuse the SDK's
        // default (since 3.729) of a CRC32 on every upload.
        ...(settings.endpoint
          ? { endpoint: settings.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
          : {}),
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      });
  }

  async put(key: string, body: Buffer | NodeJS.ReadableStream, contentType: string): Promise<{ size: number }> {
    assertValidFileKey(key);
    if (Buffer.isBuffer(body)) {
      await this.#client.send(
        new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
      return { size: body.length };
    }
    let size = 0;
    const counted = countBytes((n) => (size += n));
    // Upload sends one PutObject for a body smaller than a part and a multipart upload otherwise,
    // holding at most queueSize parts in memory; a failure aborts the multipart upload. A failing
    // source fails the upload through the pipeline.
    const upload = new Upload({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: MULTIPART_PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const uploaded = upload.done();
    try {
      await Promise.all([uploaded, pipeline(toReadable(body), counted)]);
    } catch (error) {
      // The upload sees the broken body, aborts its multipart upload and settles: wait for that,
      // so that no parts are left behind once put has failed.
      counted.destroy(error as Error);
      await uploaded.catch(() => {});
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<Readable | undefined> {
    assertValidFileKey(key);
    try {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      return answer.Body instanceof Readable ? answer.Body : undefined;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertValidFileKey(key);
    try {
      const answer = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidFileKey(key);
    // S3 answers a delete of a missing key with success, which is what callers want.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  /**
   * Nothing to do: an object appears only once its upload completes, and a failing upload aborts
   * its multipart upload. The parts of a process killed mid-upload stay invisible; a bucket
   * lifecycle rule (AbortIncompleteMultipartUpload) reclaims their space.
   */
  async removeAbandonedWrites(): Promise<string[]> {
    return [];
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.#client.send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** S3 when `S3_BUCKET` is set, otherwise `${DATA_DIR}/files`. */
export function createFileStore(config: Config): FileStore {
  return config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(join(config.dataDir, 'files'));
}

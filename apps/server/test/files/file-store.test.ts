import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidFileKeyError, LocalFileStore, S3FileStore } from '../../src/files/file-store.ts';

let root: string;
let store: LocalFileStore;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), '3ds-files-'));
  store = new LocalFileStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Every file under the root, as relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

describe('LocalFileStore', () => {
  it('puts, stats, gets and deletes a buffer', async () => {
    const key = 'exports/5d0c7c5e-6f0a-4c39-9a43-3f1b2b9f3a11/export.xlsx';
    expect(await store.put(key, Buffer.from('hello bytes'), 'application/octet-stream')).toEqual({ size: 11 });
    expect(await store.stat(key)).toEqual({ size: 11 });
    expect(await text((await store.get(key))!)).toBe('hello bytes');

    await store.delete(key);
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.get(key)).toBeUndefined();
    // The export's own directory goes with it; nothing else is left but the (empty) incoming area.
    expect(await readdir(root)).toEqual(['.incoming']);
    expect(await readdir(join(root, '.incoming'))).toEqual([]);
  });

  it('puts a stream and counts its bytes', async () => {
    const chunks = Array.from({ length: 100 }, (_, i) => Buffer.alloc(1000, i));
    expect(await store.put('pictures/p1.jpg', Readable.from(chunks), 'image/jpeg')).toEqual({ size: 100_000 });
    expect((await store.stat('pictures/p1.jpg'))?.size).toBe(100_000);
  });

  it('replaces an existing object under the same key', async () => {
    await store.put('a/b.txt', Buffer.from('first'), 'text/plain');
    await store.put('a/b.txt', Buffer.from('second!'), 'text/plain');
    expect(await text((await store.get('a/b.txt'))!)).toBe('second!');
  });

  it('answers undefined for a missing key and deletes a missing key quietly', async () => {
    expect(await store.stat('nothing/here.bin')).toBeUndefined();
    expect(await store.get('nothing/here.bin')).toBeUndefined();
    await expect(store.delete('nothing/here.bin')).resolves.toBeUndefined();
  });

  it.each([
    '../escape.txt',
    'exports/../../escape.txt',
    'exports/..',
    '/etc/passwd',
    'exports\\x.txt',
    'exports//x.txt',
    'exports/./x.txt',
    '.incoming/x.part',
    'exports/\u0000x',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
  });

  it('leaves no file, whole or partial, when the source stream fails', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      yield Buffer.alloc(64 * 1024, 2);
      throw new Error('source broke');
    }
    await expect(store.put('exports/x/export.xlsx', Readable.from(failing()), 'application/octet-stream')).rejects.toThrow('source broke');
    expect(await store.stat('exports/x/export.xlsx')).toBeUndefined();
    expect(await filesUnder(root)).toEqual([]);
  });

  it('keeps the previous object when a replacement fails', async () => {
    await store.put('a/b.txt', Buffer.from('intact'), 'text/plain');
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('source broke');
    }
    await expect(store.put('a/b.txt', Readable.from(failing()), 'text/plain')).rejects.toThrow('source broke');
    expect(await text((await store.get('a/b.txt'))!)).toBe('intact');
  });

  it('writes under .incoming, named by host and process, and shows the file under its key only when complete', async () => {
    const body = new PassThrough();
    const putting = store.put('exports/w/export.xlsx', body, 'application/octet-stream');
    body.write(Buffer.alloc(64 * 1024, 7));
    const incoming = join(root, '.incoming');
    let names: string[] = [];
    for (let i = 0; i < 100 && names.length === 0; i++) {
      names = await readdir(incoming).catch(() => []);
      if (!names.length) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(new RegExp(`^${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-${process.pid}-[0-9a-f-]{36}\\.part$`));
    expect(await store.stat('exports/w/export.xlsx')).toBeUndefined();
    // A start-up sweep of another store on the same directory leaves a write in progress alone.
    expect(await new LocalFileStore(root).removeAbandonedWrites()).toEqual([]);
    body.end(Buffer.alloc(1000, 8));
    expect(await putting).toEqual({ size: 64 * 1024 + 1000 });
    expect(await store.stat('exports/w/export.xlsx')).toEqual({ size: 64 * 1024 + 1000 });
    expect(await readdir(incoming)).toEqual([]);
  });
});

describe('LocalFileStore.removeAbandonedWrites', () => {
  /** The id of a process that has ended. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }
  const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const dayAndAMinute = 24 * 3600 + 60;

  it('removes the writes of processes that no longer run and of this process id before a restart, keeps the others', async () => {
    const incoming = join(root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const here = hostname();
    const names = {
      deadHere: `${here}-${await deadPid()}-${uuid}.part`,
      ownPidBeforeRestart: `${here}-${process.pid}-${uuid}.part`,
      runningHere: `${here}-${process.ppid}-${uuid}.part`,
      otherHostFresh: `other-host.example-4242-${uuid}.part`,
      otherHostOld: `other-host.example-4343-${uuid}.part`,
      strangerFresh: 'something-else.tmp',
      strangerOld: 'left-over.tmp',
    };
    for (const name of Object.values(names)) await writeFile(join(incoming, name), 'half a file');
    const old = Date.now() / 1000 - dayAndAMinute;
    await utimes(join(incoming, names.otherHostOld), old, old);
    await utimes(join(incoming, names.strangerOld), old, old);

    const removed = await store.removeAbandonedWrites();
    expect(removed.sort()).toEqual([names.deadHere, names.ownPidBeforeRestart, names.otherHostOld, names.strangerOld].sort());
    expect((await readdir(incoming)).sort()).toEqual([names.runningHere, names.otherHostFresh, names.strangerFresh].sort());
  });

  it('keeps an old write of a process that still runs only until it is a day old', async () => {
    const incoming = join(root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const name = `${hostname()}-${process.ppid}-${uuid}.part`;
    await writeFile(join(incoming, name), 'x');
    expect(await store.removeAbandonedWrites()).toEqual([]);
    const old = Date.now() / 1000 - dayAndAMinute;
    await utimes(join(incoming, name), old, old);
    expect(await store.removeAbandonedWrites()).toEqual([name]);
  });

  it('has nothing to do in a store that never wrote', async () => {
    expect(await store.removeAbandonedWrites()).toEqual([]);
  });
});

/**
 * Just enough of the S3 REST API (path-style) for the store: single PUT, multipart upload, GET,
 * HEAD and DELETE. It checks what the store sends over the wire, not S3's own behaviour.
 */
function startS3StandIn() {
  const objects = new Map<string, Buffer>();
  const parts = new Map<number, Buffer>();
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://s3');
    const key = decodeURIComponent(url.pathname.replace(/^\/bucket\//, ''));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const q = url.searchParams;
    requests.push(`${req.method} ${q.has('list-type') ? 'list' : q.has('uploads') ? 'create-multipart' : q.has('partNumber') ? 'part' : q.has('uploadId') ? (req.method === 'POST' ? 'complete' : 'abort') : 'object'}`);
    if (req.method === 'GET' && q.get('list-type') === '2') {
      // Two keys a page, so the store has to follow continuation tokens.
      const keys = [...objects.keys()].filter((k) => k.startsWith(q.get('prefix') ?? '')).sort();
      const start = Number(q.get('continuation-token') ?? 0);
      const page = keys.slice(start, start + 2);
      const more = start + 2 < keys.length;
      res.setHeader('content-type', 'application/xml');
      res.end(
        `<ListBucketResult><Name>bucket</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>` +
          (more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : '') +
          page.map((k) => `<Contents><Key>${k}</Key><LastModified>2026-01-02T03:04:05.000Z</LastModified><Size>${objects.get(k)!.length}</Size></Contents>`).join('') +
          '</ListBucketResult>',
      );
      return;
    }
    if (req.method === 'POST' && q.has('uploads')) {
      parts.clear();
      res.end(`<InitiateMultipartUploadResult><Bucket>bucket</Bucket><Key>${key}</Key><UploadId>u1</UploadId></InitiateMultipartUploadResult>`);
    } else if (req.method === 'PUT' && q.has('partNumber')) {
      parts.set(Number(q.get('partNumber')), body);
      res.setHeader('etag', `"p${q.get('partNumber')}"`);
      res.end();
    } else if (req.method === 'POST' && q.has('uploadId')) {
      objects.set(key, Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part)));
      res.end(`<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"m"</ETag></CompleteMultipartUploadResult>`);
    } else if (req.method === 'PUT') {
      objects.set(key, body);
      res.setHeader('etag', '"e"');
      res.end();
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/xml');
        res.end(req.method === 'GET' ? '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>' : undefined);
      } else {
        res.setHeader('content-length', object.length);
        res.end(req.method === 'GET' ? object : undefined);
      }
    } else if (req.method === 'DELETE') {
      if (!q.has('uploadId')) objects.delete(key);
      res.statusCode = 204;
      res.end();
    }
  });
  return { server, objects, requests };
}

describe('S3FileStore (against an in-process S3 stand-in)', () => {
  const standIn = startS3StandIn();
  let s3: S3FileStore;
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as { port: number };
    s3 = new S3FileStore({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'bucket', accessKeyId: 'test', secretAccessKey: 'test' });
  });
  afterAll(() => new Promise<void>((resolve) => (standIn.server as Server).close(() => resolve())));
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  it('puts, stats, gets and deletes a buffer with path-style requests', async () => {
    expect(await s3.put('pictures/a.jpg', Buffer.from('hello'), 'image/jpeg')).toEqual({ size: 5 });
    expect(await s3.stat('pictures/a.jpg')).toEqual({ size: 5 });
    expect(await text((await s3.get('pictures/a.jpg'))!)).toBe('hello');
    await s3.delete('pictures/a.jpg');
    expect(await s3.stat('pictures/a.jpg')).toBeUndefined();
    expect(await s3.get('pictures/a.jpg')).toBeUndefined();
  });

  it('sends a small stream in one request and a large one as a multipart upload', async () => {
    expect(await s3.put('exports/s/export.xlsx', Readable.from([Buffer.from('small')]), 'application/octet-stream')).toEqual({ size: 5 });
    expect(standIn.requests).toEqual(['PUT object']);

    standIn.requests.length = 0;
    const big = Buffer.alloc(18 * 1024 * 1024, 3);
    const pieces = Array.from({ length: 18 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect(await s3.put('exports/b/export.xlsx', Readable.from(pieces), 'application/octet-stream')).toEqual({ size: big.length });
    expect(standIn.requests).toEqual(['POST create-multipart', 'PUT part', 'PUT part', 'PUT part', 'POST complete']);
    expect(standIn.objects.get('exports/b/export.xlsx')?.equals(big)).toBe(true);
  });

  it('fails the upload and stores nothing when the source stream fails', async () => {
    async function* failing() {
      yield Buffer.alloc(9 * 1024 * 1024, 1);
      throw new Error('source broke');
    }
    await expect(s3.put('exports/f/export.xlsx', Readable.from(failing()), 'application/octet-stream')).rejects.toThrow('source broke');
    expect(standIn.objects.has('exports/f/export.xlsx')).toBe(false);
  });

  it('aborts a multipart upload already under way when the source fails, so no parts linger', async () => {
    async function* failingLater() {
      for (let i = 0; i < 17; i++) yield Buffer.alloc(1024 * 1024, i);
      // Time for the first part to go out before the source breaks.
      await new Promise((resolve) => setTimeout(resolve, 500));
      throw new Error('source broke');
    }
    await expect(s3.put('exports/g/export.xlsx', Readable.from(failingLater()), 'application/octet-stream')).rejects.toThrow('source broke');
    expect(standIn.requests).toContain('POST create-multipart');
    expect(standIn.requests).toContain('PUT part');
    expect(standIn.requests).toContain('DELETE abort');
    expect(standIn.requests).not.toContain('POST complete');
    expect(standIn.objects.has('exports/g/export.xlsx')).toBe(false);
  });

  it('has no unfinished writes to remove: objects appear only when their upload completes', async () => {
    expect(await s3.removeAbandonedWrites()).toEqual([]);
    expect(standIn.requests).toEqual([]);
  });

  it('lists the keys under a prefix across pages, with their times', async () => {
    for (const key of ['jobs/1/a.png', 'jobs/1/b.png', 'jobs/2/c.png', 'registrations/1/d.png']) await s3.put(key, Buffer.from('x'), 'image/png');
    standIn.requests.length = 0;
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const object of s3.list('jobs/')) listed.push(object);
    expect(listed.map((o) => o.key)).toEqual(['jobs/1/a.png', 'jobs/1/b.png', 'jobs/2/c.png']);
    expect(listed[0]!.modifiedAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(standIn.requests).toEqual(['GET list', 'GET list']);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(s3.put('../x', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(standIn.requests).toEqual([]);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
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
    // The export's own directory goes with it; nothing else is left but the partial-write area.
    expect(await readdir(root)).toEqual(['.partial']);
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
    '.partial/x.part',
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
    requests.push(`${req.method} ${q.has('uploads') ? 'create-multipart' : q.has('partNumber') ? 'part' : q.has('uploadId') ? (req.method === 'POST' ? 'complete' : 'abort') : 'object'}`);
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

  it('refuses unsafe keys before any request', async () => {
    await expect(s3.put('../x', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(standIn.requests).toEqual([]);
  });
});

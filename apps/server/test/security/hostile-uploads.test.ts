import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { blankPng, gifImage, jpegHeader, webpExtended, webpLossless, webpLossy } from '../support/images.ts';
import { ELF_BYTES, multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createJob, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Uploads that lie: decompression bombs, damaged headers, files renamed to look like pictures,
 * compressed request bodies. Each is refused with a message the user can act on, and nothing is
 * stored or audited.
 */
let t: TestApp;
let regId: number;
let jobId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['UPDATE_REGISTRATION', 'CREATE_JOB'] });
  regId = (await createRegistration(t.db)).id;
  jobId = (await createJob(t.db)).id;
});
afterAll(() => t.close());

const toRegistration = (name: string, bytes: Buffer, type = 'image/png') =>
  t.injectAs('clerk', { method: 'POST', url: `/3ds/api/registration/${regId}/upload?field=Registration_Picture`, ...multipartBody([{ name, type, bytes }]) });
const toJob = (field: string, name: string, bytes: Buffer, type = 'image/png') =>
  t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${jobId}/upload?field=${encodeURIComponent(field)}`, ...multipartBody([{ name, type, bytes }]) });

async function stored() {
  const files = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const audits = await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { files: Number(files.n), audits: Number(audits.n) };
}

async function expectRefused(send: () => Promise<{ statusCode: number; json: () => { message: string } }>, status: number, message: RegExp | string) {
  const before = await stored();
  const res = await send();
  expect(res.statusCode).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
  expect(await stored()).toEqual(before);
}

const OVER_BOUNDS = /^The image is [\d,]+ × [\d,]+ pixels; pictures may be at most 10,000 pixels a side and 40 megapixels\. Scale it down and upload it again\.$/;

describe('decompression bombs', () => {
  it('refuses a 50 KB PNG that decodes to 20,000 × 20,000 pixels (422), on both upload routes', async () => {
    const bomb = blankPng(20_000, 20_000);
    await expectRefused(() => toRegistration('scan.png', bomb), 422, 'The image is 20,000 × 20,000 pixels; pictures may be at most 10,000 pixels a side and 40 megapixels. Scale it down and upload it again.');
    await expectRefused(() => toJob('P1', 'scan.png', bomb), 422, OVER_BOUNDS);
    await expectRefused(() => toJob('CWF Files', 'scan.png', bomb), 422, OVER_BOUNDS);
  });

  it('refuses a side over 10,000 pixels even when the area is small, and 40 MP spread over two sides', async () => {
    await expectRefused(() => toRegistration('strip.png', blankPng(10_001, 1)), 422, OVER_BOUNDS);
    await expectRefused(() => toRegistration('square.png', blankPng(7_000, 7_000)), 422, OVER_BOUNDS);
  });

  it('reads the declared size of JPEG, GIF and WebP too', async () => {
    await expectRefused(() => toJob('P2', 'x.jpg', jpegHeader(65_000, 65_000), 'image/jpeg'), 422, OVER_BOUNDS);
    await expectRefused(() => toJob('P2', 'x.gif', gifImage(65_535, 65_535), 'image/gif'), 422, OVER_BOUNDS);
    await expectRefused(() => toJob('P2', 'x.webp', webpExtended(16_000_000, 16_000_000), 'image/webp'), 422, OVER_BOUNDS);
    await expectRefused(() => toJob('P2', 'x.webp', webpLossy(16_383, 16_383), 'image/webp'), 422, OVER_BOUNDS);
    await expectRefused(() => toJob('P2', 'x.webp', webpLossless(16_384, 16_384), 'image/webp'), 422, OVER_BOUNDS);
  });

  it('refuses an animation of more than 1,000 frames', async () => {
    await expectRefused(() => toJob('P2', 'x.gif', gifImage(10, 10, 1_001), 'image/gif'), 422, 'The animation has 1,001 frames; pictures may have at most 1,000.');
  });

  it('refuses an image whose header is cut off', async () => {
    const cut = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('tEXt')]);
    const res = await toRegistration('cut.png', Buffer.concat([cut, Buffer.alloc(40)]));
    // file-type may not call it a PNG at all (415); if it does, its size cannot be read (422).
    expect([415, 422]).toContain(res.statusCode);
    await expectRefused(() => toJob('P3', 'x.jpg', jpegHeader(10, 10).subarray(0, 24), 'image/jpeg'), 422, 'The image is damaged or incomplete: its size cannot be read.');
  });

  it('takes an image within the bounds: 6,000 × 6,000 (36 MP) and an ordinary photo size', async () => {
    const big = await toJob('P4', 'big.png', blankPng(6_000, 6_000));
    expect(big.statusCode, big.body).toBe(200);
    const photo = await toRegistration('photo.jpg', jpegHeader(4_032, 3_024), 'image/jpeg');
    expect(photo.statusCode, photo.body).toBe(200);
  });
});

describe('files that lie about their type', () => {
  const html = Buffer.from('<!doctype html><html><body><script>fetch("/3ds/api/users")</script></body></html>');
  const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]), Buffer.alloc(40)]);

  it.each([
    ['HTML', html],
    ['SVG', svg],
    ['PDF', pdf],
    ['ZIP', zip],
    ['an executable', ELF_BYTES],
  ])('refuses %s named photo.png and sent as image/png as a picture (415)', async (_kind, bytes) => {
    await expectRefused(() => toRegistration('photo.png', bytes), 415, 'You may only upload images');
    await expectRefused(() => toJob('P5', 'photo.png', bytes), 415, 'You may only upload images');
  });

  it('refuses HTML, SVG and ZIP named .pdf as a job document (415), and takes a real PDF', async () => {
    for (const bytes of [html, svg, zip]) {
      await expectRefused(() => toJob('CWF Files', 'form.pdf', bytes, 'application/pdf'), 415, 'You may only upload PDF documents or images');
    }
    expect((await toJob('CWF Files', 'form.pdf', pdf, 'application/pdf')).statusCode).toBe(200);
  });

  it('serves what it stored with the type read from the bytes, never the type the client named', async () => {
    const res = await toJob('P6', 'innocent.html', TINY_PNG, 'text/html');
    expect(res.statusCode).toBe(200);
    const link: string = res.json().data[0].fieldData.P6;
    expect(link).toMatch(/\.png\?/);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('compressed request bodies', () => {
  it('refuses a gzip-encoded JSON body with 415 and says to send it uncompressed', async () => {
    const res = await t.injectAs('clerk', {
      method: 'PATCH',
      url: `/3ds/api/job/${jobId}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ fieldData: { 'Job Name': 'Zipped' } })),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send the request body uncompressed; Content-Encoding "gzip" is not accepted.');
    const job = await t.db.selectFrom('jobs').select('name').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job.name).not.toBe('Zipped');
  });

  it('refuses a gzip bomb upload the same way, before reading it', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    const res = await t.injectAs('clerk', {
      method: 'POST',
      url: `/3ds/api/registration/${regId}/upload?field=Registration_Picture`,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(415);
  });

  it('accepts Content-Encoding: identity', async () => {
    const res = await t.injectAs('clerk', {
      method: 'PATCH',
      url: `/3ds/api/job/${jobId}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: JSON.stringify({ fieldData: { 'Job Name': 'Plain' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('malformed multipart bodies', () => {
  const send = (target: 'registration' | 'job', payload: Buffer, contentType: string) =>
    t.injectAs('clerk', {
      method: 'POST',
      url: target === 'registration' ? `/3ds/api/registration/${regId}/upload?field=Registration_Picture` : `/3ds/api/job/${jobId}/upload?field=P2`,
      payload,
      headers: { 'content-type': contentType },
    });

  for (const target of ['registration', 'job'] as const) {
    it(`answers 400 to multipart/form-data without a boundary (${target})`, async () => {
      const { payload } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: TINY_PNG }]);
      await expectRefused(() => send(target, payload, 'multipart/form-data'), 400, /multipart/i);
    });

    it(`answers 400 to a body whose closing boundary never comes (${target})`, async () => {
      const { payload, headers } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: TINY_PNG }]);
      const cut = payload.subarray(0, payload.length - 40);
      await expectRefused(() => send(target, cut, headers['content-type']), 400, /incomplete|malformed|end/i);
    });

    it(`answers 400 to a file name holding a NUL byte (${target})`, async () => {
      const { payload, headers } = multipartBody([{ name: 'a\u0000b.png', type: 'image/png', bytes: TINY_PNG }]);
      await expectRefused(() => send(target, payload, headers['content-type']), 400, /file name/i);
    });
  }
});

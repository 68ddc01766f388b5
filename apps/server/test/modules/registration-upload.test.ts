import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { ELF_BYTES, multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let regId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'editor', privileges: ['UPDATE_REGISTRATION'] });
  await createUser(t.db, { username: 'viewer' });
  regId = (await createRegistration(t.db)).id;
});
afterAll(() => t.close());

const upload = (user: string, files: Parameters<typeof multipartBody>[0], id = regId, field = 'Registration_Picture') =>
  t.injectAs(user, { method: 'POST', url: `/3ds/api/registration/${id}/upload?field=${field}`, ...multipartBody(files) });

describe('POST /registration/{id}/upload', () => {
  it('stores the picture, links it from the record, and audits the change', async () => {
    const res = await upload('editor', [{ name: 'front.png', type: 'image/png', bytes: TINY_PNG }]);
    expect(res.statusCode, res.body).toBe(200);
    const link: string = res.json().data[0].fieldData['Registration Picture'];
    // Signed for the uploader's session, like every link 3DS hands out (records.service.ts #signFiles).
    expect(link).toMatch(new RegExp(`^/3ds/api/files/[0-9a-f-]+/registration-${regId}\\.png\\?exp=\\d+&sid=[^&]+&sig=`));
    const image = await t.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'upload-picture').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'editor', entity: 'registration', record_id: String(regId) });
  });

  it('replaces the previous picture (which stays on file, named in the audit)', async () => {
    const before = await t.db.selectFrom('registrations').select('picture_file_id').where('id', '=', regId).executeTakeFirstOrThrow();
    const res = await upload('editor', [{ name: 'second.png', bytes: TINY_PNG }]);
    expect(res.statusCode).toBe(200);
    const after = await t.db.selectFrom('registrations').select(['picture_file_id', 'mod_id']).where('id', '=', regId).executeTakeFirstOrThrow();
    expect(after.picture_file_id).not.toBe(before.picture_file_id);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'upload-picture').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ picture_file_id: before.picture_file_id });
    expect(await t.db.selectFrom('files').select('id').where('id', '=', before.picture_file_id!).executeTakeFirst()).toBeTruthy();
  });

  it('decides the type from the bytes: a renamed executable is refused', async () => {
    const res = await upload('editor', [{ name: 'photo.png', type: 'image/png', bytes: ELF_BYTES }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('You may only upload images');
  });

  it('refuses text and SVG (not raster images)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload('editor', [{ name: 'x.svg', type: 'image/svg+xml', bytes: svg }])).statusCode).toBe(415);
  });

  it('refuses more than 0.5 MB with 413', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(512 * 1024)]);
    const res = await upload('editor', [{ name: 'big.png', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 0\.5 MB/);
  });

  it('takes exactly one file', async () => {
    expect((await upload('editor', [])).statusCode).toBe(400);
    const two = await upload('editor', [
      { name: 'a.png', bytes: TINY_PNG },
      { name: 'b.png', bytes: TINY_PNG },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one file only.');
  });

  it('refuses without the privilege (403), for an unknown registration (404) and for another field (400)', async () => {
    expect((await upload('viewer', [{ name: 'a.png', bytes: TINY_PNG }])).statusCode).toBe(403);
    expect((await upload('editor', [{ name: 'a.png', bytes: TINY_PNG }], 999999)).statusCode).toBe(404);
    expect((await upload('editor', [{ name: 'a.png', bytes: TINY_PNG }], regId, 'Other')).statusCode).toBe(400);
  });

  it('answers 400 for a body that is not multipart', async () => {
    const res = await t.injectAs('editor', { method: 'POST', url: `/3ds/api/registration/${regId}/upload?field=Registration_Picture`, payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
  });
});

import { PRIVILEGES } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Input is taken as sent or refused, never coerced: numbers are numbers, a body names only fields
 * the route knows and holds plain values, single-line text is one line and its length counts
 * characters. And what the server answers and records is its own: request ids, caching.
 */
let t: TestApp;
const NDC = '00406-0552-01';

beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_TO: 'ops@example.test' } });
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await t.db
    .insertInto('ndc_dictionary')
    .values({ ndc: NDC, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true })
    .execute();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.injectAs('boss', { method, url: `/3ds/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function lineItem() {
  const registration = await createRegistration(t.db, { schedule_2: true });
  const job = await createJob(t.db, { registration_id: registration.id });
  const container = await createContainer(t.db, { job_id: job.id });
  const item = await createLineItem(t.db, { container_id: container.id, ndc: NDC, pack_quantity: 2, pack_size: 100, pack_size_uom: 'U' });
  return { job, container, item };
}
const stored = (id: number) => t.db.selectFrom('line_items').select(['pack_quantity', 'mod_id', 'lot_number']).where('id', '=', id).executeTakeFirstOrThrow();

describe('numbers are numbers', () => {
  for (const text of ['0x10', '0b101', '0o17', '+3', ' 5 ', '.5e1', '1e12', '5.', 'Infinity', '1_000', '٣']) {
    it(`refuses Pack Quantity ${JSON.stringify(text)} with 422 naming the field, and changes nothing`, async () => {
      const { item } = await lineItem();
      const before = await stored(item.id);
      const res = await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': text } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().details).toContain('Pack Quantity must be a number written with digits and at most one decimal point, like 12 or 0.5');
      expect(await stored(item.id)).toEqual(before);
    });
  }

  it('takes a JSON number or a plain decimal string', async () => {
    const { item } = await lineItem();
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': '3' } })).statusCode).toBe(200);
    expect((await stored(item.id)).pack_quantity).toBe(3);
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': 4 } })).statusCode).toBe(200);
    expect((await stored(item.id)).pack_quantity).toBe(4);
  });

  it('refuses the same on a new line item and on container weights', async () => {
    const { container } = await lineItem();
    const created = await call('POST', '/line-item/new', { containerId: container.id, ndc: NDC, packQuantity: '0x10' });
    expect(created.statusCode).toBe(422);
    expect(created.json().details).toEqual(['Pack Quantity must be a number written with digits and at most one decimal point, like 12 or 0.5']);
    const weighed = await call('PATCH', `/container/edit/${container.id}`, { netWeight: '1e3' });
    expect(weighed.statusCode).toBe(422);
    expect(weighed.json().details).toEqual(['Net Weight must be a number written with digits and at most one decimal point, like 12 or 0.5']);
    expect((await call('PATCH', `/container/edit/${container.id}`, { netWeight: '12.5' })).statusCode).toBe(200);
  });
});

describe('numbers a double cannot hold', () => {
  const raw = (method: Method, url: string, text: string, user = 'boss') =>
    t.injectAs(user, { method, url: `/3ds/api${url}`, payload: text, headers: { 'content-type': 'application/json' } });
  const tiny = `0.${'0'.repeat(400)}1`;
  const huge = `1${'0'.repeat(400)}`;

  for (const [written, kind] of [
    ['1e-400', 'small'],
    ['-1e-400', 'small'],
    ['1E-330', 'small'],
    ['2.5e-310', 'small'],
    [tiny, 'small'],
    ['1e400', 'large'],
    ['-1e+309', 'large'],
    [huge, 'large'],
  ] as const) {
    it(`refuses Pack Quantity ${written.slice(0, 12)}${written.length > 12 ? '…' : ''} with 422 naming the field, and changes nothing`, async () => {
      const { item } = await lineItem();
      const before = await stored(item.id);
      const res = await raw('PATCH', `/line-item/${item.id}`, `{"fieldData":{"Pack Quantity":${written}}}`);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('VALIDATION');
      const shown = written.length > 40 ? `${written.slice(0, 37)}...` : written;
      expect(res.json().details).toEqual([
        kind === 'small'
          ? `body.fieldData.Pack Quantity is ${shown}, too close to 0 to be stored as written (it would become 0); send 0 or a plain decimal like 0.5.`
          : `body.fieldData.Pack Quantity is ${shown}, too large to be a number (more than 1.8e308); send a plain decimal like 12 or 0.5.`,
      ]);
      expect(await stored(item.id)).toEqual(before);
    });
  }

  it('refuses them on a new line item, on container weights and in a find, naming each; a zero written with an exponent is a zero', async () => {
    const { container, item } = await lineItem();
    const created = await raw('POST', '/line-item/new', `{"containerId":${container.id},"ndc":"${NDC}","packQuantity":1e-400,"packSize":1e400}`);
    expect(created.statusCode).toBe(422);
    expect(created.json().details).toEqual([
      'body.packQuantity is 1e-400, too close to 0 to be stored as written (it would become 0); send 0 or a plain decimal like 0.5.',
      'body.packSize is 1e400, too large to be a number (more than 1.8e308); send a plain decimal like 12 or 0.5.',
    ]);
    expect(created.json().message).toBe('body.packQuantity is 1e-400, too close to 0 to be stored as written (it would become 0); send 0 or a plain decimal like 0.5. (and 1 more)');
    const weighed = await raw('PATCH', `/container/edit/${container.id}`, '{"netWeight":1e-400}');
    expect(weighed.statusCode).toBe(422);
    expect(weighed.json().details).toEqual(['body.netWeight is 1e-400, too close to 0 to be stored as written (it would become 0); send 0 or a plain decimal like 0.5.']);
    const found = await raw('POST', '/line-items/search', '{"query":[{"omit":"false"}],"sort":[],"offset":1,"limit":1e400}');
    expect(found.statusCode).toBe(422);
    expect(found.json().details).toEqual(['body.limit is 1e400, too large to be a number (more than 1.8e308); send a plain decimal like 12 or 0.5.']);
    // Exact zeros and ordinary exponents are numbers like any other.
    expect((await raw('PATCH', `/line-item/${item.id}`, '{"fieldData":{"Pack Quantity":0e-400}}')).statusCode).toBe(200);
    expect((await stored(item.id)).pack_quantity).toBe(0);
    expect((await raw('PATCH', `/line-item/${item.id}`, '{"fieldData":{"Pack Quantity":2.5e1}}')).statusCode).toBe(200);
    expect((await stored(item.id)).pack_quantity).toBe(25);
  });

  it('checks the privilege first: without it 403, whatever the numbers', async () => {
    await createUser(t.db, { username: 'onlooker', privileges: [] });
    const { item } = await lineItem();
    const res = await raw('PATCH', `/line-item/${item.id}`, '{"fieldData":{"Pack Quantity":1e-400}}', 'onlooker');
    expect(res.statusCode).toBe(403);
  });

  it('reads an exponent in text as text: a lot number "1e-400" is stored as written', async () => {
    const { item } = await lineItem();
    const res = await raw('PATCH', `/line-item/${item.id}`, '{"fieldData":{"Lot Number":"1e-400"}}');
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(item.id)).lot_number).toBe('1e-400');
  });
});

describe('bodies name only known fields, with plain values', () => {
  it('refuses unknown fieldData names with 400 naming them, however many, and changes nothing', async () => {
    const { item } = await lineItem();
    const before = await stored(item.id);
    const fieldData = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`junk${i}`, 1]));
    const res = await call('PATCH', `/line-item/${item.id}`, { fieldData });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/unknown fields "junk0", "junk1", "junk2", "junk3", "junk4" and 49,995 more/);
    expect(await stored(item.id)).toEqual(before);
    const one = await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'L1', Lot: 'x' } });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toMatch(/unknown field "Lot"/);
  });

  it('refuses a value nested inside fieldData with 400 naming the field', async () => {
    const { item, container } = await lineItem();
    // 100,000 levels deep, written as text: no serialiser would write it.
    const deep = `{"fieldData":{"Lot Number":${'['.repeat(100_000)}"x"${']'.repeat(100_000)}}}`;
    for (const [url, body] of [
      [`/line-item/${item.id}`, JSON.stringify({ fieldData: { 'Lot Number': { a: 1 } } })],
      [`/line-item/${item.id}`, deep],
      ['/container', JSON.stringify({ fieldData: { 'Job ID': container.job_id, Pallet: ['P1'] } })],
      ['/job', JSON.stringify({ fieldData: { _fkRegistration_Record_Number: 1, 'Job Name': { x: 1 } } })],
    ] as const) {
      const res = await t.injectAs('boss', {
        method: url.startsWith('/line-item/') ? 'PATCH' : 'POST',
        url: `/3ds/api${url}`,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().message).toMatch(/fieldData\.(Lot Number|Pallet|Job Name)/);
    }
    expect((await stored(item.id)).mod_id).toBe(0);
  });

  it('refuses unknown top-level names of a mutation body with 400', async () => {
    const { container } = await lineItem();
    const res = await call('PATCH', `/container/edit/${container.id}`, { netWeight: 3, netweight: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/unknown field "netweight"/);
  });

  it('refuses unknown names in the report, ARCOS and saved-find bodies, nested ones too, with 400 naming them, and saves nothing', async () => {
    const { job } = await lineItem();
    const registration = (await t.db.selectFrom('registrations').select('registration_number').where('id', '=', job.registration_id).executeTakeFirstOrThrow()).registration_number;
    const exportsBefore = await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const [url, body, named] of [
      ['/exportReport', { registration, jobId: String(job.id), reportType: 'perNdc', showArcs: 1 }, 'showArcs'],
      ['/reports/arcos', { period: '2025-Q3', registrant: 'RD1234563' }, 'registrant'],
      ['/reports/inventory', { asOf: '01/02/2026 17:00', signedBy: 'x' }, 'signedBy'],
      ['/saved-finds', { entity: 'jobs', name: 'Nested request', requests: [{ omit: false, criteria: { 'Job Name': 'x' }, omitt: true }] }, 'omitt'],
      ['/saved-finds', { entity: 'jobs', name: 'Nested sort', sort: [{ fieldName: 'Job Name', sortOrder: 'descend', order: 'ascend' }] }, 'order'],
    ] as const) {
      const refused = await call('POST', url, body);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(400);
      expect(refused.json().message, url).toContain(`unknown field "${named}"`);
    }
    expect(await t.db.selectFrom('files').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(exportsBefore);
    expect(await t.db.selectFrom('saved_finds').select('id').execute()).toEqual([]);
  });

  it('an edit that changes nothing writes nothing: no new modId, no audit row', async () => {
    const { item } = await lineItem();
    await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'SAME' } });
    const before = await stored(item.id);
    const audits = await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'line-item').where('record_id', '=', String(item.id)).execute();
    const res = await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'SAME', 'Pack Quantity': '2' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().modId).toBe(String(before.mod_id));
    expect(await stored(item.id)).toEqual(before);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'line-item').where('record_id', '=', String(item.id)).execute()).toEqual(audits);
  });
});

describe('single-line text', () => {
  it('refuses a job name with a line break, a tab or another control character with 422', async () => {
    const registration = await createRegistration(t.db);
    for (const name of ['Spring\nLocked: Yes', 'Tab\there', 'Bell\u0007', 'Line\u2028sep']) {
      const res = await call('POST', '/job', { fieldData: { _fkRegistration_Record_Number: registration.id, 'Job Name': name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().details).toEqual(['Job Name must be one line of text, without line breaks, tabs or other control characters']);
    }
    const { item, container } = await lineItem();
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'A\r\nB' } })).json().details).toEqual([
      'Lot Number must be one line of text, without line breaks, tabs or other control characters',
    ]);
    expect((await call('PATCH', `/container/edit/${container.id}`, { pallet: 'P\n1' })).statusCode).toBe(422);
  });

  it('refuses a line break or tab at either end too, rather than trimming it away, and changes nothing', async () => {
    const registration = await createRegistration(t.db);
    const { job, container, item } = await lineItem();
    const settingsBefore = await t.db.selectFrom('settings').selectAll().executeTakeFirst();
    const jobBefore = await t.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    const refusals: [Method, string, unknown, number][] = [
      ['POST', '/job', { fieldData: { _fkRegistration_Record_Number: registration.id, 'Job Name': 'Spring pickup\n' } }, 422],
      ['PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': '\tRenamed' } }, 422],
      ['PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'LOT-1\r\n' } }, 422],
      ['PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': '\n' } }, 422],
      ['PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': '\t' } }, 422],
      ['PATCH', `/line-item/${item.id}`, { fieldData: { 'Expiration Date': '12/31/2027\n' } }, 422],
      ['PATCH', `/container/edit/${container.id}`, { containerName: 'Tote 1\n' }, 422],
      ['PATCH', '/settings', { fieldData: { City: 'Dayton\n' } }, 422],
      ['PATCH', '/settings', { fieldData: { 'Registrant Name': '\n' } }, 422],
      ['PATCH', '/settings', { fieldData: { State: 'OH\t' } }, 422],
      ['PATCH', `/job/${job.id}/destruction-record`, { fieldData: { 'Destruction Facility': 'Clearfork\u2028' } }, 422],
      ['PATCH', `/job/${job.id}/destruction-record`, { fieldData: { 'Date Received': '\n01/02/2026' } }, 422],
      ['POST', '/saved-finds', { entity: 'jobs', name: 'Open jobs\n', quickFind: 'spring' }, 400],
      ['POST', '/reports/arcos', { period: '2025-Q3\n' }, 400],
      ['POST', '/reports/inventory', { asOf: '01/02/2026\n17:00' }, 400],
      ['POST', '/users', { username: 'newcomer', password: 'a long password 1', displayName: 'New Comer\n' }, 400],
    ];
    for (const [method, url, body, status] of refusals) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect(await stored(item.id)).toMatchObject({ mod_id: item.mod_id });
    expect(await t.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual(jobBefore);
    expect(await t.db.selectFrom('settings').selectAll().executeTakeFirst()).toEqual(settingsBefore);
    expect(await t.db.selectFrom('saved_finds').select('id').where('name', 'like', 'Open jobs%').execute()).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'newcomer').execute()).toEqual([]);
    // Spaces around a value are still only spaces: trimmed, as a form would.
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': '  LOT-2  ' } })).statusCode).toBe(200);
    expect((await stored(item.id)).lot_number).toBe('LOT-2');
  });

  it('counts characters, not UTF-16 units', async () => {
    const registration = await createRegistration(t.db);
    const pills = '💊'.repeat(200); // 200 characters, 400 UTF-16 units
    const made = await call('POST', '/job', { fieldData: { _fkRegistration_Record_Number: registration.id, 'Job Name': pills } });
    expect(made.statusCode, made.body).toBe(200);
    const over = await call('POST', '/job', { fieldData: { _fkRegistration_Record_Number: registration.id, 'Job Name': `${pills}💊` } });
    expect(over.statusCode).toBe(422);
    const { item } = await lineItem();
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': '💊'.repeat(60) } })).statusCode).toBe(200);
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': '💊'.repeat(61) } })).statusCode).toBe(422);
  });
});

describe('Job Ready', () => {
  it('sends one job’s notification at most once a minute (429 after)', async () => {
    const job = await createJob(t.db);
    const other = await createJob(t.db);
    const send = (id: number) => call('POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: id, 'Job Name': 'x' } });
    expect((await send(job.id)).statusCode).toBe(200);
    const again = await send(job.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(new RegExp(`job ${job.id} was sent less than a minute ago; it can be sent again in \\d+ seconds`));
    expect((await send(other.id)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send(job.id)).statusCode).toBe(200);
    const sent = await t.db.selectFrom('notifications').select('id').where('job_id', '=', job.id).execute();
    expect(sent).toHaveLength(2);
  });
});

describe('what the server answers and records', () => {
  it('stamps audit rows with its own request id, never the one a client sent', async () => {
    const { item } = await lineItem();
    const first = await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'ONE' } }, { 'x-request-id': 'client-chosen-id-1' });
    const serverId = first.headers['x-request-id'] as string;
    expect(serverId).not.toBe('client-chosen-id-1');
    // A second request claiming to be the first gets an id of its own.
    const replay = await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'TWO' } }, { 'x-request-id': serverId });
    expect(replay.headers['x-request-id']).not.toBe(serverId);
    const rows = await t.db.selectFrom('audit_log').select('request_id').where('entity', '=', 'line-item').where('record_id', '=', String(item.id)).orderBy('id').execute();
    expect(rows.map((r) => r.request_id)).toEqual([serverId, replay.headers['x-request-id']]);
  });

  it('answers API calls with Cache-Control: no-store', async () => {
    const { item } = await lineItem();
    for (const res of [
      await call('GET', `/line-item/${item.id}`),
      await call('GET', '/line-items?limit=1'),
      await t.app.inject({ method: 'GET', url: '/3ds/api/companies' }),
      await t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'boss', password: 'nope' } }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

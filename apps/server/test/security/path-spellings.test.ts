import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../src/plugins/error-handler.ts';
import { spellings } from '../support/path-spellings.ts';
import { routeTable, type RouteEntry } from '../support/routes.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import type { SessionUser } from '../../src/security/session-user.ts';
import { actionGuardPlugin } from '../../src/plugins/action-guard.ts';

/**
 * Sign-in is decided on the route the router matched, never on how the URL is spelt. Every route of
 * the app, read from its router, is called without a token under spellings a router may decode or
 * normalise to the same route: each character percent-encoded, upper-case escapes, `%2f` for a
 * slash, doubled and trailing slashes, an absolute-form request line, a public prefix followed by a
 * dot segment. A protected route answers 401 (or 404 when the spelling matches no route); no
 * spelling answers 500, and none answers records.
 */

/** The routes anyone may call: the web app and its files, sign-in, health, signed file links, the API docs. */
const PUBLIC = [
  /^(GET|HEAD) \/$/,
  /^(GET|HEAD) \/3ds\/(index\.html|assets\/app\.js)?$/,
  /^POST \/3ds\/api\/login$/,
  /^(GET|HEAD) \/3ds\/api\/(health|ready)$/,
  /^(GET|HEAD) \/3ds\/api\/files\/:id\/:name$/,
  /^(GET|HEAD) \/3ds\/api\/docs(\/.*)?$/,
];
const isPublic = (route: RouteEntry) => PUBLIC.some((p) => p.test(`${route.method} ${route.url}`));

const PARAMS: Record<string, string> = { id: '1', jobId: '1', name: 'x.pdf', username: 'admin', ndc: '00406-0552-01' };
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? '1').replace(/\*$/, 'x');

/** Whether an answer is a list or record answer (`data: [{ recordId, … }]`). */
function holdsRecords(body: string): boolean {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data) && data.some((row) => typeof row === 'object' && row !== null && 'recordId' in row);
  } catch {
    return false;
  }
}

describe('sign-in whatever the spelling of the path', () => {
  let t: TestApp;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });

  let webRoot: string;

  beforeAll(async () => {
    // A built web app, so that its files and its history fallback are part of the route table.
    webRoot = await mkdtemp(join(tmpdir(), '3ds-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>3DS</title>');
    await writeFile(join(webRoot, 'assets', 'app.js'), 'export {};');
    t = await buildTestApp({ webRoot });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  /** One request with the path exactly as written on the request line, no token. */
  function call(method: string, path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
      // Node frames a DELETE body only when told its length.
      const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(body.length) };
      const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', (error) => reject(new Error(`${method} ${path}: ${error.message}`)));
      req.end(body);
    });
  }

  it('reads the whole route table from the router', () => {
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(150);
    expect(routes).toContainEqual({ method: 'GET', url: '/3ds/api/companies' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/3ds/api/line-item/lock/:id' });
  });

  it('answers 401 on every protected route, and only the public ones answer otherwise', async () => {
    const open: string[] = [];
    for (const route of routeTable(t.app)) {
      const { status } = await call(route.method, concrete(route.url));
      if (status !== 401) open.push(`${route.method} ${route.url}`);
      expect(status, `${route.method} ${route.url}`).not.toBe(500);
    }
    expect(open.every((r) => PUBLIC.some((p) => p.test(r))), `answered without a token: ${open.filter((r) => !PUBLIC.some((p) => p.test(r))).join(', ')}`).toBe(true);
  });

  it('answers 401 or 404 to every spelling of every protected route, never 200 and never 500', async () => {
    const wrong: string[] = [];
    let calls = 0;
    const routes = routeTable(t.app).filter((r) => !isPublic(r));
    for (const route of routes) {
      const variants = spellings(concrete(route.url));
      const answers = await Promise.all(variants.map((path) => call(route.method, path)));
      answers.forEach(({ status, body }, i) => {
        calls++;
        if (status !== 401 && status !== 404) wrong.push(`${route.method} ${variants[i]} → ${status} ${body.slice(0, 80)}`);
      });
    }
    expect(calls).toBeGreaterThan(5000);
    expect(wrong, wrong.slice(0, 20).join('\n')).toEqual([]);
  }, 120_000);

  it('opens nothing but themselves through the spellings of the public routes, and never fails', async () => {
    const wrong: string[] = [];
    for (const route of routeTable(t.app).filter(isPublic)) {
      for (const path of spellings(concrete(route.url))) {
        const { status, body } = await call(route.method, path);
        if (status >= 500 || holdsRecords(body)) wrong.push(`${route.method} ${path} → ${status}`);
      }
    }
    expect(wrong, wrong.slice(0, 20).join('\n')).toEqual([]);
  }, 120_000);

  it('treats a malformed escape in a path no route matches as a bad request, not a server error', async () => {
    expect((await call('GET', '/3ds/api/%zz')).status).toBe(400);
    expect((await call('GET', '/3ds/%E0%A4%A')).status).toBe(400);
  });
});

describe('the privilege guard', () => {
  it('refuses a protected route that reaches it without a user with 401, before the handler runs', async () => {
    // A guard on its own, with no sign-in hook in front: it must fail closed by itself.
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(actionGuardPlugin);
    app.decorateRequest('user', null as unknown as SessionUser);
    let ran = 0;
    app.post('/mutate', { config: { action: 'container.delete' } }, async () => ++ran);
    app.post('/open', { config: { action: 'session.login', public: true } }, async () => ++ran);
    const refused = await app.inject({ method: 'POST', url: '/mutate' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(ran).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/open' })).statusCode).toBe(200);
    await app.close();
  });
});

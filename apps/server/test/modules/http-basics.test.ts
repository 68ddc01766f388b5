import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/plugins/security-headers.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), '3ds-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>3DS</title><div id="root"></div>');
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ webRoot });
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('GET /3ds/api/health answers without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /3ds/api/ready answers without a token: ready, with the reads of each lane on PostgreSQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ready', database: 'up' });
    if (process.env.TEST_DB_KIND === 'postgres') {
      expect(body.reads).toEqual({ quick: { running: 0, waiting: 0, oldestWaitMs: 0 }, find: { running: 0, waiting: 0, oldestWaitMs: 0 } });
    } else expect(body.reads).toBeUndefined();
  });

  it('sends security headers, a strict CSP and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/health' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly (the camera's barcode reader) may compile; JavaScript eval stays forbidden.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on every answer: a record list, a refusal, a route that is not there', async () => {
    const expected = securityHeaders();
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options']));
    for (const url of ['/3ds/api/companies', '/3ds/api/no-such-route', '/3ds/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('refuses API routes without a token with 401 "Unauthorized"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/3ds/api/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ title: 'Unauthorized', message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ title: 'Not Found', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/3ds/api/login');
  });

  it('redirects / to /3ds/ and serves index.html for history routes', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/3ds/');
    for (const url of ['/3ds/', '/3ds/companies', '/3ds/job/12?tab=yb', '/3ds/line-item/5/edit', '/3ds/whatever/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and answers 404 for missing ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/3ds/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/3ds/assets/missing.js' })).statusCode).toBe(404);
  });
});

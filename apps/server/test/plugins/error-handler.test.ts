import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres } from '../../src/db/database.ts';
import { LocalFileStore } from '../../src/files/file-store.ts';
import { isDatabaseUnavailable } from '../../src/plugins/error-handler.ts';
import { TokenSigner } from '../../src/security/tokens.ts';
import { TEST_JWT_SECRET } from '../support/test-app.ts';

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it.each([
    ['connection refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', coded('ECONNRESET', 'read ECONNRESET')],
    ['administrator shutdown (a restart)', coded('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', coded('57P02')],
    ['database starting up', coded('57P03', 'the database system is starting up')],
    ['too many connections', coded('53300')],
    ['connection failure (class 08)', coded('08006')],
    ['protocol violation (class 08)', coded('08P01')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['refused on every address of the host', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed')],
    ['wrapped', new Error('query failed', { cause: coded('57P01') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a serialization failure (retried, not unavailable)', coded('40001')],
    ['a syntax error', coded('42601')],
    ['an ordinary error', new Error('Something else')],
    ['mixed failures of several addresses', new AggregateError([coded('ECONNREFUSED'), new Error('bug')], 'x')],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/** A port on which nothing listens: every connection to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('an app whose database cannot be reached', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), '3ds-down-'));
    const database = openPostgres(`postgres://nobody@127.0.0.1:${await closedPort()}/gone`, 2);
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      database,
      jwtSecret: TEST_JWT_SECRET,
      backgroundJobs: false,
      logger: false,
      webRoot: '/nonexistent-web-root',
      fileStore: new LocalFileStore(join(dataDir, 'files')),
    });
    await app.ready();
    const now = new Date();
    token = await new TokenSigner(TEST_JWT_SECRET).sign(
      { sub: 'admin', sid: '00000000-0000-4000-8000-000000000000', isDataEntryUser: false, access: { parentOrganization: null, privileges: [] } },
      now,
      new Date(now.getTime() + 3600_000),
    );
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const unavailable = {
    title: 'Service Unavailable',
    message: 'The database is not reachable right now. Try again in a moment.',
    code: 'UNAVAILABLE',
  };

  it('answers 503 with the error shape, not 401, when the session check cannot reach the database', async () => {
    for (const url of ['/3ds/api/jobs', '/3ds/api/line-items/1', '/3ds/api/get-value-list?valueListName=Source']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual(unavailable);
    }
  });

  it('answers 503 to a mutation and to a sign-in', async () => {
    const move = await app.inject({ method: 'PUT', url: '/3ds/api/container/move', headers: { authorization: `Bearer ${token}` }, payload: { jobId: 1, containerId: 2 } });
    expect(move.statusCode).toBe(503);
    expect(move.json()).toEqual(unavailable);
    const login = await app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'admin', password: 'demo' } });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual(unavailable);
  });

  it('still refuses a request without a token with 401: that check needs no database', async () => {
    const res = await app.inject({ method: 'GET', url: '/3ds/api/jobs' });
    expect(res.statusCode).toBe(401);
  });

  it('reports the database down on the health check', async () => {
    const res = await app.inject({ method: 'GET', url: '/3ds/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'down' });
  });
});

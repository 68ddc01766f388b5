import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/pglite' });
    expect(config.demo).toBe(true);
  });

  it('uses PostgreSQL with DATABASE_URL and no demo data unless asked', () => {
    const env = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).database.kind).toBe('postgres');
    expect(loadConfig(env).demo).toBe(false);
    expect(loadConfig({ ...env, DEMO: '1' }).demo).toBe(true);
  });

  it('takes DATABASE_ADMIN_URL as the owner that migrates, beside DATABASE_URL only', () => {
    const env = { DATABASE_URL: 'postgres://server@h/db', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).database).toMatchObject({ kind: 'postgres', url: env.DATABASE_URL, adminUrl: undefined });
    expect(loadConfig({ ...env, DATABASE_ADMIN_URL: 'postgres://owner@h/db' }).database).toMatchObject({ adminUrl: 'postgres://owner@h/db' });
    expect(() => loadConfig({ ...env, DATABASE_ADMIN_URL: 'mysql://owner@h/db' })).toThrow(/DATABASE_ADMIN_URL must be a postgres/);
    expect(() => loadConfig({ DATABASE_ADMIN_URL: 'postgres://owner@h/db' })).toThrow(/DATABASE_ADMIN_URL needs DATABASE_URL/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'DEMO']) expect(message).toContain(name);
    }
  });

  it('requires JWT_SECRET with DATABASE_URL, so every server signs alike', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/JWT_SECRET/);
  });

  it('throttles logins to 30 a minute per address unless LOGIN_RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(loadConfig({}).loginRateLimitPerMinute).toBe(30);
    expect(loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: '600' }).loginRateLimitPerMinute).toBe(600);
    for (const bad of ['0', '2.5', 'many', '1000000']) {
      expect(() => loadConfig({ LOGIN_RATE_LIMIT_PER_MINUTE: bad })).toThrow(/LOGIN_RATE_LIMIT_PER_MINUTE/);
    }
  });

  it('holds at most 1,000 live update streams per server unless EVENTS_MAX_STREAMS says otherwise', () => {
    expect(loadConfig({}).eventsMaxStreams).toBe(1000);
    expect(loadConfig({ EVENTS_MAX_STREAMS: '50' }).eventsMaxStreams).toBe(50);
    for (const bad of ['0', '-3', '2.5', 'many', '10000000']) {
      expect(() => loadConfig({ EVENTS_MAX_STREAMS: bad })).toThrow(/EVENTS_MAX_STREAMS/);
    }
  });

  it('lets DATABASE_READS_AT_ONCE list and record reads go to PostgreSQL at once (one per processor, at least 2, unless it says otherwise)', () => {
    const url = { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'x'.repeat(32) };
    const readsOf = (env: Record<string, string>) => loadConfig({ ...url, ...env }).readsAtOnce;
    expect(readsOf({})).toBe(Math.max(2, availableParallelism()));
    expect(readsOf({ DATABASE_READS_AT_ONCE: '8' })).toBe(8);
    for (const bad of ['0', '-1', '2.5', 'few', '1000']) {
      expect(() => loadConfig({ ...url, DATABASE_READS_AT_ONCE: bad })).toThrow(/DATABASE_READS_AT_ONCE/);
    }
  });

  it('keeps 32 MB of answers unless ANSWER_CACHE_MB says otherwise (0: none)', () => {
    expect(loadConfig({}).answerCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
    expect(loadConfig({ ANSWER_CACHE_MB: '256' }).answerCacheBytes).toBe(256 * 1024 * 1024);
    for (const bad of ['-1', '1.5', 'lots', '100000']) {
      expect(() => loadConfig({ ANSWER_CACHE_MB: bad })).toThrow(/ANSWER_CACHE_MB/);
    }
  });

  it('believes only the proxies TRUST_PROXY names: none, a number of hops, or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // One proxy: the client is the address it saw, never the first X-Forwarded-For entry the client wrote.
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    for (const bad of ['many', '1.5', '10.0.0.1;rm', '999']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });
});

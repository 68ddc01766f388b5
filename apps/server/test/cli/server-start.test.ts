import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

async function start(env: Record<string, string>) {
  try {
    await run(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

describe('server start-up', () => {
  it('names every bad variable in one line and exits 1', async () => {
    const result = await start({ PORT: 'eighty', SMTP_URL: 'http://mail', LOG_LEVEL: 'loud' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^3DS cannot start: Invalid configuration: .*PORT.*SMTP_URL.*LOG_LEVEL/);
  });

  it('says clearly in one line when the database cannot be reached', async () => {
    const result = await start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', JWT_SECRET: 'x'.repeat(40) });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^3DS cannot start: Cannot reach the database at postgres:\/\/nobody@127\.0\.0\.1:1\/none/);
  });

  it('starts on an empty data directory, answers health, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), '3ds-start-'));
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', DEMO: '0', LOG_LEVEL: 'info' },
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(output)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = /ready at (http:\/\/\S+?)\/3ds\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const health = await fetch(`${url}/3ds/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
    // The banner, whatever the log level: no demo users here (DEMO=0), the data directory named.
    expect(output).toContain(`  Database:  embedded PostgreSQL (PGlite) in ${dataDir}/pglite`);
    expect(output).not.toContain('Sign in:');
    await rm(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('prints the banner with the demo users, and no request log at the default level', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), '3ds-start-'));
    const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0' } });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(output)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk;
        const match = /ready at (http:\/\/\S+?)\/3ds\/[\s\S]*Stop:/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    expect(output).toContain('  Sign in:   admin, clerk, viewer, dwhitfield, mokafor, esandoval or sjensen, password "demo" (demo users)');
    expect(output).toContain('  Log:       warnings and errors (LOG_LEVEL=info logs every request)');
    expect((await fetch(`${url}/3ds/api/health`)).status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    expect(output).not.toMatch(/incoming request|request completed/);
    await rm(dataDir, { recursive: true, force: true });
  }, 150_000);
});

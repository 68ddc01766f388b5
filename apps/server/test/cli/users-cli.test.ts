import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../src/cli/users.ts', import.meta.url));
let dataDir: string;

async function users(args: string[], input?: string, dir = dataDir) {
  const child = run(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' } });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), '3ds-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run users (embedded database)', () => {
  it('adds a user, lists, sets privileges and organisation, changes the password, disables and enables', async () => {
    const added = await users(['add', 'jdoe', '--password', 'first-pass-1', '--privileges', 'CREATE_JOB,create_container', '--org', 'Northwind Laboratories', '--name', 'Jane Doe']);
    expect(added.stdout).toContain('Added jdoe.');
    let list = await users(['list']);
    expect(list.stdout).toMatch(/jdoe\s+active\s+org=Northwind Laboratories privileges=CREATE_JOB,CREATE_CONTAINER/);
    expect((await users(['privileges', 'jdoe', 'all'])).stdout).toContain('MANAGE_USERS');
    // Another administrator first: the last one can be neither demoted nor disabled.
    await users(['add', 'keeper', '--password', 'keeper-pass-1', '--privileges', 'MANAGE_USERS']);
    expect((await users(['privileges', 'jdoe', 'none'])).stdout).toContain('no privileges');
    expect((await users(['password', 'jdoe'], 'second-pass-2\n')).stdout).toContain('Password of jdoe changed');
    expect((await users(['disable', 'jdoe'])).stdout).toContain('Disabled jdoe.');
    list = await users(['list']);
    expect(list.stdout).toMatch(/jdoe\s+disabled/);
    expect((await users(['enable', 'jdoe'])).stdout).toContain('Enabled jdoe.');
  }, 90_000);

  it.each([
    [['add', 'weak', '--password', 'short'], /at least 10 characters/],
    [['add', 'weak2', '--password', 'onlyletterslong'], /at least one letter and one digit/],
    [['add', 'Bad Name', '--password', 'good-pass-123'], /lower-case letters/],
    [['add', 'x1', '--password', 'good-pass-123', '--privileges', 'ROOT'], /Unknown privilege: ROOT/],
    [['disable', 'ghost'], /There is no user ghost/],
    [['frobnicate', 'x'], /Unknown command "frobnicate"/],
  ])('refuses %j with a message and exit code 1', async (args, message) => {
    const result = await users(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  }, 30_000);

  it('will not leave the database without an administrator', async () => {
    const own = await mkdtemp(join(tmpdir(), '3ds-cli-admin-'));
    try {
      const cli = (args: string[]) => users(args, undefined, own);
      await cli(['add', 'root1', '--password', 'good-pass-123', '--privileges', 'MANAGE_USERS']);
      const demote = await cli(['privileges', 'root1', 'none']);
      expect(demote.code).toBe(1);
      expect(demote.stderr).toContain('Cannot remove MANAGE_USERS from the last administrator');
      expect((await cli(['disable', 'root1'])).stderr).toContain('Cannot disable the last administrator');
      await cli(['add', 'root2', '--password', 'good-pass-123', '--privileges', 'MANAGE_USERS']);
      expect((await cli(['disable', 'root1'])).stdout).toContain('Disabled root1.');
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a username that is taken', async () => {
    await users(['add', 'twice', '--password', 'good-pass-123']);
    const again = await users(['add', 'twice', '--password', 'good-pass-123']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already taken');
  }, 30_000);

  it('will not open the embedded database while a server holds it', async () => {
    // A live process (this test runner) holds the lock.
    await writeFile(join(dataDir, 'pglite', '3ds.lock'), String(process.pid));
    const result = await users(['list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/in use by process \d+\. Stop that server first/);
    await rm(join(dataDir, 'pglite', '3ds.lock'));
  }, 30_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the benches share: starting and stopping servers, reading a process's CPU and memory, percentiles, tables. */

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A deterministic pseudo-random sequence (the same words and pages run after run). */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const round1 = (n: number) => Math.round(n * 10) / 10;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const fmt = (n: number | null | undefined, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The arguments `npm start` gives node (`"start": "node <args>"` in the root package.json). */
export function productionStartArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node' || !args.length) throw new Error(`the start script is not "node <args>": ${pkg.scripts.start}`);
  return args;
}

/** Starts a child and waits until `readyUrl` answers 200; fails if the child exits first. */
export async function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited: number | null = null;
  child.on('exit', (code) => {
    exited = code ?? -1;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${name} exited with code ${exited} before it was ready`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGTERM');
  throw new Error(`${name} was not ready within 120 s`);
}

/**
 * One server as `npm start` runs it, on the database at `url` (no demo data, warnings only, a fresh
 * data directory), listening on a free port of 127.0.0.1. `stop` ends it and removes its directory.
 */
export async function startServer(url: string, env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), '3ds-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startChild(
    'the server',
    productionStartArgs(),
    { ...process.env, DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', ...env },
    `${base}/3ds/api/health`,
  );
  return {
    child,
    base,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([gone, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** CPU time (user + system) a process has used so far, in ms, from /proc. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) closed by ')': utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

/** Memory of a process from /proc (kB). */
export function procStatus(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** Resets the peak RSS (VmHWM) of a process to its current RSS; false when the kernel refuses. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}


export function printTable(headers: string[], rows: string[][], alignLeft = new Set([0])): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (alignLeft.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}


/**
 * `results` with the keys of `file`'s results that another bench writes (`keys`) kept as they are:
 * each bench rewrites its own part of bench/results.json.
 */
export function keepOtherResults<T extends object>(file: string, results: T, keys: readonly string[]): T {
  if (!existsSync(file)) return results;
  const earlier = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const kept = Object.fromEntries(keys.filter((k) => k in earlier && !(k in results)).map((k) => [k, earlier[k]]));
  return { ...results, ...kept };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gs1CheckDigit } from '@3ds/domain';
import { chromium, type Page } from 'playwright-core';

/**
 * The scanning bench (issue "Scan to intake"): in Chromium, on the demo data, against the built app.
 *
 * 1. scan → filled form: a GS1 DataMatrix element string typed into "Scan or type an NDC" as a
 *    keyboard-wedge scanner types it, then Enter, until the line item form shows the package's
 *    NDC, lot, expiry and serial — the app's own User Timing measure `3ds:scan-to-form` (from the
 *    Enter to the form's first render with its values), one distinct NDC per scan, so that every
 *    scan resolves the code and looks its NDC up afresh.
 * 2. a run of 50 identical packages: the first scan, its pack quantity and Enter; then 49 times a
 *    scan and Enter ("same as last"), until the counter says 50. Wall-clock time.
 *
 * Usage: npm run bench:scan -- [--scans 40] [--run 50] [--out bench/results.json]
 * Run it on a quiet machine (no test suite or browser beside it). The figures are written into
 * `scan` of the results file (the API bench keeps that key when it rewrites the file).
 */

const ROOT = resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GS = '\u001d';

type Json = Record<string, unknown>;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

/** The built app on a free port, fresh embedded database with the demo data (as the e2e journeys run it). */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('build the web app first: npm run build');
  const child = spawn(process.execPath, ['--max-semi-space-size=16', join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/[^\s"]+\/3ds\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        ready(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => fail(new Error(`the server exited with ${code}:\n${output}`)));
  });
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.resume();
  return { child, base };
}

function client(base: string) {
  let token = '';
  const call = async (method: string, path: string, body?: Json, query?: Record<string, string>): Promise<Json> => {
    const url = new URL(`api/${path}`, base);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const res = await fetch(url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    const json = (await res.json()) as Json;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    async login() {
      token = String((await call('POST', 'login', { username: 'admin', password: 'demo' })).token);
    },
  };
}

const gtinOf = (ndc: string): string | null => {
  const [l = '', p = '', k = ''] = ndc.split('-');
  const ten = l.startsWith('0') ? l.slice(1) + p + k : p.startsWith('0') ? l + p.slice(1) + k : k.startsWith('0') ? l + p + k.slice(1) : null;
  return ten ? `003${ten}${gs1CheckDigit(`003${ten}`)}` : null;
};

async function signIn(page: Page, base: string) {
  await page.goto(base);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
}

async function main() {
  const { values } = parseArgs({
    options: { scans: { type: 'string', default: '40' }, run: { type: 'string', default: '50' }, out: { type: 'string', default: 'bench/results.json' } },
  });
  const scans = Number(values.scans);
  const runLength = Number(values.run);
  const dataDir = mkdtempSync(join(tmpdir(), '3ds-bench-scan-'));
  const { child, base } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const api = client(base);
    await api.login();
    const registrations = await api.call('GET', 'registrations', undefined, {
      searchCriteria: JSON.stringify([{ criteria: { 'Schedule 2': 'Yes', 'Expiration Date': '>//' } }]),
      limit: '1',
    });
    const registrationId = Number((registrations.data as { recordId: string }[])[0]!.recordId);
    const dictionary = await api.call('GET', 'dictionaries', undefined, {
      searchCriteria: JSON.stringify([{ criteria: { 'CSA Schedule LU': '==2', 'Trade Packages': 'Yes' } }, { omit: true, criteria: { 'Removed From ARCOS': '1' } }]),
      limit: String(scans * 3),
    });
    // NDCs whose GTIN reads as one NDC of the dictionary: each scan opens the form at once.
    const ndcs: { ndc: string; gtin: string }[] = [];
    for (const row of dictionary.data as { fieldData: Json }[]) {
      const ndc = String(row.fieldData['NDC Code LU']);
      const gtin = gtinOf(ndc);
      if (!gtin) continue;
      const resolved = await api.call('GET', 'ndc/resolve', undefined, { code: gtin });
      if ((resolved.entries as Json[]).length === 1) ndcs.push({ ndc, gtin });
      if (ndcs.length === scans + 2) break;
    }
    if (ndcs.length < scans + 2) throw new Error(`only ${ndcs.length} unambiguous schedule 2 NDCs`);
    const container = async (name: string) => {
      const job = await api.call('POST', 'job', { fieldData: { _fkRegistration_Record_Number: registrationId, 'Job Name': name } });
      return String((await api.call('POST', 'container/new', { jobId: Number(job.recordId), containerName: name })).recordId);
    };

    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, base);
    const field = page.getByLabel('Scan or type an NDC');
    const focused = () => field.evaluate((element) => element === document.activeElement);

    // 1. scan → filled form, one NDC each time (the first two warm the screen's code up, not counted).
    await page.goto(new URL(`container/${await container('Bench scan → form')}`, base).href);
    await field.waitFor();
    const durations: number[] = [];
    for (const [index, { ndc, gtin }] of ndcs.entries()) {
      const lot = `B${index}`;
      await page.keyboard.type(`]d201${gtin}17281231` + `10${lot}${GS}21S${index}`);
      await page.keyboard.press('Enter');
      const form = page.getByRole('dialog', { name: `Enter Data For ${ndc}` });
      await form.getByLabel('Lot Number').and(page.locator(`[value="${lot}"]`)).waitFor();
      const measured = await page.evaluate(() => performance.getEntriesByName('3ds:scan-to-form').map((entry) => entry.duration));
      if (index >= 2) durations.push(measured.at(-1)!);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
      while (!(await focused())) await page.waitForTimeout(5);
    }
    durations.sort((a, b) => a - b);
    const scanToForm = { scans: durations.length, p50_ms: percentile(durations, 50), p95_ms: percentile(durations, 95), max_ms: percentile(durations, 100), budget_p95_ms: 150 };
    console.log(`scan → filled form: ${JSON.stringify(scanToForm)}`);

    // 2. a run of identical packages: a scan and an Enter each after the first.
    const runContainer = await container('Bench run');
    await page.goto(new URL(`container/${runContainer}`, base).href);
    await field.waitFor();
    const { ndc, gtin } = ndcs[0]!;
    const form = page.getByRole('dialog', { name: `Enter Data For ${ndc}` });
    const save = form.getByRole('button', { name: 'Save' });
    const started = performance.now();
    for (let i = 1; i <= runLength; i += 1) {
      await page.keyboard.type(`]d201${gtin}17281231` + `10RUN-LOT${GS}21RUN${String(i).padStart(4, '0')}`);
      await page.keyboard.press('Enter');
      if (i === 1) {
        await form.getByLabel('Pack Qty').fill('1');
        await form.getByLabel('Pack Qty').press('Enter');
      } else {
        await save.and(page.locator(':focus')).waitFor();
        await page.keyboard.press('Enter');
      }
      await page.getByText(`${i} added in this run`).waitFor();
      while (!(await focused())) await page.waitForTimeout(5);
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const record = await api.call('GET', `containers/${runContainer}`);
    const portal = Object.values((record.data as { portalData: Record<string, unknown[]> }[])[0]!.portalData)[0] ?? [];
    const run = { packages: runLength, seconds, per_package_s: Math.round((seconds / runLength) * 100) / 100, line_items_saved: portal.length, budget_seconds: 120 };
    console.log(`run of ${runLength} identical packages: ${JSON.stringify(run)}`);
    if (portal.length !== runLength) throw new Error(`the container holds ${portal.length} line items, not ${runLength}`);

    const out = resolve(ROOT, values.out!);
    const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Json) : {};
    const scan = { measured_at: new Date().toISOString(), cores: cpus().length, database: 'embedded (PGlite), demo data', scan_to_form: scanToForm, run };
    writeFileSync(out, `${JSON.stringify({ ...previous, scan }, null, 2)}\n`);
    console.log(`Wrote ${relative(ROOT, out)} (scan).`);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:scan: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

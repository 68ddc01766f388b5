/**
 * The read-only bench of two versions of the code, compared by the medians of several runs taken in
 * turn on the same machine (bench/README.md, "The read-only cases against an earlier version").
 * A five-second case varies by a third from one run to the next on two cores, so one run of each
 * decides nothing; runs taken in turn share the machine's slow and fast minutes.
 *
 *   node bench/side-by-side.ts --before 'a1.json,a2.json,a3.json' --after 'b1.json,b2.json,b3.json' \
 *     --label "the code of 2026-11-25 (00d4861)" [--out bench/results.json]
 *
 * Each file is the output of `npm run bench -- --out FILE` of one version. Prints a table of every
 * case (requests a second and server CPU per request, each run and the medians) and the exports, and
 * writes it under `read_only_side_by_side` in `--out` (other keys are kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { printTable } from './support.ts';

interface Stats {
  rps: number;
  p95_ms: number | null;
  cpu_us: number | null;
}
interface Run {
  rows: number;
  queries: { name: string; ours: Stats }[];
  export_xlsx_100k: { seconds: number; peak_rss_mb: number } | null;
  export_pdf_10k: { seconds: number; peak_rss_mb: number } | null;
}

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The change from `before` to `after` in percent, one decimal; positive is more (of requests a second: better). */
function change(before: number | null, after: number | null): number | null {
  return before && after !== null ? Math.round((after / before - 1) * 1000) / 10 : null;
}

function sideBySide(before: readonly Run[], after: readonly Run[]) {
  const names = after[0]?.queries.map((q) => q.name) ?? [];
  const of = (runs: readonly Run[], name: string, key: keyof Stats) =>
    runs.flatMap((run) => {
      const value = run.queries.find((q) => q.name === name)?.ours[key];
      return typeof value === 'number' ? [value] : [];
    });
  const cases = names.map((name) => {
    const [rpsBefore, rpsAfter] = [of(before, name, 'rps').map(Math.round), of(after, name, 'rps').map(Math.round)];
    const [cpuBefore, cpuAfter] = [median(of(before, name, 'cpu_us')), median(of(after, name, 'cpu_us'))];
    return {
      name,
      rps_before: rpsBefore,
      rps_after: rpsAfter,
      rps_before_median: median(rpsBefore),
      rps_after_median: median(rpsAfter),
      rps_change_pct: change(median(rpsBefore), median(rpsAfter)),
      cpu_us_before_median: cpuBefore,
      cpu_us_after_median: cpuAfter,
    };
  });
  const exportOf = (key: 'export_xlsx_100k' | 'export_pdf_10k') => {
    const seconds = (runs: readonly Run[]) => runs.flatMap((run) => (run[key] ? [run[key]!.seconds] : []));
    const [b, a] = [seconds(before), seconds(after)];
    return { seconds_before: b, seconds_after: a, seconds_before_median: median(b), seconds_after_median: median(a), seconds_change_pct: change(median(b), median(a)) };
  };
  return { cases, export_xlsx_100k: exportOf('export_xlsx_100k'), export_pdf_10k: exportOf('export_pdf_10k') };
}

function main() {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      after: { type: 'string' },
      label: { type: 'string', default: 'the earlier code' },
      out: { type: 'string', default: 'bench/results.json' },
    },
  });
  if (!values.before || !values.after) throw new Error('--before and --after each take a comma-separated list of bench result files');
  const read = (list: string) => list.split(',').map((file) => JSON.parse(readFileSync(file.trim(), 'utf8')) as Run);
  const [before, after] = [read(values.before), read(values.after)];
  const result = sideBySide(before, after);
  const cell = (n: number | null) => (n === null ? '–' : n.toLocaleString('en-US'));
  const pct = (n: number | null) => (n === null ? '–' : `${n > 0 ? '+' : ''}${n}%`);
  console.log(`Requests a second, ${values.label} (before) and this code (after), ${before.length} and ${after.length} runs taken in turn:`);
  printTable(
    ['case', 'before, each run', 'median', 'after, each run', 'median', 'change', 'CPU µs/req before', 'after'],
    result.cases.map((c) => [
      c.name,
      c.rps_before.map(cell).join(' · '),
      cell(c.rps_before_median),
      c.rps_after.map(cell).join(' · '),
      cell(c.rps_after_median),
      pct(c.rps_change_pct),
      cell(c.cpu_us_before_median),
      cell(c.cpu_us_after_median),
    ]),
  );
  for (const key of ['export_xlsx_100k', 'export_pdf_10k'] as const) {
    const e = result[key];
    console.log(`${key}: ${e.seconds_before.join(' · ')} s (median ${cell(e.seconds_before_median)}) → ${e.seconds_after.join(' · ')} s (median ${cell(e.seconds_after_median)}), ${pct(e.seconds_change_pct)}`);
  }
  const file = JSON.parse(readFileSync(values.out, 'utf8')) as Record<string, unknown>;
  file.read_only_side_by_side = { before: values.label, rows_before: before[0]?.rows, rows_after: after[0]?.rows, ...result };
  writeFileSync(values.out, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`Wrote read_only_side_by_side in ${values.out}.`);
}

main();

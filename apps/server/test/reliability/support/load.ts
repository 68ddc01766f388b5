import type { ApiAnswer, ApiClient } from './api-client.ts';

/** One request of a load run, with when it was sent and answered (ms since the run began). */
export interface TimedAnswer extends ApiAnswer {
  client: number;
  label: string;
  sentAt: number;
  answeredAt: number;
}

export interface LoadRun {
  /** Milliseconds since the run began. */
  elapsed(): number;
  /** Stops the clients after their current request and answers everything they saw. */
  stop(): Promise<TimedAnswer[]>;
}

/**
 * Clients that each send one request after another (no pause) until stopped; `next` chooses what
 * client `i` asks for its `n`-th request.
 */
export function startLoad(clients: ApiClient[], next: (i: number, n: number) => { label: string; path: string }): LoadRun {
  const began = performance.now();
  const elapsed = () => performance.now() - began;
  const answers: TimedAnswer[] = [];
  let running = true;
  const loops = clients.map(async (client, i) => {
    for (let n = 0; running; n++) {
      const { label, path } = next(i, n);
      const sentAt = elapsed();
      const answer = await client.request('GET', path, { timeoutMs: 30_000 });
      answers.push({ ...answer, client: i, label, sentAt, answeredAt: elapsed() });
      // A refused connection answers at once: do not spin.
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    elapsed,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers.sort((a, b) => a.sentAt - b.sentAt);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it answers something truthy, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false | null>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Counts of answers by label and status, as a printable table. */
export function tally(answers: readonly { label: string; status: number }[]): { rows: Record<string, Record<string, number>>; text: string } {
  const rows: Record<string, Record<string, number>> = {};
  const statuses = new Set<string>();
  for (const a of answers) {
    const status = a.status === 0 ? 'no answer' : String(a.status);
    statuses.add(status);
    rows[a.label] ??= {};
    rows[a.label]![status] = (rows[a.label]![status] ?? 0) + 1;
  }
  const columns = [...statuses].sort();
  const width = Math.max(9, ...Object.keys(rows).map((l) => l.length));
  const line = (label: string, cells: string[]) => `${label.padEnd(width)} ${cells.map((c) => c.padStart(9)).join(' ')}`;
  const totals = columns.map((c) => Object.values(rows).reduce((sum, r) => sum + (r[c] ?? 0), 0));
  const text = [
    line('', [...columns, 'total']),
    ...Object.entries(rows)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, r]) => line(label, [...columns.map((c) => String(r[c] ?? 0)), String(Object.values(r).reduce((s, n) => s + n, 0))])),
    line('total', [...totals.map(String), String(totals.reduce((s, n) => s + n, 0))]),
  ].join('\n');
  return { rows, text };
}

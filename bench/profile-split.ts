import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/**
 * Where a server's CPU went, from a V8 CPU profile (`npm run bench -- --profile DIR`): each sample is
 * given to the first part of the request's work found walking its stack from the innermost frame
 * out, so a pg socket write made for the session check counts as the database driver, and time in
 * our own code counts where it was spent.
 *
 *   node bench/profile-split.ts DIR/CPU.….cpuprofile [--requests N]
 *
 * With --requests (the requests answered while profiling), each part is also given in µs per request.
 */

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts, in the order a stack is matched against them (innermost frame first, then outwards). */
const PARTS: { name: string; matches: (frame: CallFrame) => boolean }[] = [
  { name: 'idle', matches: (f) => f.functionName === '(idle)' },
  { name: 'garbage collection', matches: (f) => f.functionName === '(garbage collector)' },
  { name: 'security headers (helmet)', matches: (f) => /\/helmet\//.test(f.url) },
  { name: 'logging (pino)', matches: (f) => /\/(pino|pino-std-serializers|sonic-boom)\//.test(f.url) },
  { name: 'token verification', matches: (f) => /\/security\/tokens\.ts$/.test(f.url) },
  { name: 'session check', matches: (f) => /\/modules\/auth\/(auth\.service|sessions\.repository)\.ts$|\/plugins\/auth\.ts$/.test(f.url) },
  { name: 'response serialisation', matches: (f) => f.functionName === 'answerBytes' },
  { name: 'answer cache', matches: (f) => /\/records\/(answer-cache|data-versions)\.ts$/.test(f.url) },
  { name: 'table versions and counts', matches: (f) => /\/records\/count-cache\.ts$/.test(f.url) },
  {
    name: 'database driver (pg, socket writes)',
    matches: (f) => /\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-date|postgres-array|postgres-interval|postgres-bytea)\//.test(f.url),
  },
  { name: 'SQL building (Kysely, find compiler)', matches: (f) => /\/node_modules\/kysely\/|\/records\/(records\.repository|find-request|find-criterion|list-query)\.ts$/.test(f.url) },
  { name: 'row formatting (fieldData)', matches: (f) => /\/records\/record-format\.ts$|\/domain\/src\/dates\.ts$/.test(f.url) },
  { name: 'response serialisation', matches: (f) => f.functionName === 'stringify' || f.functionName === 'writeUtf8String' || /\/records\/records\.routes\.ts$/.test(f.url) },
  { name: 'request validation (zod)', matches: (f) => /\/node_modules\/(zod|fastify-type-provider-zod)\//.test(f.url) },
  { name: 'records service', matches: (f) => /\/records\/records\.service\.ts$/.test(f.url) },
  { name: 'HTTP and routing (node:http, Fastify)', matches: (f) => /\/node_modules\/(fastify|find-my-way|light-my-request|@fastify)\/|^node:_http|node:internal\/http/.test(f.url) },
];

export function splitProfile(profile: Profile): { part: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    let found = 'other (node internals, promises, timers)';
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)!.callFrame;
      const part = PARTS.find((p) => p.matches(frame));
      if (part) {
        found = part.name;
        break;
      }
    }
    partOf.set(id, found);
    return found;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = classify(id);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([part, ms]) => ({ part, ms })).sort((a, b) => b.ms - a.ms);
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { requests: { type: 'string' } } });
  if (!positionals[0]) {
    console.error('usage: node bench/profile-split.ts <file.cpuprofile> [--requests N]');
    process.exit(2);
  }
  const split = splitProfile(JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile);
  const busy = split.filter((s) => s.part !== 'idle').reduce((sum, s) => sum + s.ms, 0);
  const requests = values.requests ? Number(values.requests) : undefined;
  console.log(`busy ${busy.toFixed(0)} ms${requests ? `, ${requests} requests: ${((busy * 1000) / requests).toFixed(0)} µs a request` : ''}`);
  console.log(`| part | share of busy CPU |${requests ? ' µs a request |' : ''}`);
  console.log(`| --- | ---: |${requests ? ' ---: |' : ''}`);
  for (const { part, ms } of split) {
    if (part === 'idle') continue;
    const share = `${((100 * ms) / busy).toFixed(1)}%`;
    console.log(`| ${part} | ${share} |${requests ? ` ${((ms * 1000) / requests).toFixed(0)} |` : ''}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();

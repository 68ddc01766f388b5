/**
 * `npm run audit:deps`: fails when a dependency the server or the web app ships has a high or
 * critical advisory. When the registry in use does not serve npm's advisory endpoint (some mirrors
 * answer 405), it says so and does not fail: there is nothing to check against.
 */
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: {
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  error?: { summary?: string };
  message?: string;
};
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? 'no answer';
  console.warn(`dependency audit: the registry's advisory database could not be reached (${why.trim()}); nothing was checked.`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `dependency audit (production dependencies): ${Object.entries(counts)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ')}`,
);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') console.error(`  ${v.severity}: ${name}`);
  }
  process.exit(1);
}

import type { NewContainer } from '../db/tables/containers.table.ts';
import type { RecordKind } from '../db/tables/record-columns.ts';
import { momentAt } from './calendar.ts';
import type { SeedJob } from './demo-jobs.ts';
import { SeededRandom } from './random.ts';
import { VALUE_LISTS } from './value-lists.ts';

export const DEMO_CONTAINER_COUNTS = { standard: 600, yellow_bucket: 120 } as const;

export interface SeedContainer {
  row: NewContainer & { id: number; kind: RecordKind; job_id: number; locked: boolean };
  job: SeedJob;
  /** Day and minute the container was packed; its line items follow. */
  day: string;
  minute: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * 600 standard and 120 Yellow Bucket containers on the jobs that have been confirmed or picked up
 * (an open job has none yet). A locked job's containers are locked (a lock cascades); a few others
 * are locked on their own.
 */
export function buildContainers(jobs: readonly SeedJob[]): SeedContainer[] {
  const rng = new SeededRandom(0xc0_47_a1);
  const packed = jobs.filter((j) => j.packedOn !== null);
  const standardCounts = rng.spread(DEMO_CONTAINER_COUNTS.standard, packed.length, 1);
  const withYellowBuckets = packed.filter(() => rng.chance(0.45));
  const ybCounts = rng.spread(DEMO_CONTAINER_COUNTS.yellow_bucket, withYellowBuckets.length, 1);
  const ybByJob = new Map(withYellowBuckets.map((job, k) => [job, ybCounts[k]!]));

  const containers: SeedContainer[] = [];
  packed.forEach((job, k) => {
    const plan: [RecordKind, number][] = [
      ['standard', standardCounts[k]!],
      ['yellow_bucket', ybByJob.get(job) ?? 0],
    ];
    let minute = 14 * 60 + rng.int(0, 240);
    for (const [kind, count] of plan) {
      for (let n = 1; n <= count; n += 1) {
        const yb = kind === 'yellow_bucket';
        const uom = yb ? rng.weighted([['Lb', 70], ['kg', 25], ['g', 5]] as const) : rng.weighted([['lbs', 60], ['kg', 40]] as const);
        // Weights in pounds, converted to the container's unit; some are not weighed yet.
        const weighed = job.stage !== 'confirmed' || rng.chance(0.3);
        const tareLb = yb ? rng.int(8, 60) : rng.int(5, 40) / 10;
        const netLb = yb ? rng.int(200, 30000) / 100 : rng.int(50, 6000) / 100;
        const factor = uom === 'kg' ? 0.45359237 : uom === 'g' ? 453.59237 : 1;
        const created = momentAt(job.packedOn!, Math.min(minute, 22 * 60));
        minute += rng.int(3, 20);
        const createdBy = rng.pick(['admin', 'clerk'] as const);
        containers.push({
          job,
          day: job.packedOn!,
          minute: Math.min(minute, 22 * 60),
          row: {
            id: containers.length + 1,
            kind,
            job_id: job.row.id,
            name: `J${job.row.id}-${yb ? 'YB' : 'C'}${String(n).padStart(2, '0')}`,
            pallet: `PLT-${rng.int(1, 3)}`,
            container_type: rng.pick(VALUE_LISTS[yb ? 'YB Container Type' : 'Container Type']!),
            package_weight: weighed ? round2(tareLb * factor) : null,
            net_weight: weighed ? round2(netLb * factor) : null,
            gross_uom: uom,
            locked: job.row.locked || rng.chance(0.08),
            zi_package_size: null,
            created_at: created,
            created_by: createdBy,
            modified_at: created,
            modified_by: createdBy,
          },
        });
      }
    }
  });
  return containers;
}

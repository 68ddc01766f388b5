import { isSamePerson } from '@3ds/domain';
import type { NewJob } from '../db/tables/jobs.table.ts';
import { addDays, daysBetween, momentAt, monthYear } from './calendar.ts';
import type { SeedRegistration } from './demo-registrations.ts';
import { SeededRandom } from './random.ts';
import {
  DESTRUCTION_FACILITIES,
  DISPOSAL_METHODS,
  FIRST_NAMES,
  JOB_PURPOSES,
  LAST_NAMES,
  DEMO_WITNESSES,
  TRANSPORT_FACILITIES,
  TRANSPORT_METHODS,
  TRANSPORTERS,
} from './seed-choices.ts';

export const DEMO_JOB_COUNT = 150;

/** How far a job has come; each stage adds its dates. */
export type JobStage = 'open' | 'confirmed' | 'transferred' | 'in-vault' | 'destroyed' | 'completed';

const STATUS: Readonly<Record<JobStage, string>> = {
  open: 'Open',
  confirmed: 'Confirmed',
  transferred: 'In Transit',
  'in-vault': 'In Vault',
  destroyed: 'Destroyed',
  completed: 'Completed',
};


export interface SeedJob {
  row: NewJob & { id: number; name: string; registration_id: number; locked: boolean };
  registration: SeedRegistration;
  stage: JobStage;
  /** The day containers were packed (pick-up), or null when nothing has been picked up. */
  packedOn: string | null;
}

function person(rng: SeededRandom): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A date `after` + some days, or null when that would be after today. */
function laterDate(rng: SeededRandom, after: string | null, min: number, max: number, today: string): string | null {
  if (!after) return null;
  const next = addDays(after, rng.int(min, max));
  return next <= today ? next : null;
}

/**
 * 150 jobs over the registrations, in every stage from just opened to completed. Older jobs are
 * mostly completed and locked; a job on an expired registration ended before it expired. Ids follow
 * the filing date.
 */
export function buildJobs(today: string, registrations: readonly SeedRegistration[]): SeedJob[] {
  const rng = new SeededRandom(0x10_b5_00);
  const distributors = registrations.filter((r) => r.company.fixture.kind === 'distributor' && r.row.license_type === 'Federal');
  const weighted = registrations.map((r) => [r, r.expiry === 'current' ? 3 : r.expiry === 'almost-expired' ? 2 : 1] as const);

  // Controlled substances come back only from DEA registrants (registrants.ts): a job drawn on a
  // company's State licence goes on the company's DEA registration instead.
  const deaRegistrationOf = (drawn: SeedRegistration) =>
    drawn.row.license_type === 'Federal' ? drawn : (registrations.find((r) => r.company === drawn.company && r.row.license_type === 'Federal') ?? drawn);

  const drafts = Array.from({ length: DEMO_JOB_COUNT }, (_, k) => {
    const registration = deaRegistrationOf(rng.weighted(weighted));
    let age: number;
    if (registration.expiry === 'expired') {
      age = daysBetween(registration.row.expiration_date!, today) + rng.int(20, 365);
    } else {
      // Many jobs are recent (still being worked on), the rest spread over two years.
      const [min, max] = rng.weighted([
        [[0, 45], 45],
        [[46, 240], 25],
        [[241, 700], 30],
      ] as const);
      age = rng.int(min, max);
    }
    const initiated = addDays(today, -age);
    const filed = addDays(initiated, -rng.int(0, 7));
    const confirmed = laterDate(rng, initiated, 1, 4, today);
    const transfer = laterDate(rng, confirmed, 1, 14, today);
    const vaultIn = laterDate(rng, transfer, 0, 2, today);
    // Destructions are batched, within the 30 calendar days after receipt that 21 CFR 1317.15(c)
    // allows (received: the day the items went into the vault).
    const destroyed = laterDate(rng, vaultIn, 1, 30, today);
    const completed = laterDate(rng, destroyed, 3, 30, today);
    const stage: JobStage = completed
      ? 'completed'
      : destroyed
        ? 'destroyed'
        : vaultIn
          ? 'in-vault'
          : transfer
            ? 'transferred'
            : confirmed
              ? 'confirmed'
              : 'open';
    const locked = stage === 'completed' ? rng.chance(0.9) : stage === 'destroyed' ? rng.chance(0.3) : false;
    const supplier =
      rng.chance(0.2) && distributors.length > 0 ? rng.pick(distributors.filter((d) => d.company !== registration.company)) : null;
    const lastEvent = completed ?? destroyed ?? vaultIn ?? transfer ?? confirmed ?? filed;
    const createdBy = rng.pick(['admin', 'clerk'] as const);
    // Two witnesses are two people (destructionRecordProblems).
    const transferWitness1 = transfer ? person(rng) : null;
    let transferWitness2 = transfer ? person(rng) : null;
    while (transferWitness2 !== null && isSamePerson(transferWitness1, transferWitness2)) transferWitness2 = person(rng);
    const row: Omit<SeedJob['row'], 'id'> = {
      registration_id: registration.row.id,
      supplier_registration_id: supplier?.row.id ?? null,
      name: `${registration.company.row.name} ${monthYear(initiated)} ${rng.pick(JOB_PURPOSES)}`,
      status: STATUS[stage],
      activity: registration.row.activity,
      date_filed: filed,
      date_initiated: initiated,
      date_confirmed: confirmed,
      date_transfer: transfer,
      date_destroyed: destroyed,
      date_vault_in: vaultIn,
      date_vault_out: destroyed,
      date_completed: completed,
      locked,
      sister_job_id: null,
      facility_transported_to: transfer ? rng.pick(TRANSPORT_FACILITIES) : null,
      transporter: transfer ? rng.pick(TRANSPORTERS) : null,
      transport_method: transfer ? rng.pick(TRANSPORT_METHODS) : null,
      disposal_method: destroyed ? rng.weighted([[DISPOSAL_METHODS[0], 85], [DISPOSAL_METHODS[1], 15]] as const) : null,
      transfer_witness_1: transferWitness1,
      transfer_witness_2: transferWitness2,
      // The staff who witness, users who confirm for themselves (demo-seed.ts writes their confirmations).
      destruction_witness_1: destroyed ? DEMO_WITNESSES[k % DEMO_WITNESSES.length]!.displayName : null,
      destruction_witness_2: destroyed ? DEMO_WITNESSES[(k + 1) % DEMO_WITNESSES.length]!.displayName : null,
      cwf_number: null,
      date_received: vaultIn,
      destruction_facility: destroyed ? DESTRUCTION_FACILITIES[k % DESTRUCTION_FACILITIES.length]!.name : null,
      destruction_facility_address: destroyed ? DESTRUCTION_FACILITIES[k % DESTRUCTION_FACILITIES.length]!.address : null,
      created_at: momentAt(filed, 13 * 60 + rng.int(0, 540)),
      created_by: createdBy,
      modified_at: momentAt(lastEvent, 13 * 60 + rng.int(0, 540)),
      modified_by: rng.chance(0.7) ? createdBy : 'admin',
    };
    return { row, registration, stage, packedOn: transfer ?? confirmed, order: k };
  });

  drafts.sort((a, b) => (a.row.date_filed! < b.row.date_filed! ? -1 : a.row.date_filed! > b.row.date_filed! ? 1 : a.order - b.order));
  const jobs: SeedJob[] = drafts.map(({ row, registration, stage, packedOn }, k) => {
    const id = k + 1;
    const cwf = row.date_destroyed ? `CWF-${row.date_destroyed.slice(0, 4)}-${String(id).padStart(5, '0')}` : null;
    return { row: { ...row, id, cwf_number: cwf }, registration, stage, packedOn };
  });

  // Sister jobs: a second pick-up for the same registration within two months shares the first's pictures.
  for (const job of jobs) {
    if (!rng.chance(0.35)) continue;
    const earlier = jobs.find(
      (other) =>
        other.row.id < job.row.id &&
        other.registration === job.registration &&
        daysBetween(other.row.date_initiated!, job.row.date_initiated!) <= 60 &&
        !jobs.some((j) => j.row.sister_job_id === other.row.id),
    );
    if (earlier) job.row.sister_job_id = earlier.row.id;
  }
  return jobs;
}

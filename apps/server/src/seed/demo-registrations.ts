import { deaActivityLabel, deaCheckDigit, registrantTypeLettersFor, type DeaBusinessActivityCode } from '@3ds/domain';
import type { NewRegistration } from '../db/tables/registrations.table.ts';
import { addDays, momentAt } from './calendar.ts';
import type { SeedCompany } from './demo-companies.ts';
import { STATE_NAMES, type CompanyKind } from './seed-choices.ts';
import { SeededRandom } from './random.ts';

/** A Federal registration has a DEA activity code; a State licence its agency's wording. */
type RegistrationPlan = { federal: DeaBusinessActivityCode; site?: 'second' } | { state: string };

/** Registrations per kind of company: 8×5 + 6×3 + 14×2 + 8×3 + 3 + 3 + 2×2 = 120. */
const PLANS: Readonly<Record<CompanyKind, readonly RegistrationPlan[]>> = {
  manufacturer: [{ federal: 'E' }, { federal: 'E', site: 'second' }, { federal: 'H' }, { federal: 'J' }, { state: 'Manufacturer' }],
  distributor: [{ federal: 'F' }, { federal: 'K' }, { federal: 'F', site: 'second' }],
  pharmacy: [{ federal: 'A' }, { state: 'Retail Pharmacy' }],
  hospital: [{ federal: 'B' }, { federal: 'B', site: 'second' }, { state: 'Hospital Pharmacy' }],
  university: [{ federal: 'D' }, { federal: 'G' }, { federal: 'G', site: 'second' }],
  lab: [{ federal: 'H' }, { federal: 'G' }, { state: 'Analytical Laboratory' }],
  practitioner: [{ federal: 'C' }, { state: 'Practitioner' }],
};

/** State licence number prefixes by the licence's wording (formats are per state; these are ours). */
const STATE_LICENCE_PREFIX: Readonly<Record<string, string>> = {
  Manufacturer: 'MFG',
  'Retail Pharmacy': 'RPH',
  'Hospital Pharmacy': 'HPH',
  'Analytical Laboratory': 'LAB',
  Practitioner: 'PRA',
};

export type ExpiryMix = 'expired' | 'almost-expired' | 'current';

export interface SeedRegistration {
  row: NewRegistration & { id: number; registration_number: string; company_id: number; activity: string };
  company: SeedCompany;
  expiry: ExpiryMix;
  /** Schedules the registration supports, as dictionary notation (1, 1N, ..., LC, NC). */
  schedules: ReadonlySet<string>;
}

const SCHEDULE_COLUMNS = {
  '1': 'schedule_1',
  '1N': 'schedule_1n',
  '2': 'schedule_2',
  '2N': 'schedule_2n',
  '3': 'schedule_3',
  '3N': 'schedule_3n',
  '4': 'schedule_4',
  '4N': 'schedule_4n',
  '5': 'schedule_5',
  '5N': 'schedule_5n',
  LC: 'schedule_lc',
  NC: 'schedule_nc',
} as const;

/** The schedules a registrant of this activity typically holds. */
function schedulesFor(rng: SeededRandom, activity: DeaBusinessActivityCode): Set<string> {
  const set = new Set(['3', '3N', '4', '5', 'NC']);
  switch (activity) {
    case 'A':
    case 'B':
    case 'C':
      // One dispenser in ten holds no Schedule II: the "registration does not support the NDC" case.
      if (rng.chance(0.9)) set.add('2').add('2N');
      break;
    case 'M':
      break;
    case 'D':
    case 'G':
    case 'H':
      set.add('1').add('1N').add('2').add('2N').add('4N').add('5N');
      if (rng.chance(0.5)) set.add('LC');
      break;
    default:
      set.add('2').add('2N');
      if (rng.chance(0.3)) set.add('1').add('1N');
      if (rng.chance(0.5)) set.add('LC');
  }
  return set;
}

function deaNumber(rng: SeededRandom, activity: DeaBusinessActivityCode, name: string, taken: Set<string>): string {
  const initial = /^[A-Za-z]/.test(name) ? name[0]!.toUpperCase() : '9';
  for (;;) {
    // The registrant-type letter of the activity (a teaching institution's is A, B, F or G).
    const prefix = `${rng.pick(registrantTypeLettersFor(activity))}${initial}${rng.digits(6)}`;
    const number = `${prefix}${deaCheckDigit(prefix)}`;
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
}

/**
 * About 120 registrations: mostly Federal (DEA numbers with valid check digits), some State
 * licences; a mix of expired (20%), almost expired (within 60 days, 15%) and current, as offsets from
 * `today` so the mix holds on whatever day the demo starts.
 */
export function buildRegistrations(today: string, companies: readonly SeedCompany[]): SeedRegistration[] {
  const rng = new SeededRandom(0x5e_61_57);
  const taken = new Set<string>();
  const out: SeedRegistration[] = [];
  for (const company of companies) {
    let federalSchedules: Set<string> | undefined;
    for (const plan of PLANS[company.fixture.kind]) {
      const id = out.length + 1;
      const expiry = rng.weighted<ExpiryMix>([
        ['expired', 20],
        ['almost-expired', 15],
        ['current', 65],
      ]);
      const expirationDate =
        expiry === 'expired'
          ? addDays(today, -rng.int(1, 900))
          : expiry === 'almost-expired'
            ? addDays(today, rng.int(0, 60))
            : addDays(today, rng.int(61, 1095));
      const status = expiry === 'expired' ? 'Expired' : expiry === 'almost-expired' && rng.chance(0.5) ? 'Renewal Pending' : 'Active';
      const created = momentAt(addDays(today, -1850 + company.row.id * 6 + rng.int(0, 30)), 13 * 60 + rng.int(0, 540));
      const createdBy = rng.pick(['admin', 'clerk'] as const);
      const state = company.row.state ?? null;
      let number: string;
      let activity: string;
      let schedules: Set<string>;
      if ('federal' in plan) {
        number = deaNumber(rng, plan.federal, company.row.name, taken);
        activity = deaActivityLabel(plan.federal);
        schedules = schedulesFor(rng, plan.federal);
        federalSchedules ??= schedules;
      } else {
        number = `${state}-${STATE_LICENCE_PREFIX[plan.state] ?? 'LIC'}-${rng.digits(6)}`;
        activity = plan.state;
        schedules = new Set(federalSchedules ?? ['2', '2N', '3', '3N', '4', '5', 'NC']);
      }
      const isFederal = 'federal' in plan;
      const second = 'site' in plan && plan.site === 'second';
      const row: SeedRegistration['row'] = {
        id,
        company_id: company.row.id,
        registration_number: number,
        activity,
        expiration_date: expirationDate,
        status_mask: status,
        license_type: isFederal ? 'Federal' : 'State',
        license_number: number,
        federal_agency: isFederal ? 'Drug Enforcement Administration' : null,
        state_agency: isFederal ? null : `${STATE_NAMES[state ?? ''] ?? state} Board of Pharmacy`,
        address1: company.row.address1 ?? null,
        address2: second ? rng.pick(['Building B', 'Suite 200', 'Dock 7', 'Outpatient Pharmacy']) : (company.row.address2 ?? null),
        address3: second && rng.chance(0.5) ? 'Attn: DEA Compliance' : null,
        city: company.row.city ?? null,
        state,
        zip: company.row.zip ?? null,
        created_at: created,
        created_by: createdBy,
        modified_at: created,
        modified_by: createdBy,
      };
      for (const [schedule, column] of Object.entries(SCHEDULE_COLUMNS)) row[column] = schedules.has(schedule);
      out.push({ row, company, expiry, schedules });
    }
  }
  return out;
}

import { SCHEDULE_FLAGS } from '../catalogue/schedules.ts';
import { isControlledSchedule } from './line-item-quantities.ts';
import { LINE_ITEM_MESSAGES } from './line-items.ts';
import { deaNumberProblem } from './registration.ts';

/**
 * Only DEA registrants (docs/dea-paperwork.md "Only DEA registrants"): a reverse distributor takes
 * controlled substances back from a DEA registrant — the registrant disposes of its stock by
 * delivering it to a reverse distributor (21 CFR 1317.10, 1317.05(a)(2)), and the reverse
 * distributor acquires it from that registrant (1317.15(b)), recording the registrant's DEA number on
 * the receipt (1304.22(a)(2)(iv); ARCOS appendix 1, the receipt's associate registrant). A State
 * licence is not a DEA registration, so a job on one holds no controlled line item, and a DEA
 * registration holds only the schedules it is registered for (spec 2 §5's own rule).
 */

/** What a line item's job says about its registration: the number, its kind and the schedule flags set. */
export interface HoldingRegistration {
  registrationNumber: string;
  /** 'Federal' (a DEA registration) or 'State' (a state licence). */
  licenseType: string;
  /** The schedules the registration's flags authorise (1, 1N, … NC). */
  schedules: readonly string[];
}

/** The schedules a registration row's flags authorise (`schedule_1` … `schedule_nc` set to true). */
export function scheduleFlagsOf(row: Readonly<Record<string, unknown>>): string[] {
  return SCHEDULE_FLAGS.filter((s) => row[`schedule_${s.toLowerCase()}`] === true);
}

function scheduleOf(schedule: string | null | undefined): string {
  return (schedule ?? '').trim().toUpperCase();
}

export const REGISTRANT_MESSAGES = {
  stateLicence: (number: string, schedule: string) =>
    `Registration ${number} is a State licence, not a DEA registration: a Schedule ${schedule} controlled substance is taken back only from a DEA registrant (21 CFR 1317.10, 1317.15). Put it in a job on the client's DEA registration.`,
  invalidNumber: (number: string, schedule: string, problem: string) =>
    `Registration ${number} does not hold a valid DEA number (${problem}), so it cannot hold a Schedule ${schedule} controlled substance. Correct the registration, or use a job on the client's DEA registration.`,
  notCovered: (number: string, schedule: string) => `${LINE_ITEM_MESSAGES.registrationSchedule}: registration ${number} is not registered for Schedule ${schedule}.`,
} as const;

/**
 * Why a job on `registration` may not hold a line item of `schedule`, or undefined when it may. A
 * controlled schedule needs a DEA registration (license type Federal) with a valid DEA number; every
 * schedule must be one of the registration's flags. Blank schedules are the NDC's to explain, not
 * the registration's.
 */
export function registrantProblem(registration: HoldingRegistration, schedule: string | null | undefined): string | undefined {
  const wanted = scheduleOf(schedule);
  if (wanted === '') return undefined;
  const number = registration.registrationNumber;
  if (isControlledSchedule(wanted)) {
    if (registration.licenseType !== 'Federal') return REGISTRANT_MESSAGES.stateLicence(number, wanted);
    const numberProblem = deaNumberProblem(number);
    if (numberProblem) return REGISTRANT_MESSAGES.invalidNumber(number, wanted, numberProblem);
  }
  if (!registration.schedules.some((s) => scheduleOf(s) === wanted)) return REGISTRANT_MESSAGES.notCovered(number, wanted);
  return undefined;
}

/** The registration columns as the server reads them, turned into what registrantProblem reads. */
export function holdingRegistrationOf(row: Readonly<Record<string, unknown>> & { registration_number: string; license_type: string }): HoldingRegistration {
  return { registrationNumber: row.registration_number, licenseType: row.license_type, schedules: scheduleFlagsOf(row) };
}

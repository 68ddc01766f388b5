import { ARCOS_SCHEDULES } from '../catalogue/schedules.ts';
import { GHB_PREPARATIONS_DRUG_CODE } from './arcos.ts';

export const REPORT_MESSAGES = {
  bothRequired: 'Registration and Job ID are both required',
  unavailable: 'The report could not be generated at the moment',
} as const;

/** DEA drug codes reportable to ARCOS whatever their schedule: GHB preparations (see arcos.ts). */
export const ARCOS_DRUG_CODES = [GHB_PREPARATIONS_DRUG_CODE] as const;

/**
 * Whether a line item is reported to ARCOS (21 CFR 1304.33(c); docs/dea-paperwork.md): an ARCOS schedule or a GHB
 * preparation, and an NDC not "Removed From ARCOS".
 */
export function isArcosReportable(schedule: string | null | undefined, removedFromArcos: boolean, drugCode?: string | null): boolean {
  if (removedFromArcos) return false;
  return (ARCOS_SCHEDULES as readonly string[]).includes((schedule ?? '').toUpperCase()) || (ARCOS_DRUG_CODES as readonly string[]).includes((drugCode ?? '').trim());
}

/** The client-side check of spec 1 §5, also enforced by the server. */
export function reportRequestProblems(request: { registration?: string; jobId?: string }): string[] {
  return request.registration?.trim() && request.jobId?.trim() ? [] : [REPORT_MESSAGES.bothRequired];
}

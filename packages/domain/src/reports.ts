import { z } from 'zod';
import { GHB_PREPARATIONS_DRUG_CODE } from './arcos.ts';

export const REPORT_MESSAGES = {
  bothRequired: 'Registration and Job ID are both required',
  unavailable: 'The report could not be generated at the moment',
} as const;

/**
 * ARCOS-reportable line items (21 CFR 1304.33(c); DOMAIN.md): schedule 1, 1N, 2, 2N or 3 (Schedule III
 * narcotics), or a GHB preparation (drug code 2012, Schedule III non-narcotic), and an NDC not
 * "Removed From ARCOS". Not the same as the stricter edit checks' "reportable schedules".
 */
export const ARCOS_SCHEDULES = ['1', '1N', '2', '2N', '3'] as const;
/** DEA drug codes reportable to ARCOS whatever their schedule: GHB preparations (see arcos.ts). */
export const ARCOS_DRUG_CODES = [GHB_PREPARATIONS_DRUG_CODE] as const;

export function isArcosReportable(schedule: string | null | undefined, removedFromArcos: boolean, drugCode?: string | null): boolean {
  if (removedFromArcos) return false;
  return (ARCOS_SCHEDULES as readonly string[]).includes((schedule ?? '').toUpperCase()) || (ARCOS_DRUG_CODES as readonly string[]).includes((drugCode ?? '').trim());
}

/** The report request of spec 1 §3. `showArcos` arrives as 0/1 (or a boolean). */
export const reportRequestSchema = z.object({
  registration: z.union([z.string(), z.number()]).optional().transform((v) => (v === undefined ? '' : String(v).trim())),
  // A number field: a JSON number or digits as sent (the form trims what was typed); the service names what is wrong.
  jobId: z.union([z.string(), z.number()]).optional().transform((v) => (v === undefined ? '' : String(v))),
  containerName: z.string().max(200).optional().transform((v) => v?.trim() ?? ''),
  showArcos: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]).optional().transform((v) => v === 1 || v === '1' || v === true),
  reportType: z.enum(['excelExport', 'perNdc'], { message: 'reportType must be "excelExport" or "perNdc"' }),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** The client-side check of spec 1 §5, also enforced by the server. */
export function reportRequestProblems(request: { registration?: string; jobId?: string }): string[] {
  return request.registration?.trim() && request.jobId?.trim() ? [] : [REPORT_MESSAGES.bothRequired];
}

/**
 * The CSA schedules (21 CFR 1308.11–15) and the lists of them that rules read. Several lists hold the
 * same schedules for different reasons (the law's, the spec's); each keeps its own name and reason.
 */

/** The CSA schedule flags a registration carries (spec 1 §2 "CSA Schedules"). */
export const SCHEDULE_FLAGS = ['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC'] as const;

/** The schedules of controlled substances (21 CFR 1308.11–15); LC (List I chemicals) and NC are not. */
export const CONTROLLED_SCHEDULES = ['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N'] as const;

/** Schedules for which the new-line-item decimal rules apply (spec 2 §9): every schedule. */
export const RESTRICTED_SCHEDULES = ['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC'] as const;
/** Schedules for which the line item edit rules apply (spec 2 §9). */
export const REPORTABLE_SCHEDULES = ['1', '1N', '2', '2N'] as const;

/** Schedules whose receipts need the DEA order form (Form 222 / CSOS) number: appendix 1, note H. */
export const ORDER_FORM_SCHEDULES = ['1', '1N', '2', '2N'] as const;

/**
 * ARCOS-reportable line items (21 CFR 1304.33(c); docs/dea-paperwork.md): schedule 1, 1N, 2, 2N or 3 (Schedule III
 * narcotics), or a GHB preparation (drug code 2012, Schedule III non-narcotic), and an NDC not
 * "Removed From ARCOS". Not the same as the stricter edit checks' "reportable schedules".
 */
export const ARCOS_SCHEDULES = ['1', '1N', '2', '2N', '3'] as const;

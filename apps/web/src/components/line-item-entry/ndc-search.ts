/**
 * The NDC selector's find (spec 2 §7 "GET /dictionaries"): the typed text against the NDC or the
 * trade name, leaving out NDCs removed from ARCOS. Pure, for unit tests.
 */
export interface NdcFindRequest {
  omit: boolean;
  criteria: Record<string, string>;
}

/** Characters the find grammar reads as operators (docs/finds.md), escaped so typed text is searched as typed. */
const FIND_OPERATORS = /[\\=*@#<>!~.…/?]/g;

/** Typed text as a plain find value: operators escaped, quotes (phrase marks) dropped, spaces tidied. */
export function findText(typed: string): string {
  return typed.replace(/"/g, ' ').replace(/\s+/g, ' ').trim().replace(FIND_OPERATORS, '\\$&');
}

export function ndcSearchCriteria(typed: string): NdcFindRequest[] {
  const value = findText(typed);
  return [
    { omit: false, criteria: { 'NDC CODE LU': value } },
    { omit: false, criteria: { 'Trade Name Final LU': value } },
    { omit: true, criteria: { 'Removed From ARCOS': '1' } },
  ];
}

/** An option as the selector shows it: "NDC — Trade Name (Sch X)". */
export function ndcOptionLabel(ndc: string, tradeName: string, schedule: string): string {
  const name = tradeName.trim();
  const sch = schedule.trim();
  return `${ndc}${name ? ` — ${name}` : ''}${sch ? ` (Sch ${sch})` : ''}`;
}

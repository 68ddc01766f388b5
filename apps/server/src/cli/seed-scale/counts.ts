/** How much the scale seed makes: the counts that scale with --line-items, and the share of Yellow Buckets. */
import { DEMO_COMPANIES } from '../../seed/demo-companies.ts';

/** Per 1,000,000 line items (the 1M size). */
const PER_MILLION = { companies: 2_000, registrations: 5_000, jobs: 20_000, containers: 100_000 } as const;
export const YELLOW_BUCKET_SHARE = 0.15;
/** Share of jobs that carry Yellow Bucket containers; a Yellow Bucket job's containers are YB with 1/3 chance. */
export const JOBS_WITH_YELLOW_BUCKETS = 0.45;

export interface ScaleCounts {
  companies: number;
  registrations: number;
  jobs: number;
  containers: number;
  lineItems: number;
}

/** The demo fixture's 40 companies and 120 registrations come first; the rest scales with the line items. */
export function scaleCounts(lineItems: number): ScaleCounts {
  const f = lineItems / 1_000_000;
  const companies = Math.max(DEMO_COMPANIES.length, Math.round(PER_MILLION.companies * f));
  const registrations = Math.max(120 + (companies - DEMO_COMPANIES.length), Math.round(PER_MILLION.registrations * f));
  return {
    companies,
    registrations,
    jobs: Math.max(10, Math.round(PER_MILLION.jobs * f)),
    containers: Math.max(10, Math.round(PER_MILLION.containers * f)),
    lineItems,
  };
}

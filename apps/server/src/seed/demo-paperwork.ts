import { deaCheckDigit } from '@3ds/domain';
import type { SettingsUpdate } from '../db/tables/settings.table.ts';

/**
 * What the DEA paperwork of the demo prints beside the records: our own registration (a reverse
 * distributor's identity: its DEA number starts R, a letter DEA gives reverse distributors, see
 * docs/dea-registration-numbers.md) and the facilities where jobs are destroyed. Invented names and
 * numbers; 555-01xx telephone numbers are reserved for fiction.
 */
const OUR_PREFIX = 'RR483017';
/**
 * The demo registrant is in Columbus, Ohio, which keeps US Eastern time: its business day — the day
 * a date is "today", the 30-day destruction clock, a report's period — turns at midnight there,
 * wherever the demo runs (IANA tz database: Ohio is in zone America/New_York).
 */
export const DEMO_TIME_ZONE = 'America/New_York';
export const DEMO_SETTINGS = {
  registrant_name: 'Riverbend Pharmaceutical Returns, LLC',
  dea_number: `${OUR_PREFIX}${deaCheckDigit(OUR_PREFIX)}`,
  address_line_1: '4100 Commerce Park Drive',
  address_line_2: 'Suite 200',
  city: 'Columbus',
  state: 'OH',
  zip: '43219',
  telephone: '(614) 555-0142',
  contact_name: 'Dana Whitfield',
  // An invented DEA regional office number: the associate registrant of the demo's ARCOS destruction records.
  dea_regional_number: 'DC0000001',
  time_zone: DEMO_TIME_ZONE,
} as const satisfies SettingsUpdate;


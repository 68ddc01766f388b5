import { CREATE_PRIVILEGES, PRIVILEGES, todayInTimeZone } from '@3ds/domain';
import type { DatabaseHandle } from '../db/database.ts';
import { UsersService } from '../modules/users/users.service.ts';
import { countUsers } from '../db/repositories/users.repository.ts';
import { seedDemoRecords } from './demo-seed.ts';
import { DEMO_TIME_ZONE } from './demo-paperwork.ts';
import { DEMO_WITNESSES } from './seed-choices.ts';

/** The labeler organisation the demo users belong to; some bulk NDCs are theirs. */
export const DEMO_ORGANIZATION = 'Northwind Laboratories';
export const DEMO_PASSWORD = 'demo';

export const DEMO_USERS = [
  { username: 'admin', displayName: 'Alex Admin', privileges: [...PRIVILEGES] },
  { username: 'clerk', displayName: 'Casey Clerk', privileges: [...CREATE_PRIVILEGES] },
  { username: 'viewer', displayName: 'Val Viewer', privileges: [] },
  // The staff who witness destructions: they confirm with their own password, and need no privilege.
  ...DEMO_WITNESSES.map((witness) => ({ ...witness, privileges: [] as const })),
] as const;

/**
 * Fills an empty database with the demo users and records. Does nothing when any user exists,
 * so a restart never duplicates data and a real database is never touched.
 */
/** The demo's today: the business day of its registrant's time zone (demo-paperwork.ts), not the machine's. */
export function demoToday(now: Date = new Date()): string {
  return todayInTimeZone(now, DEMO_TIME_ZONE);
}

export async function seedDemoIfEmpty(handle: DatabaseHandle, today = demoToday()): Promise<boolean> {
  if ((await countUsers(handle.db)) > 0) return false;
  await addDemoUsers(handle, 'seed');
  await seedDemoRecords(handle.db, { today, organization: DEMO_ORGANIZATION });
  return true;
}

/** The demo users (password `demo`), in the demo organisation; `by` names who added them in the audit log. */
export async function addDemoUsers(handle: DatabaseHandle, by: string): Promise<void> {
  const users = new UsersService(handle.db);
  for (const user of DEMO_USERS) {
    await users.add(
      {
        username: user.username,
        password: DEMO_PASSWORD,
        displayName: user.displayName,
        privileges: user.privileges,
        parentOrganization: DEMO_ORGANIZATION,
        skipPasswordRule: true,
      },
      by,
    );
  }
}

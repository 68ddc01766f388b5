import { compareSchedules, type OnHandAnswer } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { onHandBySchedule } from './home.repository.ts';

/** Grams of base as shown: to the milligram (the line items keep more digits than that means). */
const grams = (value: number) => Math.round(value * 1000) / 1000;

/** What the home screen needs beyond the lists' own finds: what is on hand, by schedule. */
export class HomeService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async onHand(): Promise<OnHandAnswer> {
    const { schedules, total } = await onHandBySchedule(this.#db);
    return {
      schedules: schedules.sort((a, b) => compareSchedules(a.schedule, b.schedule)).map((row) => ({ ...row, gramsOfBase: grams(row.gramsOfBase) })),
      total: { ...total, gramsOfBase: grams(total.gramsOfBase) },
    };
  }
}

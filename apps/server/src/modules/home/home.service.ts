import { compareSchedules, type OnHandAnswer } from '@3ds/domain';
import type { OnHandBySchedule } from '../../db/repositories/on-hand.repository.ts';

/** Grams of base as shown: to the milligram (the line items keep more digits than that means). */
const grams = (value: number) => Math.round(value * 1000) / 1000;

/** What is on hand now, by schedule (the inventory module's InventoryService counts it). */
export interface OnHandSummary {
  onHandBySchedule(): Promise<OnHandBySchedule>;
}

/** What the home screen needs beyond the lists' own finds: what is on hand, by schedule (the inventory's count). */
export class HomeService {
  readonly #inventory: OnHandSummary;

  constructor(inventory: OnHandSummary) {
    this.#inventory = inventory;
  }

  async onHand(): Promise<OnHandAnswer> {
    const { schedules, total } = await this.#inventory.onHandBySchedule();
    return {
      schedules: schedules.sort((a, b) => compareSchedules(a.schedule, b.schedule)).map((row) => ({ ...row, gramsOfBase: grams(row.gramsOfBase) })),
      total: { ...total, gramsOfBase: grams(total.gramsOfBase) },
    };
  }
}

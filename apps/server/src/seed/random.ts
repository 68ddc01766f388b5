/**
 * A seeded pseudo-random generator (mulberry32), so that the demo data is the same on every start
 * and in every test. Never use Math.random in the seed.
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of choices) {
      r -= weight;
      if (r < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** `count` digits as text, leading zeros kept. */
  digits(count: number): string {
    let out = '';
    for (let k = 0; k < count; k += 1) out += String(this.int(0, 9));
    return out;
  }

  /** An uppercase letter A–Z. */
  letter(): string {
    return String.fromCharCode(65 + this.int(0, 25));
  }

  /** Spreads `total` over `slots` at random, each slot getting at least `floor`; the count per slot. */
  spread(total: number, slots: number, floor: number): number[] {
    if (slots * floor > total || (slots === 0 && total > 0)) {
      throw new Error(`cannot spread ${total} over ${slots} slots of at least ${floor}`);
    }
    const counts = Array.from({ length: slots }, () => floor);
    for (let k = slots * floor; k < total; k += 1) counts[this.int(0, slots - 1)]! += 1;
    return counts;
  }
}

import crypto from "node:crypto";

// Small deterministic helpers shared by the demo seed: a seeded PRNG, date arithmetic and
// stable ids. Nothing here may call Math.random or read the clock.

/** mulberry32: a tiny 32-bit PRNG; good enough for believable demo data, and reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `weighted([["a", 3], ["b", 1]])` returns "a" three times as often. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }
}

/** Expands `{ a: 2, b: 1 }` into `["a", "a", "b"]`, in key order: used to build fixed quotas. */
export function quota<T extends string>(counts: Record<T, number>): T[] {
  return (Object.entries(counts) as [T, number][]).flatMap(([value, n]) => Array<T>(n).fill(value));
}

const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * HOUR_MS);
}

/** "YYYY-MM-DD" in local time, the form `date` columns are written and read in. */
export function dateOnly(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** A random instant strictly between `start` and `end`, moved into office hours when that fits. */
export function timeBetween(rng: Rng, start: Date, end: Date): Date {
  const span = Math.max(end.getTime() - start.getTime(), 1);
  const at = new Date(start.getTime() + Math.max(1, Math.floor(rng.float() * span)));
  const office = new Date(at);
  office.setHours(rng.int(8, 17), rng.int(0, 59), rng.int(0, 59), 0);
  return office > start && office < end ? office : at;
}

/** `count` sorted random instants between `start` and `end`. */
export function timesBetween(rng: Rng, start: Date, end: Date, count: number): Date[] {
  return Array.from({ length: count }, () => timeBetween(rng, start, end)).sort((a, b) => a.getTime() - b.getTime());
}

/**
 * A stable UUID for the n-th seeded row of a kind: md5("kind-n") with the version nibble set
 * to 4 and the variant to 8, so strict UUID validators accept it. `sqlSeedUuid` in large.ts
 * computes the same value in SQL, so the demo and large sets share agency and user ids.
 */
export function seedUuid(kind: string, n: number): string {
  const hex = crypto.createHash("md5").update(`${kind}-${n}`).digest("hex");
  const v = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** Rounds to a multiple of `step` (prices to $50 or $100). */
export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** "$4,500" */
export function dollars(value: number): string {
  return `$${Math.round(value).toLocaleString("en-US")}`;
}

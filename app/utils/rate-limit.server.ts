/**
 * A fixed-window counter kept in memory: the app runs as one process on one VM.
 * Each key counts events in a window; `check` says whether another event is allowed.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(private now: () => number = Date.now) {}

  private bucket(key: string, rule: RateLimitRule): Bucket {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + rule.windowMs };
      this.buckets.set(key, bucket);
      if (this.buckets.size > 50_000) this.sweep(now);
    }
    return bucket;
  }

  /** Seconds until the key may act again, or 0 when it is under its limit. */
  retryAfter(key: string, rule: RateLimitRule): number {
    const bucket = this.bucket(key, rule);
    if (bucket.count < rule.limit) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000));
  }

  hit(key: string, rule: RateLimitRule): void {
    this.bucket(key, rule).count += 1;
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  clear(): void {
    this.buckets.clear();
  }

  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}

const KEY = Symbol.for("placement.rateLimiter");
type Holder = { [KEY]?: RateLimiter };

export function rateLimiter(): RateLimiter {
  const holder = globalThis as Holder;
  holder[KEY] ??= new RateLimiter();
  return holder[KEY];
}

export const RULES = {
  loginPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  resetPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  resetPerAddress: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** A fixed window: at most `limit` events per `windowMs`. Counted in the database (models/rate-limit.server.ts). */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
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

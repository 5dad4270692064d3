import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { minutesText, type RateLimitRule } from "~/utils/rate-limit.server";

// Fixed-window counters in the rate_limits table, shared by every server process.

export interface Limit {
  key: string;
  rule: RateLimitRule;
}

/** Seconds until every key is under its limit again; 0 when all are. */
export async function rateLimitWait(db: DB, limits: Limit[]): Promise<number> {
  const rows = await db
    .selectFrom("rate_limits")
    .select(["key", "count", sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as("seconds")])
    .where(
      "key",
      "in",
      limits.map((l) => l.key),
    )
    .where("reset_at", ">", sql<Date>`now()`)
    .execute();
  let wait = 0;
  for (const row of rows) {
    const rule = limits.find((l) => l.key === row.key)?.rule;
    if (rule && row.count >= rule.limit) wait = Math.max(wait, Math.max(1, row.seconds));
  }
  return wait;
}

export interface RateLimited {
  ok: false;
  status: 429;
  retryAfter: number;
  message: string;
}

/**
 * The answer when any key is over its limit: a 429 that says how long to wait, worded as
 * "{what}. Please wait N minutes and try again."; null when every key may go on.
 */
export async function checkRateLimit(db: DB, limits: Limit[], what: string): Promise<RateLimited | null> {
  const wait = await rateLimitWait(db, limits);
  if (wait === 0) return null;
  return {
    ok: false,
    status: 429,
    retryAfter: wait,
    message: `${what}. Please wait ${minutesText(wait)} and try again.`,
  };
}

/** Counts one event for each key (a new window starts when the last one is over). */
export async function recordHits(db: DB, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  await db
    .insertInto("rate_limits")
    .values(
      limits.map((l) => ({
        key: l.key,
        count: 1,
        reset_at: sql<Date>`now() + make_interval(secs => ${l.rule.windowMs / 1000})`,
      })),
    )
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END`,
        reset_at: sql`CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END`,
      }),
    )
    .execute();
  // Now and then, forget windows long over.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom("rate_limits")
      .where("reset_at", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}

export async function clearRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

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
  return waitFor(limits, rows, (count, limit) => count >= limit);
}

function waitFor(
  limits: Limit[],
  rows: Array<{ key: string; count: number; seconds: number }>,
  over: (count: number, limit: number) => boolean,
): number {
  let wait = 0;
  for (const row of rows) {
    const rule = limits.find((l) => l.key === row.key)?.rule;
    if (rule && over(row.count, rule.limit)) wait = Math.max(wait, Math.max(1, row.seconds));
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
 * Counts one event for each key (a new window starts when the last one is over) and returns the
 * counts after it. One statement: requests that arrive at once each get their own count.
 */
export async function recordHits(
  db: DB,
  limits: Limit[],
): Promise<Array<{ key: string; count: number; seconds: number }>> {
  if (limits.length === 0) return [];
  // Keys in one order for every statement: two requests never wait on each other's rows in a cycle.
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db
    .insertInto("rate_limits")
    .values(
      sorted.map((l) => ({
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
    .returning(["key", "count", sql<number>`ceil(extract(epoch from reset_at - now()))::int`.as("seconds")])
    .execute();
}

/**
 * Counts this attempt first, then answers: a 429 that says how long to wait, worded as
 * "{what}. Please wait N minutes and try again.", when any key is now past its limit; null when
 * the attempt may go on. Counting before the work is what keeps attempts sent at once within the
 * limit: each sees its own count. A refused attempt takes its counts back: only the attempts
 * that went on count.
 */
export async function hitRateLimit(db: DB, limits: Limit[], what: string): Promise<RateLimited | null> {
  const rows = await recordHits(db, limits);
  const wait = waitFor(limits, rows, (count, limit) => count > limit);
  if (wait === 0) return null;
  await forgiveHits(
    db,
    limits.map((l) => l.key),
  );
  return {
    ok: false,
    status: 429,
    retryAfter: wait,
    message: `${what}. Please wait ${minutesText(wait)} and try again.`,
  };
}

/** Takes back one counted event of each key (an attempt that turned out not to count). */
export async function forgiveHits(db: DB, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable("rate_limits")
    .set({ count: sql`greatest(count - 1, 0)` })
    .where("key", "in", [...keys].sort())
    .where("reset_at", ">", sql<Date>`now()`)
    .execute();
}

export async function clearRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Forgets windows that are over (a new hit starts a new window anyway); returns how many. */
export async function deleteEndedRateLimits(db: DB): Promise<number> {
  const result = await db
    .deleteFrom("rate_limits")
    .where("reset_at", "<=", sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { clearRateLimit, rateLimitWait, recordHits } from "~/models/rate-limit.server";
import { resetDb, testDb } from "../support/db";

const db = testDb();
const rule = { limit: 3, windowMs: 60_000 };

beforeEach(async () => {
  await resetDb(db);
});

describe("rate limits", () => {
  it("allow up to the limit in a window, then say how long to wait", async () => {
    const k = [{ key: "k", rule }];
    for (let i = 0; i < 3; i++) {
      expect(await rateLimitWait(db, k)).toBe(0);
      await recordHits(db, k);
    }
    const wait = await rateLimitWait(db, k);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await rateLimitWait(db, [{ key: "other", rule }])).toBe(0);
    // The longest wait of several keys wins.
    expect(await rateLimitWait(db, [{ key: "other", rule }, ...k])).toBe(wait);
  });

  it("start a new window when the last one is over", async () => {
    const k = [{ key: "k", rule }];
    for (let i = 0; i < 3; i++) await recordHits(db, k);
    await db
      .updateTable("rate_limits")
      .set({ reset_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect(await rateLimitWait(db, k)).toBe(0);
    await recordHits(db, k);
    expect(await db.selectFrom("rate_limits").select("count").executeTakeFirst()).toEqual({ count: 1 });
  });

  it("count hits that arrive at once exactly, and forget a key on clear", async () => {
    const k = [{ key: "busy", rule: { limit: 100, windowMs: 60_000 } }];
    await Promise.all(Array.from({ length: 20 }, () => recordHits(db, k)));
    expect(await db.selectFrom("rate_limits").select("count").executeTakeFirst()).toEqual({ count: 20 });
    await clearRateLimit(db, "busy");
    expect(await db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });
});

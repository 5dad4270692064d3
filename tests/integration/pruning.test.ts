import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { recordHits } from "~/models/rate-limit.server";
import { createSession } from "~/models/session.server";
import { pruneExpiredRows, schedulePruning } from "~/services/maintenance.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, type TestUser } from "../support/factories";

const db = testDb();
const LIMITS = { idleMinutes: 30, absoluteHours: 12 };

let user: TestUser;

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db);
  user = await createUser(db, { agencyId: agency.id });
});

async function session(kind: "browser" | "api", change: Record<string, unknown> = {}): Promise<string> {
  const { token } = await createSession(db, { user: { id: user.id, agencyId: user.agency_id }, kind, limits: LIMITS });
  const row = await db
    .updateTable("sessions")
    .set({ user_agent: token, ...change })
    .where("user_agent", "is", null)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A reset token row, live unless told otherwise. */
async function resetToken(change: Record<string, unknown> = {}): Promise<string> {
  const row = await db
    .insertInto("password_resets")
    .values({
      user_id: user.id,
      token_hash: crypto.randomUUID(),
      expires_at: sql<Date>`now() + interval '30 minutes'`,
      ...change,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids = async (table: "sessions" | "password_resets") =>
  (await db.selectFrom(table).select("id").execute()).map((r) => r.id).sort();

describe("pruning", () => {
  it("deletes expired sessions, spent reset links, ended rate-limit windows and audit entries past retention, and keeps the live ones", async () => {
    const live = await session("browser");
    const liveApi = await session("api", { last_used_at: sql`now() - interval '3 hours'` }); // API tokens do not idle out
    await session("browser", { expires_at: sql`now() - interval '1 second'` });
    await session("api", { expires_at: sql`now() - interval '1 minute'` });
    await session("browser", { last_used_at: sql`now() - interval '31 minutes'` });

    const unused = await resetToken();
    // Used or expired a moment ago: kept a while, so the link still says "already used" or "expired".
    const usedJustNow = await resetToken({ used_at: sql`now()` });
    const expiredJustNow = await resetToken({ expires_at: sql`now() - interval '1 minute'` });
    await resetToken({ used_at: sql`now() - interval '2 days'` });
    await resetToken({ expires_at: sql`now() - interval '2 days'` });

    const rule = { limit: 5, windowMs: 60_000 };
    await recordHits(db, [
      { key: "ended", rule },
      { key: "live", rule },
    ]);
    await db
      .updateTable("rate_limits")
      .set({ reset_at: sql`now() - interval '1 second'` })
      .where("key", "=", "ended")
      .execute();

    // Audit entries: one older than the six years kept, one a day younger.
    for (const age of ["6 years 1 day", "6 years - 1 day"]) {
      await db
        .insertInto("audit_events")
        .values({
          agency_id: user.agency_id,
          actor_id: user.id,
          action: "view",
          created_at: sql`now() - ${age}::interval`,
        })
        .execute();
    }

    expect(await pruneExpiredRows(db, { idleMinutes: 30 })).toEqual({
      sessions: 3,
      resetTokens: 2,
      invitations: 0,
      rateLimits: 1,
      auditEntries: 1,
      notifications: 0,
    });

    expect(await ids("sessions")).toEqual([live, liveApi].sort());
    expect(await ids("password_resets")).toEqual([usedJustNow, expiredJustNow, unused].sort());
    expect(await db.selectFrom("rate_limits").select("key").execute()).toEqual([{ key: "live" }]);

    // Nothing left to prune.
    expect(await pruneExpiredRows(db, { idleMinutes: 30 })).toEqual({
      sessions: 0,
      resetTokens: 0,
      invitations: 0,
      rateLimits: 0,
      auditEntries: 0,
      notifications: 0,
    });
  });

  it("runs on its schedule until stopped, and says what it deleted", async () => {
    const lines: string[] = [];
    await session("browser", { expires_at: sql`now() - interval '1 second'` });
    const stop = schedulePruning(db, { everyMs: 50, log: (line) => lines.push(line) });
    try {
      await expect.poll(() => ids("sessions")).toEqual([]);
      await session("browser", { expires_at: sql`now() - interval '1 second'` });
      await expect.poll(() => ids("sessions")).toEqual([]);
      expect(lines.join("\n")).toMatch(/\[prune\] deleted 1 expired sessions/);
    } finally {
      stop();
    }
    await session("browser", { expires_at: sql`now() - interval '1 second'` });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await ids("sessions")).toHaveLength(1);
  });
});

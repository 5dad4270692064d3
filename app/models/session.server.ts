import { sql } from "kysely";
import type { SessionKind } from "~/utils/db-types";
import { hashToken, randomToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";
import { type SessionUser, userColumns } from "./user.server";

export interface SessionLimits {
  idleMinutes: number;
  absoluteHours: number;
}

/** Starts a session (browser) or an API token; returns the secret, which is never stored. */
export async function createSession(
  db: DB,
  input: {
    user: Pick<SessionUser, "id" | "agencyId">;
    kind: SessionKind;
    remember?: boolean;
    limits: SessionLimits;
    userAgent?: string | null;
    ip?: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + input.limits.absoluteHours * 3600_000);
  await db
    .insertInto("sessions")
    .values({
      user_id: input.user.id,
      agency_id: input.user.agencyId,
      token_hash: hashToken(token),
      kind: input.kind,
      remember: input.remember ?? false,
      expires_at: expiresAt,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The user behind a session secret, or null when it is unknown, expired or idle too long.
 * Browser sessions also end after `idleMinutes` without use; using one moves it forward.
 * The agency's time zone comes with it (Ctx.agencyTimeZone): most screens show "today".
 */
export async function getSessionUser(
  db: DB,
  token: string,
  kind: SessionKind,
  limits: SessionLimits,
): Promise<(SessionUser & { sessionId: string; agencyTimeZone: string | null }) | null> {
  const idleCutoff = new Date(Date.now() - limits.idleMinutes * 60_000);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("agencies", "agencies.id", "users.agency_id")
    .select([
      "sessions.id as sessionId",
      "sessions.last_used_at as lastUsedAt",
      "agencies.time_zone as agencyTimeZone",
      ...userColumns,
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.kind", "=", kind)
    .where("sessions.expires_at", ">", sql<Date>`now()`)
    .where("users.is_active", "=", true)
    .$if(kind === "browser", (qb) => qb.where("sessions.last_used_at", ">", idleCutoff))
    .executeTakeFirst();
  if (!row) return null;
  // Touch at most once a minute: a write per request would be wasted work.
  if (Date.now() - new Date(row.lastUsedAt).getTime() > 60_000) {
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql`now()` })
      .where("id", "=", row.sessionId)
      .execute();
  }
  const { lastUsedAt: _lastUsedAt, ...user } = row;
  return user;
}

export async function deleteSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/**
 * Ends every session and API token of a user (after a password reset), or every one but
 * `except` (the session that changed the password). Returns how many ended.
 */
export async function deleteUserSessions(db: DB, userId: string, options: { except?: string } = {}): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .$if(Boolean(options.except), (qb) => qb.where("id", "<>", options.except!))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the sessions that can no longer be used: past their absolute limit, and browser
 * sessions idle for longer than `idleMinutes`. Returns how many.
 */
export async function deleteExpiredSessions(db: DB, limits: Pick<SessionLimits, "idleMinutes">): Promise<number> {
  const idleCutoff = new Date(Date.now() - limits.idleMinutes * 60_000);
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", sql<Date>`now()`),
        eb.and([eb("kind", "=", "browser"), eb("last_used_at", "<=", idleCutoff)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

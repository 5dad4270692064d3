import { sql } from "kysely";
import type { SessionKind, TokenScope } from "~/utils/db-types";
import { hashToken, randomToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";
import { type SessionUser, userColumns } from "./user.server";
import { audit, type AuditWho } from "./audit.server";

export interface SessionLimits {
  idleMinutes: number;
  absoluteHours: number;
}

/** What starts a session or a token: browser sessions and sign-in tokens live `limits.absoluteHours`. */
export type NewSession = {
  user: Pick<SessionUser, "id" | "agencyId">;
  userAgent?: string | null;
  ip?: string | null;
} & (
  | { kind: "browser" | "api"; remember?: boolean; limits: SessionLimits }
  /** A personal API token (/settings/tokens): named, scoped, `days` long, not used yet. */
  | { kind: "personal"; name: string; scope: TokenScope; days: number }
);

/**
 * Starts a session (browser), a sign-in token of the API or a personal API token; returns the
 * secret, which is never stored.
 */
export async function createSession(
  db: DB,
  input: NewSession,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  // A personal token is made in its caller's transaction, which audits it as a token.
  if (input.kind === "personal") return insertSession(db, input);
  return db.transaction().execute(async (trx) => {
    const created = await insertSession(trx, input);
    await audit(trx, whoOf(input.user, input), {
      action: "sign_in",
      entity: "user",
      id: input.user.id,
      details: { via: input.kind === "api" ? "api" : "browser" },
    });
    return created;
  });
}

const whoOf = (user: { id: string; agencyId: string }, from: Pick<NewSession, "ip" | "userAgent">): AuditWho => ({
  userId: user.id,
  agencyId: user.agencyId,
  ip: from.ip,
  userAgent: from.userAgent,
});

async function insertSession(db: DB, input: NewSession): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const hours = input.kind === "personal" ? input.days * 24 : input.limits.absoluteHours;
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const { id } = await db
    .insertInto("sessions")
    .values({
      user_id: input.user.id,
      agency_id: input.user.agencyId,
      token_hash: hashToken(token),
      kind: input.kind,
      remember: input.kind !== "personal" && (input.remember ?? false),
      expires_at: expiresAt,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      ...(input.kind === "personal" ? { name: input.name, scope: input.scope, last_used_at: null } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, token, expiresAt };
}

/** The user behind a session or token, with what the secret is: its kind, and what it may do. */
export type SessionHolder = SessionUser & {
  sessionId: string;
  agencyTimeZone: string | null;
  sessionKind: SessionKind;
  /** A personal token's scope; null for a browser session or a sign-in token (which may do anything). */
  scope: TokenScope | null;
};

/**
 * The user behind a secret of one of `kinds`, or null when it is unknown, expired or idle too
 * long, or the user is no longer active. Browser sessions also end after `idleMinutes` without
 * use (tokens do not); using one moves it forward. The agency's time zone comes with it
 * (Ctx.agencyTimeZone): most screens show "today".
 */
export async function getSessionUser(
  db: DB,
  token: string,
  kinds: SessionKind | readonly SessionKind[],
  limits: SessionLimits,
): Promise<SessionHolder | null> {
  const accepted: readonly SessionKind[] = typeof kinds === "string" ? [kinds] : kinds;
  const idleCutoff = new Date(Date.now() - limits.idleMinutes * 60_000);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("agencies", "agencies.id", "users.agency_id")
    .select([
      "sessions.id as sessionId",
      "sessions.kind as sessionKind",
      "sessions.scope",
      "sessions.last_used_at as lastUsedAt",
      "agencies.time_zone as agencyTimeZone",
      ...userColumns,
    ])
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.kind", "in", accepted)
    .where("sessions.expires_at", ">", sql<Date>`now()`)
    .where("users.is_active", "=", true)
    .where((eb) => eb.or([eb("sessions.kind", "<>", "browser"), eb("sessions.last_used_at", ">", idleCutoff)]))
    .executeTakeFirst();
  if (!row) return null;
  // Touch at most once a minute: a write per request would be wasted work.
  if (!row.lastUsedAt || Date.now() - new Date(row.lastUsedAt).getTime() > 60_000) {
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql`now()` })
      .where("id", "=", row.sessionId)
      .execute();
  }
  const { lastUsedAt: _lastUsedAt, ...user } = row;
  return user;
}

/** Ends a browser session or a sign-in token (signing out), with its audit entry. */
export async function deleteSession(
  db: DB,
  token: string,
  from: Pick<NewSession, "ip" | "userAgent"> = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("sessions")
      .where("token_hash", "=", hashToken(token))
      .returning(["user_id", "agency_id", "kind"])
      .executeTakeFirst();
    if (!ended) return;
    const user = { id: ended.user_id, agencyId: ended.agency_id };
    await audit(trx, whoOf(user, from), {
      action: "sign_out",
      entity: "user",
      id: user.id,
      details: { via: ended.kind === "api" ? "api" : "browser" },
    });
  });
}

/**
 * Ends every session and API token (sign-in and personal) of a user (after a password reset, at
 * deactivation), or every one but `except` (the session that changed the password). Returns how
 * many ended.
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

import { sql } from "kysely";
import { type CreateTokenInput, MAX_ACTIVE_TOKENS } from "~/schemas/token";
import type { TokenScope } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import { audit } from "./audit.server";
import type { Ctx } from "./context";
import { createSession } from "./session.server";

// Personal API tokens (/settings/tokens): `sessions` rows of kind `personal`, so that whatever
// ends a user's sessions (deleteUserSessions: a password reset or change, deactivation) ends
// them too, and getSessionUser checks them as it checks the others (hash, expiry, active user).
// A user sees and revokes only their own.

/** One of the caller's tokens as the page lists it (never its secret: only a hash is stored). */
export interface PersonalToken {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: Date;
  expiresAt: Date;
  /** Null until it is first used. */
  lastUsedAt: Date | null;
}

const ownTokens = (db: DB, ctx: Ctx) =>
  db
    .selectFrom("sessions")
    .where("user_id", "=", ctx.userId)
    .where("agency_id", "=", ctx.agencyId)
    .where("kind", "=", "personal")
    .where("expires_at", ">", sql<Date>`now()`);

/** The caller's tokens that still work, newest first. */
export async function listPersonalTokens(db: DB, ctx: Ctx): Promise<PersonalToken[]> {
  const rows = await ownTokens(db, ctx)
    .select(["id", "name", "scope", "created_at", "expires_at", "last_used_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "",
    scope: row.scope ?? "read",
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  }));
}

/**
 * A new token of the caller's: its secret (shown once, never stored) and when it expires; or
 * refused when they already have MAX_ACTIVE_TOKENS that work. The user's row is locked while
 * counting, so two requests at once cannot both take the last place.
 */
export async function createPersonalToken(
  db: DB,
  ctx: Ctx,
  input: CreateTokenInput,
  client: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ ok: true; id: string; token: string; expiresAt: Date } | { ok: false; reason: "limit" }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", ctx.userId).forUpdate().executeTakeFirst();
    const { count } = await ownTokens(trx, ctx)
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ACTIVE_TOKENS) return { ok: false, reason: "limit" };
    const created = await createSession(trx, {
      user: { id: ctx.userId, agencyId: ctx.agencyId },
      kind: "personal",
      name: input.name,
      scope: input.scope,
      days: input.expiresIn,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    const details = { name: input.name, scope: input.scope };
    await audit(trx, ctx, { action: "token_create", entity: "token", id: created.id, details });
    return { ok: true, ...created };
  });
}

/** Revokes one of the caller's tokens at once; null when they have no such token (another's, or gone). */
export async function revokePersonalToken(db: DB, ctx: Ctx, id: string): Promise<{ name: string } | null> {
  if (!isUuid(id)) return null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("sessions")
      .where("id", "=", id)
      .where("user_id", "=", ctx.userId)
      .where("agency_id", "=", ctx.agencyId)
      .where("kind", "=", "personal")
      .returning(["id", "name", "scope"])
      .executeTakeFirst();
    if (!row) return null;
    const details = { name: row.name ?? "", scope: row.scope ?? "read" };
    await audit(trx, ctx, { action: "token_revoke", entity: "token", id: row.id, details });
    return { name: details.name };
  });
}

import { sql } from "kysely";
import { hashToken, randomToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";
import { behindLink, deleteSpentLinks, type LinkState } from "./links.server";

// The password_resets table: only a hash of each token is stored; a token works once.

export const RESET_TOKEN_MINUTES = 30;

/** A new token replaces the user's older unused ones; returns the secret, which is never stored. */
export async function issueResetToken(db: DB, userId: string, ip: string): Promise<string> {
  const token = randomToken(32); // 256 bits
  await db.deleteFrom("password_resets").where("user_id", "=", userId).where("used_at", "is", null).execute();
  await db
    .insertInto("password_resets")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
      requested_ip: ip,
    })
    .execute();
  return token;
}

export type ResetTokenRow = { id: string; userId: string } & LinkState;

export async function findResetToken(
  db: DB,
  token: string,
  options: { lock?: boolean } = {},
): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom("password_resets")
    .select(["id", "user_id as userId"])
    .$call(behindLink("password_resets", token, options.lock))
    .executeTakeFirst();
}

/**
 * Deletes reset tokens used or expired more than `keepHours` ago (kept that long so an old link
 * still says "already used" or "expired" rather than "not valid"). Returns how many.
 */
export function deleteSpentResetTokens(db: DB, keepHours = 24): Promise<number> {
  return deleteSpentLinks(db, "password_resets", sql<Date>`now() - make_interval(hours => ${keepHours})`);
}

/** Marks the token used; any other link of the user still out there stops working too. */
export async function consumeResetToken(db: DB, row: Pick<ResetTokenRow, "id" | "userId">): Promise<void> {
  await db.updateTable("password_resets").set({ used_at: new Date() }).where("id", "=", row.id).execute();
  await db.deleteFrom("password_resets").where("user_id", "=", row.userId).where("used_at", "is", null).execute();
}

import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { LinkProblem } from "~/schemas/common";
import { hashToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";

// One-time links (an invitation, a password reset): only a hash of the link's secret is stored;
// a link works once, until it expires. Their tables have the same columns for it, but for the one
// that says when the link was used.

const USED_AT = { invitations: "accepted_at", password_resets: "used_at" } as const;
type LinkTable = keyof typeof USED_AT;

/** Where a link stands: whether it expired, and whether it was used. */
export interface LinkState {
  expired: boolean;
  used: boolean;
}

/**
 * Narrows a select from `table` (joins allowed) to the row behind a link's secret, adding where it
 * stands; with `lock`, that row (of `table` only) is locked for the rest of the transaction.
 */
export function behindLink(table: LinkTable, token: string, lock = false) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return <D, T extends keyof D, O>(qb: SelectQueryBuilder<D, T, O>) =>
    qb
      .select([
        sql<boolean>`${column("expires_at")} <= now()`.as("expired"),
        sql<boolean>`${column(USED_AT[table])} IS NOT NULL`.as("used"),
      ])
      .where(sql<boolean>`${column("token_hash")} = ${hashToken(token)}`)
      .$if(lock, (locked) => locked.forUpdate([table] as never));
}

/** Why a link does not work (none behind it, used, expired), or null when it does. */
export function linkProblem(row: LinkState | undefined): LinkProblem | null {
  if (!row) return "invalid";
  if (row.used) return "used";
  if (row.expired) return "expired";
  return null;
}

/** Deletes the links of `table` used or expired before `cutoff`. Returns how many. */
export async function deleteSpentLinks(db: DB, table: LinkTable, cutoff: RawBuilder<Date>): Promise<number> {
  const result = await db
    .deleteFrom(table as "password_resets")
    .where((eb) => eb.or([eb(USED_AT[table] as "used_at", "<=", cutoff), eb("expires_at", "<=", cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { DB } from "~/utils/db.server";
import type { Role } from "~/utils/vocabulary";

// The daily e-mail digest's bookkeeping (app/services/digest.server.ts sends it): who gets one,
// and `notification_digests`, one row per person and day once it was sent or found empty. The
// row's primary key is what makes a digest go at most once a day, however many processes try.

/** Every agency and its own time zone (null: the configured TIME_ZONE). */
export function digestAgencies(db: DB): Promise<{ id: string; timeZone: string | null }[]> {
  return db.selectFrom("agencies").select(["id", "time_zone as timeZone"]).orderBy("id").execute();
}

/** The agency's active staff who want the digest and have not had the one of `day`. */
export async function digestRecipients(db: DB, agencyId: string, day: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.agency_id", "=", agencyId)
    .where("u.is_active", "=", true)
    .where("u.daily_digest", "=", true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notification_digests as d")
            .select("d.day")
            .whereRef("d.user_id", "=", "u.id")
            .where("d.day", "=", day),
        ),
      ),
    )
    .orderBy("u.id")
    .execute();
  return rows.map((row) => row.id);
}

export interface DigestUser {
  id: string;
  agencyId: string;
  email: string;
  firstName: string;
  role: Role;
  wantsDigest: boolean;
  isActive: boolean;
  /** The agency's own time zone (null: the configured one). */
  agencyTimeZone: string | null;
}

export async function getDigestUser(db: DB, userId: string): Promise<DigestUser | null> {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("agencies as a", "a.id", "u.agency_id")
    .select([
      "u.id",
      "u.agency_id as agencyId",
      "u.email",
      "u.first_name as firstName",
      "u.role",
      "u.daily_digest as wantsDigest",
      "u.is_active as isActive",
      "a.time_zone as agencyTimeZone",
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the person's digest of `day` was already sent (or found empty). */
export async function hasDigest(db: DB, userId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom("notification_digests")
    .select("day")
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Claims the person's digest of `day` (inside the transaction that sends it): false when another
 * process has it already. A second claim made at the same time waits for the first's transaction,
 * then sees its row (or, when it rolled back, claims it itself).
 */
export async function claimDigest(
  db: DB,
  digest: { userId: string; agencyId: string; day: string; items: number; emailId?: string | null },
): Promise<boolean> {
  const row = await db
    .insertInto("notification_digests")
    .values({
      user_id: digest.userId,
      agency_id: digest.agencyId,
      day: digest.day,
      items: digest.items,
      email_id: digest.emailId ?? null,
    })
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .returning("day")
    .executeTakeFirst();
  return Boolean(row);
}

/** Records the e-mail a claimed digest went out as. */
export async function setDigestEmail(db: DB, userId: string, day: string, emailId: string): Promise<void> {
  await db
    .updateTable("notification_digests")
    .set({ email_id: emailId })
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .execute();
}

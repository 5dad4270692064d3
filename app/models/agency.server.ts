import { dayIn } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { audit, changedFields } from "./audit.server";
import type { Ctx } from "./context";

/** The agency with this id, or the oldest one (a default install has one). */
export async function findAgency(db: DB, id?: string): Promise<{ id: string; name: string } | null> {
  const row = await db
    .selectFrom("agencies")
    .select(["id", "name"])
    .$if(Boolean(id), (qb) => qb.where("id", "=", id!))
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** A new agency with no data (its running totals start at zero by trigger). */
export async function createAgency(db: DB, name: string): Promise<{ id: string; name: string }> {
  return db.insertInto("agencies").values({ name }).returning(["id", "name"]).executeTakeFirstOrThrow();
}

/** The agency's day: its time zone (its own, else the configured TIME_ZONE) and the date there now. */
export interface AgencyDay {
  timeZone: string;
  /** YYYY-MM-DD in the agency's time zone. */
  today: string;
}

/** The agency's own time zone (null: none set, it uses the configured TIME_ZONE). */
export async function agencyTimeZone(db: DB, ctx: Ctx): Promise<string | null> {
  if (ctx.agencyTimeZone !== undefined) return ctx.agencyTimeZone;
  const row = await db.selectFrom("agencies").select("time_zone").where("id", "=", ctx.agencyId).executeTakeFirst();
  return row?.time_zone ?? null;
}

export async function agencyDay(db: DB, ctx: Ctx, now: Date = new Date()): Promise<AgencyDay> {
  const own =
    ctx.agencyTimeZone !== undefined
      ? ctx.agencyTimeZone
      : (await db.selectFrom("agencies").select("time_zone").where("id", "=", ctx.agencyId).executeTakeFirst())
          ?.time_zone;
  const timeZone = own ?? env().timeZone;
  try {
    return { timeZone, today: dayIn(timeZone, now) };
  } catch {
    // A zone this runtime does not know (set by hand in the database): the configured one.
    return { timeZone: env().timeZone, today: dayIn(env().timeZone, now) };
  }
}

/** Sets the agency's time zone (null: the configured TIME_ZONE). */
export async function setAgencyTimeZone(db: DB, ctx: Ctx, timeZone: string | null): Promise<void> {
  await db.updateTable("agencies").set({ time_zone: timeZone }).where("id", "=", ctx.agencyId).execute();
}

export interface AgencySettings {
  name: string;
  /** Its own time zone; null: none set. */
  timeZone: string | null;
  requireTwoFactor: boolean;
}

/** The agency's settings as an admin edits them. */
export async function getAgencySettings(db: DB, ctx: Ctx): Promise<AgencySettings | null> {
  const row = await db
    .selectFrom("agencies")
    .select(["name", "time_zone as timeZone", "require_two_factor as requireTwoFactor"])
    .where("id", "=", ctx.agencyId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Saves the agency's name, time zone (every "today" and every time shown follows it) and whether
 * it requires two-factor sign-in, with its audit entry: the names of the fields that changed (none
 * changed, no entry), and how many sign-ins ended when it became required.
 */
export async function updateAgencySettings(
  db: DB,
  ctx: Ctx,
  input: { name: string; timeZone: string; requireTwoFactor?: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const after = { name: input.name, time_zone: input.timeZone, require_two_factor: input.requireTwoFactor ?? false };
    const before = await trx
      .selectFrom("agencies")
      .select(["name", "time_zone", "require_two_factor"])
      .where("id", "=", ctx.agencyId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return;
    await trx.updateTable("agencies").set(after).where("id", "=", ctx.agencyId).execute();
    const sessionsEnded =
      after.require_two_factor && !before.require_two_factor ? await endSignInsWithoutSecondFactor(trx, ctx) : 0;
    const fields = changedFields(before, after);
    if (fields.length > 0) {
      const details = sessionsEnded > 0 ? { fields, sessionsEnded } : { fields };
      await audit(trx, ctx, { action: "update", entity: "agency", id: ctx.agencyId, details });
    }
  });
}

/**
 * Two-factor sign-in just became required: the sign-ins (screen and API) of the agency's users who
 * have not turned it on end, so that each goes through the new rule at once. Personal API tokens
 * stay: they are credentials of their own, made while signed in. Returns how many ended.
 */
async function endSignInsWithoutSecondFactor(db: DB, ctx: Ctx): Promise<number> {
  const ended = await db
    .deleteFrom("sessions")
    .where("agency_id", "=", ctx.agencyId)
    .where("kind", "in", ["browser", "api"])
    .where("user_id", "not in", db.selectFrom("user_two_factor").select("user_id").where("enabled_at", "is not", null))
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

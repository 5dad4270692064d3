import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

// What an import of placements looks up (app/services/import-placements.server.ts): the agency's
// clients, facilities and agents a file names, and its placements that a row repeats or that are
// open for the same client at the same facility. Names are compared without case, with runs of
// spaces as one.

/** A name as compared: lower case, trimmed, runs of spaces as one. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const fullName = (first: string, last: string) =>
  sql<string>`lower(regexp_replace(trim(${sql.ref(first)} || ' ' || ${sql.ref(last)}), '\\s+', ' ', 'g'))`;

/** The agency's clients with one of these full names ("ann lee") or e-mails (lower case). */
export async function clientsNamed(
  db: DB,
  ctx: Ctx,
  names: string[],
  emails: string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (names.length === 0 && emails.length === 0) return [];
  return db
    .selectFrom("clients")
    .select(["id", fullName("first_name", "last_name").as("name"), sql<string>`lower(email)`.as("email")])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) =>
      eb.or([
        eb(fullName("first_name", "last_name"), "=", sql<string>`ANY(${names}::text[])`),
        eb(sql`lower(email)`, "=", sql<string>`ANY(${emails}::text[])`),
      ]),
    )
    .orderBy("created_at")
    .execute();
}

/** The agency's facilities with one of these names or license numbers (lower case), with their city and state. */
export async function facilitiesNamed(
  db: DB,
  ctx: Ctx,
  names: string[],
  licenses: string[],
): Promise<{ id: string; name: string; license: string; city: string; state: string }[]> {
  if (names.length === 0 && licenses.length === 0) return [];
  return db
    .selectFrom("facilities")
    .select([
      "id",
      sql<string>`lower(regexp_replace(trim(name), '\\s+', ' ', 'g'))`.as("name"),
      sql<string>`lower(trim(license_number))`.as("license"),
      sql<string>`lower(trim(coalesce(address_city, '')))`.as("city"),
      sql<string>`lower(trim(coalesce(address_state, '')))`.as("state"),
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(regexp_replace(trim(name), '\\s+', ' ', 'g'))`, "=", sql<string>`ANY(${names}::text[])`),
        eb(sql`lower(trim(license_number))`, "=", sql<string>`ANY(${licenses}::text[])`),
      ]),
    )
    .orderBy("created_at")
    .execute();
}

/** The agency's active users (who may be a placement's agent) with one of these full names. */
export async function agentsNamed(db: DB, ctx: Ctx, names: string[]): Promise<{ id: string; name: string }[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom("users")
    .select(["id", fullName("first_name", "last_name").as("name")])
    .where("agency_id", "=", ctx.agencyId)
    .where("is_active", "=", true)
    .where(fullName("first_name", "last_name"), "=", sql<string>`ANY(${names}::text[])`)
    .execute();
}

/**
 * The agency's placements of these clients at these facilities, oldest first: what an imported
 * row repeats (the same start date) or would be a second open one beside (In Progress, Confirmed).
 */
export async function placementsOf(
  db: DB,
  ctx: Ctx,
  clientIds: string[],
  facilityIds: string[],
): Promise<{ id: string; client_id: string; facility_id: string; start_date: string; open: boolean }[]> {
  if (clientIds.length === 0 || facilityIds.length === 0) return [];
  return db
    .selectFrom("placements")
    .select([
      "id",
      "client_id",
      "facility_id",
      sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as("start_date"),
      sql<boolean>`status IN ('In Progress', 'Confirmed')`.as("open"),
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where("client_id", "=", sql<string>`ANY(${clientIds}::uuid[])`)
    .where("facility_id", "=", sql<string>`ANY(${facilityIds}::uuid[])`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

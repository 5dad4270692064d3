import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

/** A running total by name ("clients:Placed", "tasks:completed"…); one never written reads 0. */
export type AgencyCounts = (name: string) => number;

/**
 * Every running total of the caller's agency (a score of rows), kept exact by database triggers
 * (db/migrations/…_agency_counts.ts). A screen that shows several totals reads them once and
 * hands the result to each model function that needs it.
 */
export async function readAgencyCounts(db: DB, ctx: Ctx): Promise<AgencyCounts> {
  const rows = await db
    .selectFrom("agency_counts")
    .select(["name", "value"])
    .where("agency_id", "=", ctx.agencyId)
    .execute();
  const values = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return (name) => values.get(name) ?? 0;
}

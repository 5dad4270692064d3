import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

export interface FacilityDashboard {
  totalFacilities: number;
  occupancyStats: { totalCapacity: number; totalOccupied: number };
}

export async function getFacilityDashboard(db: DB, ctx: Ctx): Promise<FacilityDashboard> {
  const row = await db
    .selectFrom("facilities")
    .select([
      db.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(capacity), 0)::int`.as("capacity"),
      sql<number>`coalesce(sum(current_occupancy), 0)::int`.as("occupied"),
    ])
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirstOrThrow();
  return {
    totalFacilities: Number(row.total),
    occupancyStats: { totalCapacity: Number(row.capacity), totalOccupied: Number(row.occupied) },
  };
}

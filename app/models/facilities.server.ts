import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";

export interface FacilityDashboard {
  totalFacilities: number;
  occupancyStats: { totalCapacity: number; totalOccupied: number };
}

export async function getFacilityDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<FacilityDashboard> {
  const count = await counts;
  return {
    totalFacilities: count("facilities:count"),
    occupancyStats: { totalCapacity: count("facilities:capacity"), totalOccupied: count("facilities:occupied") },
  };
}

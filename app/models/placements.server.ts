import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

export const RECENT_PLACEMENTS = 3;

export interface RecentPlacement {
  _id: string;
  status: string;
  createdAt: string;
  clientId: { _id: string; firstName: string; lastName: string };
  facilityId: { _id: string; name: string };
}

export interface PlacementDashboard {
  activePlacements: number;
  totalPlacements: number;
  recentPlacements: RecentPlacement[];
}

/** Active = In Progress + Confirmed; the three newest placements, populated as the spec reads them. */
export async function getPlacementDashboard(db: DB, ctx: Ctx): Promise<PlacementDashboard> {
  const [counts, recent] = await Promise.all([
    db
      .selectFrom("placements")
      .select([
        db.fn.countAll<number>().as("total"),
        sql<number>`count(*) filter (where status in ('In Progress', 'Confirmed'))`.as("active"),
      ])
      .where("agency_id", "=", ctx.agencyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("placements as p")
      .innerJoin("clients as c", "c.id", "p.client_id")
      .innerJoin("facilities as f", "f.id", "p.facility_id")
      .select([
        "p.id",
        "p.status",
        "p.created_at",
        "c.id as client_id",
        "c.first_name",
        "c.last_name",
        "f.id as facility_id",
        "f.name as facility_name",
      ])
      .where("p.agency_id", "=", ctx.agencyId)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(RECENT_PLACEMENTS)
      .execute(),
  ]);
  return {
    activePlacements: Number(counts.active),
    totalPlacements: Number(counts.total),
    recentPlacements: recent.map((row) => ({
      _id: row.id,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      clientId: { _id: row.client_id, firstName: row.first_name, lastName: row.last_name },
      facilityId: { _id: row.facility_id, name: row.facility_name },
    })),
  };
}

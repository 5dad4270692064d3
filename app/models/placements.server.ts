import type { DB } from "~/utils/db.server";
import { PLACEMENT_STATUSES } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";

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
export async function getPlacementDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<PlacementDashboard> {
  const [count, recent] = await Promise.all([
    counts,
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
    activePlacements: count("placements:In Progress") + count("placements:Confirmed"),
    totalPlacements: PLACEMENT_STATUSES.reduce((sum, s) => sum + count(`placements:${s}`), 0),
    recentPlacements: recent.map((row) => ({
      _id: row.id,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      clientId: { _id: row.client_id, firstName: row.first_name, lastName: row.last_name },
      facilityId: { _id: row.facility_id, name: row.facility_name },
    })),
  };
}

export interface PlacementOfClient {
  id: string;
  status: string;
  priority: string;
  startDate: string;
  moveInDate: string | null;
  facility: { id: string; name: string; city: string; state: string };
}

/** A client's placements, newest first, with their facility (for the client's page). */
export async function listClientPlacements(db: DB, ctx: Ctx, clientId: string): Promise<PlacementOfClient[]> {
  const rows = await db
    .selectFrom("placements as p")
    .innerJoin("facilities as f", "f.id", "p.facility_id")
    .select([
      "p.id",
      "p.status",
      "p.priority",
      "p.start_date",
      "p.move_in_date",
      "f.id as facility_id",
      "f.name as facility_name",
      "f.address_city",
      "f.address_state",
    ])
    .where("p.client_id", "=", clientId)
    .where("p.agency_id", "=", ctx.agencyId)
    .orderBy("p.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    priority: row.priority,
    startDate: row.start_date,
    moveInDate: row.move_in_date,
    facility: { id: row.facility_id, name: row.facility_name, city: row.address_city, state: row.address_state },
  }));
}

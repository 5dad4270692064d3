import type { DB } from "~/utils/db.server";
import { CLIENT_STATUSES } from "~/utils/vocabulary";
import type { Ctx } from "./context";

export interface ClientDashboard {
  totalClients: number;
  statusCounts: Record<string, number>;
}

/** Total clients and a count per tracker status (every status present, zeros included). */
export async function getClientDashboard(db: DB, ctx: Ctx): Promise<ClientDashboard> {
  const rows = await db
    .selectFrom("clients")
    .select(["tracker_status as status", db.fn.countAll<number>().as("count")])
    .where("agency_id", "=", ctx.agencyId)
    .groupBy("tracker_status")
    .execute();
  const statusCounts: Record<string, number> = Object.fromEntries(CLIENT_STATUSES.map((s) => [s, 0]));
  let totalClients = 0;
  for (const row of rows) {
    statusCounts[row.status] = Number(row.count);
    totalClients += Number(row.count);
  }
  return { totalClients, statusCounts };
}

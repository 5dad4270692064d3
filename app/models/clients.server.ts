import type { DB } from "~/utils/db.server";
import { CLIENT_STATUSES } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";

export interface ClientDashboard {
  totalClients: number;
  statusCounts: Record<string, number>;
}

/** Total clients and a count per tracker status (every status present, zeros included). */
export async function getClientDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<ClientDashboard> {
  const count = await counts;
  const statusCounts: Record<string, number> = Object.fromEntries(
    CLIENT_STATUSES.map((s) => [s, count(`clients:${s}`)]),
  );
  const totalClients = CLIENT_STATUSES.reduce((sum, s) => sum + count(`clients:${s}`), 0);
  return { totalClients, statusCounts };
}

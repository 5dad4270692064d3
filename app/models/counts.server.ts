import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

/** A running total by name ("clients:Placed", "tasks:completed"…); one never written reads 0. */
export type AgencyCounts = (name: string) => number;

/**
 * The totals per team member ("tasks:member:<user id>:<priority>:<band>", migration
 * board_search_and_team) grow with the team: only the board's Analytics view reads them.
 */
const MEMBER_FROM = "tasks:member";
const MEMBER_TO = "tasks:membes";
/**
 * Among them, each member's totals per lane, priority and band ("tasks:member-lane:<user
 * id>:count|done|progress:<stage>:<priority>:<band>", migration member_lane_totals): the board
 * filtered by one assignee reads that member's alone.
 */
const MEMBER_LANE = "tasks:member-lane:";
const MEMBER_LANE_END = "tasks:member-lane;";

const lookup = (rows: { name: string; value: string | number | bigint }[]): AgencyCounts => {
  const values = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return (name) => values.get(name) ?? 0;
};

/**
 * Every running total of the caller's agency (a score of rows) but the per-member ones, kept
 * exact by database triggers (db/migrations/…_agency_counts.ts). A screen that shows several
 * totals reads them once and hands the result to each model function that needs it.
 */
export async function readAgencyCounts(db: DB, ctx: Ctx): Promise<AgencyCounts> {
  const rows = await db
    .selectFrom("agency_counts")
    .select(["name", "value"])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) => eb.or([eb("name", "<", MEMBER_FROM), eb("name", ">=", MEMBER_TO)]))
    .execute();
  return lookup(rows);
}

/**
 * The running totals per team member (see MEMBER_FROM) but those per lane (MEMBER_LANE), with
 * the names of readAgencyCounts.
 */
export async function readMemberCounts(db: DB, ctx: Ctx): Promise<{ counts: AgencyCounts; names: string[] }> {
  const rows = await db
    .selectFrom("agency_counts")
    .select(["name", "value"])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) =>
      eb.or([
        eb.and([eb("name", ">=", MEMBER_FROM), eb("name", "<", MEMBER_LANE)]),
        eb.and([eb("name", ">=", MEMBER_LANE_END), eb("name", "<", MEMBER_TO)]),
      ]),
    )
    .execute();
  return { counts: lookup(rows), names: rows.map((r) => r.name) };
}

/**
 * One member's totals per lane, priority and band, named as readAgencyCounts names the agency's
 * ("tasks:lane:<stage>:<priority>:<band>", "tasks:lane-done:…", "tasks:lane-progress:…"), so
 * the board sums either the same way.
 */
export async function readMemberLaneCounts(db: DB, ctx: Ctx, userId: string): Promise<AgencyCounts> {
  const from = `${MEMBER_LANE}${userId}:`;
  const rows = await db
    .selectFrom("agency_counts")
    .select(["name", "value"])
    .where("agency_id", "=", ctx.agencyId)
    .where("name", ">=", from)
    .where("name", "<", `${MEMBER_LANE}${userId};`)
    .execute();
  const kinds: Record<string, string> = {
    count: "tasks:lane:",
    done: "tasks:lane-done:",
    progress: "tasks:lane-progress:",
  };
  return lookup(
    rows.map(({ name, value }) => {
      const rest = name.slice(from.length);
      const kind = rest.slice(0, rest.indexOf(":"));
      return { name: `${kinds[kind]}${rest.slice(kind.length + 1)}`, value };
    }),
  );
}

/**
 * The number that changes on every write to the agency's facilities ("facilities:version",
 * migration swim_lanes): what a process may keep of matching results is valid while it stays.
 */
export async function readFacilitiesVersion(db: DB, ctx: Ctx): Promise<number> {
  const row = await db
    .selectFrom("agency_counts")
    .select("value")
    .where("agency_id", "=", ctx.agencyId)
    .where("name", "=", "facilities:version")
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

import { sql } from "kysely";
import { addDays, zonedTime } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import { CLIENT_STATUSES, type ClientStatus, REFERRAL_SOURCES, type ReferralSource } from "~/utils/vocabulary";
import type { Ctx } from "./context";

// The reports (/reports, the dashboard's chart, the reports' CSV downloads): each a few grouped
// counts over one agency's rows in a range of its days, read through the indexes of migration
// 20261210020000 (clients by intake, placements by start date). What counts:
//
// - a placement counts in the month of its start date, by its agent; cancelled ones do not count;
// - intake to move-in: the days from the client's intake (the day the client was added, in the
//   agency's time zone) to the placement's move-in date, for placements that moved in within the
//   range (a move-in date up to today; cancelled ones left out);
// - conversion and referral sources: the clients added within the range (by whoever added them,
//   when narrowed to one person), by the furthest stage each has reached: the stages run in the
//   board's order, so a client in Follow-up has been placed.
//
// Revenue (invoiced and collected) joins these when invoices exist: a function here beside the
// others, a name in REPORT_NAMES (app/schemas/report.ts) and a section on the page.

/** The days a report covers (the agency's, both included), whose work, and the agency's clock. */
export interface ReportRange {
  /** YYYY-MM-DD. */
  from: string;
  /** YYYY-MM-DD, on or after `from`. */
  to: string;
  /** One person's work: placements as their agent, clients they added. */
  agentId?: string;
  timeZone: string;
  /** The agency's today: no move-in after it has happened yet. */
  today: string;
}

/** `2026-03`: a month as the reports name it. */
export type Month = string;

/** Every month from `from`'s to `to`'s, in order. */
export function monthsOf(from: string, to: string): Month[] {
  const months: Month[] = [];
  let [year, month] = from.slice(0, 7).split("-").map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const name = `${year}-${String(month).padStart(2, "0")}`;
    months.push(name);
    if (name >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The first instant of `from` and the first instant after `to`, in the agency's zone: the clients added in the range. */
function instantsOf(range: ReportRange) {
  return {
    start: zonedTime(`${range.from}T00:00`, range.timeZone),
    end: zonedTime(`${addDays(range.to, 1)}T00:00`, range.timeZone),
  };
}

/** The agency's placements that count (not cancelled) starting in the range, by the agent if narrowed. */
function countedPlacements(db: DB, ctx: Ctx, range: ReportRange) {
  return db
    .selectFrom("placements as p")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.start_date", ">=", range.from)
    .where("p.start_date", "<=", range.to)
    .where("p.status", "<>", "Cancelled")
    .$if(Boolean(range.agentId), (qb) => qb.where("p.agent_id", "=", range.agentId!));
}

/** The agency's clients added in the range, by the person if narrowed. */
function clientsAdded(db: DB, ctx: Ctx, range: ReportRange) {
  const { start, end } = instantsOf(range);
  return db
    .selectFrom("clients as c")
    .where("c.agency_id", "=", ctx.agencyId)
    .where("c.created_at", ">=", start)
    .where("c.created_at", "<", end)
    .$if(Boolean(range.agentId), (qb) => qb.where("c.created_by", "=", range.agentId!));
}

export interface MonthCount {
  month: Month;
  placements: number;
}

/** Placements per month of their start date, every month of the range (none: 0). */
export async function placementsByMonth(db: DB, ctx: Ctx, range: ReportRange): Promise<MonthCount[]> {
  // By day, in the index's order (no expression per row), then added up by month.
  const rows = await countedPlacements(db, ctx, range)
    .select(["p.start_date", sql<number>`count(*)::int`.as("n")])
    .groupBy("p.start_date")
    .execute();
  const counts = new Map<Month, number>();
  for (const row of rows) {
    const month = String(row.start_date).slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + row.n);
  }
  return monthsOf(range.from, range.to).map((month) => ({ month, placements: counts.get(month) ?? 0 }));
}

export interface AgentCount {
  agentId: string;
  name: string;
  /** A deactivated person's work still counts: said beside the name. */
  active: boolean;
  placements: number;
  /** Of those, how many are completed (moved in). */
  completed: number;
}

/** Placements per agent, most first (then by name): only people with placements in the range. */
export async function placementsByAgent(db: DB, ctx: Ctx, range: ReportRange): Promise<AgentCount[]> {
  const counts = countedPlacements(db, ctx, range)
    .select([
      "p.agent_id",
      sql<number>`count(*)::int`.as("n"),
      sql<number>`(count(*) FILTER (WHERE p.status = 'Completed'))::int`.as("completed"),
    ])
    .groupBy("p.agent_id")
    .as("counts");
  const rows = await db
    .selectFrom(counts)
    .innerJoin("users as u", "u.id", "counts.agent_id")
    .where("u.agency_id", "=", ctx.agencyId)
    .select(["u.id", "u.first_name", "u.last_name", "u.is_active", "counts.n", "counts.completed"])
    .orderBy("counts.n", "desc")
    .orderBy("u.last_name")
    .orderBy("u.first_name")
    .orderBy("u.id")
    .execute();
  return rows.map((r) => ({
    agentId: r.id,
    name: `${r.first_name} ${r.last_name}`,
    active: r.is_active,
    placements: r.n,
    completed: r.completed,
  }));
}

/** How many days intake to move-in took: the quartiles (interpolated, as Postgres's percentile_cont). */
export interface Spread {
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

export interface IntakeToMoveIn {
  /** Over the whole range; null when nobody moved in. */
  overall: Spread | null;
  /** Per month of the move-in, every month of the range (null: nobody moved in that month). */
  byMonth: { month: Month; spread: Spread | null }[];
}

/** Days from intake to move-in, for the placements that moved in within the range. */
export async function intakeToMoveIn(db: DB, ctx: Ctx, range: ReportRange): Promise<IntakeToMoveIn> {
  const last = range.to < range.today ? range.to : range.today;
  const days = sql<number>`(p.move_in_date - (c.created_at AT TIME ZONE ${range.timeZone})::date)`;
  const spreadColumns = [
    sql<number>`count(*)::int`.as("count"),
    sql<number>`min(${days})`.as("min"),
    sql<number[]>`percentile_cont(ARRAY[0.25, 0.5, 0.75]::float8[]) WITHIN GROUP (ORDER BY ${days})`.as("quartiles"),
    sql<number>`max(${days})`.as("max"),
  ] as const;
  const moved = db
    .selectFrom("placements as p")
    .innerJoin("clients as c", "c.id", "p.client_id")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.move_in_date", ">=", range.from)
    .where("p.move_in_date", "<=", last)
    .where("p.status", "<>", "Cancelled")
    .$if(Boolean(range.agentId), (qb) => qb.where("p.agent_id", "=", range.agentId!));
  // The whole range and each month in one pass: the month's row has a month, the total's none.
  const month = sql<string | null>`to_char(date_trunc('month', p.move_in_date), 'YYYY-MM')`;
  const rows =
    range.from <= last
      ? await moved
          .select([month.as("month"), ...spreadColumns])
          .groupBy(sql`GROUPING SETS ((date_trunc('month', p.move_in_date)), ())`)
          .execute()
      : [];
  const overall = rows.find((r) => r.month === null);
  const byMonth = new Map(rows.filter((r) => r.month !== null).map((r) => [r.month, toSpread(r)]));
  return {
    overall: overall ? toSpread(overall) : null,
    byMonth: monthsOf(range.from, range.to).map((m) => ({ month: m, spread: byMonth.get(m) ?? null })),
  };
}

function toSpread(row: { count: number; min: number; quartiles: number[] | null; max: number }): Spread | null {
  if (row.count === 0 || !row.quartiles) return null;
  const [q1, median, q3] = row.quartiles.map(Number);
  return { count: row.count, min: Number(row.min), q1, median, q3, max: Number(row.max) };
}

export interface StageCount {
  stage: ClientStatus;
  /** Clients added in the range who have reached this stage (or a later one). */
  reached: number;
}

/** How many of the clients added in the range have reached each stage of the pipeline. */
export async function pipelineConversion(db: DB, ctx: Ctx, range: ReportRange): Promise<StageCount[]> {
  const rows = await clientsAdded(db, ctx, range)
    .select(["c.tracker_status", sql<number>`count(*)::int`.as("n")])
    .groupBy("c.tracker_status")
    .execute();
  const now = new Map(rows.map((r) => [r.tracker_status, r.n]));
  return CLIENT_STATUSES.map((stage, k) => ({
    stage,
    reached: CLIENT_STATUSES.slice(k).reduce((sum, later) => sum + (now.get(later) ?? 0), 0),
  }));
}

export interface SourceCount {
  /** null: not recorded. */
  source: ReferralSource | null;
  clients: number;
  /** Of those, how many have been placed (Placed or Follow-up). */
  placed: number;
}

/** The clients added in the range by referral source: every source in the vocabulary's order, then "not recorded". */
export async function referralSources(db: DB, ctx: Ctx, range: ReportRange): Promise<SourceCount[]> {
  const rows = await clientsAdded(db, ctx, range)
    .select([
      "c.referral_source",
      sql<number>`count(*)::int`.as("n"),
      sql<number>`(count(*) FILTER (WHERE c.tracker_status IN ('Placed', 'Follow-up')))::int`.as("placed"),
    ])
    .groupBy("c.referral_source")
    .execute();
  const bySource = new Map(rows.map((r) => [r.referral_source, r]));
  return [...REFERRAL_SOURCES, null].map((source) => ({
    source,
    clients: bySource.get(source)?.n ?? 0,
    placed: bySource.get(source)?.placed ?? 0,
  }));
}

/** The people a report can be narrowed to: the agency's staff, deactivated ones too (their work stays). */
export async function reportPeople(db: DB, ctx: Ctx): Promise<{ id: string; name: string; active: boolean }[]> {
  const rows = await db
    .selectFrom("users")
    .where("agency_id", "=", ctx.agencyId)
    .select(["id", "first_name", "last_name", "is_active"])
    .orderBy("is_active", "desc")
    .orderBy("last_name")
    .orderBy("first_name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, active: r.is_active }));
}

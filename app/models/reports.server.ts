import { sql } from "kysely";
import { addDays, zonedTime } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import { CLIENT_STATUSES, type ClientStatus, REFERRAL_SOURCES, type ReferralSource } from "~/utils/vocabulary";
import type { Ctx } from "./context";

// The reports (/reports, the dashboard's chart, the reports' CSV downloads): each read from the
// figures kept per month (migration 20261212010000, docs/decisions/013-report-figures.md) rather
// than from a year of the agency's rows. A range that cuts a month counts the shorter part of that
// month live from the rows: the days it leaves out, taken away from the whole month, or the days
// it takes in, added (monthSplit; for the default range, the days after today: none or a few).
// What counts:
//
// - a placement counts in the month of its start date, by its agent; cancelled ones do not count;
// - intake to move-in: the days from the client's intake (the day the client was added, in the
//   agency's time zone) to the placement's move-in date, for placements that moved in within the
//   range (a move-in date up to today; cancelled ones left out);
// - conversion and referral sources: the clients added within the range (by whoever added them,
//   when narrowed to one person), by the furthest stage each has reached: the stages run in the
//   board's order, so a client in Follow-up has been placed.
//
// Revenue (invoiced and collected, whole months) is revenueByMonth in invoices.server.ts.

/** The days a report covers (the agency's, both included), whose work, and the agency's clock. */
export interface ReportRange {
  /** YYYY-MM-DD. */
  from: string;
  /** YYYY-MM-DD, on or after `from`. */
  to: string;
  /** One person's work: placements as their agent, clients they added. */
  agentId?: string;
  timeZone: string;
  /**
   * Whether `timeZone` is the agency's own: the days from intake to move-in are kept in it (an
   * agency on the configured TIME_ZONE, which the database does not know, has them counted live).
   */
  ownTimeZone?: boolean;
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

/** A run of time on a UTC timeline, from `from` (included) to `to` (left out): days or instants. */
interface Run<T> {
  from: T;
  to: T;
}

/**
 * How a span of a timeline is read from figures kept per month: the kept months from `first` up to
 * `end` (their first days, `end` left out), plus the runs counted live in `add`, less those in
 * `subtract`. The month at either end is read whole less the part outside the span, or left out
 * and its part inside the span counted, whichever counts the shorter run.
 */
interface MonthSplit<T> {
  first: string;
  end: string;
  add: Run<T>[];
  subtract: Run<T>[];
}

/** `span` on a timeline counted in `unit` milliseconds (a day, or 1), split by UTC months. */
function splitByMonth(span: Run<number>, unit: number): MonthSplit<number> {
  const monthOf = (x: number, months = 0) => {
    const date = new Date(x * unit);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1) / unit;
  };
  const day = (x: number) => new Date(x * unit).toISOString().slice(0, 10);
  const add: Run<number>[] = [];
  const subtract: Run<number>[] = [];
  let first = monthOf(span.from);
  let end = monthOf(span.to - 1, 1);
  const edge = (month: number, inside: Run<number>) => {
    const outside = [
      { from: month, to: inside.from },
      { from: inside.to, to: monthOf(month, 1) },
    ].filter((run) => run.to > run.from);
    const outsideLength = outside.reduce((sum, run) => sum + run.to - run.from, 0);
    if (outsideLength === 0) return true;
    if (outsideLength <= inside.to - inside.from) {
      subtract.push(...outside);
      return true;
    }
    add.push(inside);
    return false;
  };
  if (first === monthOf(span.to - 1)) {
    if (!edge(first, span)) end = first;
  } else {
    if (!edge(first, { from: span.from, to: monthOf(first, 1) })) first = monthOf(first, 1);
    const lastMonth = monthOf(span.to - 1);
    if (!edge(lastMonth, { from: lastMonth, to: span.to })) end = lastMonth;
  }
  return { first: day(first), end: day(Math.max(first, end)), add, subtract };
}

const DAY_MS = 86_400_000;

/** The days `from` to `to` (both included, YYYY-MM-DD) split by month: the runs as days, `to` left out. */
export function monthSplit(from: string, to: string): MonthSplit<string> {
  const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
  const split = splitByMonth({ from: epochDay(from), to: epochDay(to) + 1 }, DAY_MS);
  const days = (run: Run<number>) => ({
    from: new Date(run.from * DAY_MS).toISOString().slice(0, 10),
    to: new Date(run.to * DAY_MS).toISOString().slice(0, 10),
  });
  return { ...split, add: split.add.map(days), subtract: split.subtract.map(days) };
}

/** The instants from `from` (included) to `to` (left out) split by UTC month. */
function instantSplit(from: Date, to: Date): MonthSplit<Date> {
  const split = splitByMonth({ from: from.getTime(), to: to.getTime() }, 1);
  const instants = (run: Run<number>) => ({ from: new Date(run.from), to: new Date(run.to) });
  return { ...split, add: split.add.map(instants), subtract: split.subtract.map(instants) };
}

/** `column` within one of the runs (each `from` included, `to` left out), or never when there are none. */
function within<T extends string | Date>(column: string, runs: Run<T>[]) {
  if (runs.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    runs.map((run) => sql`(${sql.ref(column)} >= ${run.from} AND ${sql.ref(column)} < ${run.to})`),
    sql` OR `,
  )})`;
}

/**
 * The placements that count (not cancelled) starting in the range, by month and agent: the kept
 * months less the days outside the range.
 */
function placementFigures(db: DB, ctx: Ctx, range: ReportRange) {
  const split = monthSplit(range.from, range.to);
  const kept = db
    .selectFrom("report_placement_months as k")
    .where("k.agency_id", "=", ctx.agencyId)
    .where("k.month", ">=", split.first)
    .where("k.month", "<", split.end)
    .$if(Boolean(range.agentId), (qb) => qb.where("k.agent_id", "=", range.agentId!))
    .select(["k.month", "k.agent_id", "k.placements", "k.completed"]);
  const live = (runs: Run<string>[], sign: 1 | -1) =>
    db
      .selectFrom("placements as p")
      .where("p.agency_id", "=", ctx.agencyId)
      .where(within("p.start_date", runs))
      .where("p.status", "<>", "Cancelled")
      .$if(Boolean(range.agentId), (qb) => qb.where("p.agent_id", "=", range.agentId!))
      .select([
        sql<string>`date_trunc('month', p.start_date)::date`.as("month"),
        "p.agent_id",
        sql<number>`${sql.lit(sign)}`.as("placements"),
        sql<number>`${sql.lit(sign)} * (p.status = 'Completed')::int`.as("completed"),
      ]);
  let figures = kept;
  if (split.add.length > 0) figures = figures.unionAll(live(split.add, 1));
  if (split.subtract.length > 0) figures = figures.unionAll(live(split.subtract, -1));
  return db.selectFrom(figures.as("f"));
}

/** The clients added in a range, by stage and referral source (intakeFigures). */
export type IntakeFigures = { tracker_status: ClientStatus; referral_source: ReferralSource | null; n: number }[];

/**
 * The clients added in the range (by the person if narrowed), by stage and referral source: the
 * kept UTC months less (or plus) the clients added in the parts of the first and last months the
 * range leaves out (or takes in): the agency's days start at its midnight, not UTC's. Conversion
 * and referral sources both read these (the page reads them once for both).
 */
export async function intakeFigures(db: DB, ctx: Ctx, range: ReportRange): Promise<IntakeFigures> {
  const split = instantSplit(
    zonedTime(`${range.from}T00:00`, range.timeZone),
    zonedTime(`${addDays(range.to, 1)}T00:00`, range.timeZone),
  );
  const kept = db
    .selectFrom("report_intake_months as k")
    .where("k.agency_id", "=", ctx.agencyId)
    .where("k.month", ">=", split.first)
    .where("k.month", "<", split.end)
    .$if(Boolean(range.agentId), (qb) => qb.where("k.created_by", "=", range.agentId!))
    .select(["k.tracker_status", "k.referral_source", "k.clients"]);
  const live = (runs: Run<Date>[], sign: 1 | -1) =>
    db
      .selectFrom("clients as c")
      .where("c.agency_id", "=", ctx.agencyId)
      .where(within("c.created_at", runs))
      .$if(Boolean(range.agentId), (qb) => qb.where("c.created_by", "=", range.agentId!))
      .select(["c.tracker_status", "c.referral_source", sql<number>`${sql.lit(sign)}`.as("clients")]);
  let figures = kept;
  if (split.add.length > 0) figures = figures.unionAll(live(split.add, 1));
  if (split.subtract.length > 0) figures = figures.unionAll(live(split.subtract, -1));
  return db
    .selectFrom(figures.as("f"))
    .select(["f.tracker_status", "f.referral_source", sql<number>`sum(f.clients)::int`.as("n")])
    .groupBy(["f.tracker_status", "f.referral_source"])
    .execute();
}

export interface MonthCount {
  month: Month;
  placements: number;
}

/** Placements per month of their start date, every month of the range (none: 0). */
export async function placementsByMonth(db: DB, ctx: Ctx, range: ReportRange): Promise<MonthCount[]> {
  const rows = await placementFigures(db, ctx, range)
    .select(["f.month", sql<number>`sum(f.placements)::int`.as("n")])
    .groupBy("f.month")
    .execute();
  const counts = new Map(rows.map((row) => [String(row.month).slice(0, 7), row.n]));
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
  const counts = placementFigures(db, ctx, range)
    .select([
      "f.agent_id",
      sql<number>`sum(f.placements)::int`.as("n"),
      sql<number>`sum(f.completed)::int`.as("completed"),
    ])
    .groupBy("f.agent_id")
    .having(sql<number>`sum(f.placements)`, ">", 0)
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

/** The bits a bucket of the kept move-ins shifts the days by (the report_rollups migration). */
const BUCKET_BITS = 5;

/**
 * Days from intake to move-in, for the placements that moved in within the range: the quartiles
 * of each month and of the whole range, exact (as percentile_cont), without sorting every move-in.
 * The kept buckets of 32 days (report_move_in_buckets, a few hundred rows a year) say which bucket
 * holds each rank a quartile needs (the first, the last, and the two either side of each
 * quartile); only those buckets' days are read (report_move_in_days). Move-ins of the first and
 * last months on days outside the range are counted live and taken away from both.
 */
export async function intakeToMoveIn(db: DB, ctx: Ctx, range: ReportRange): Promise<IntakeToMoveIn> {
  const last = range.to < range.today ? range.to : range.today;
  const months = monthsOf(range.from, range.to);
  if (range.from > last) return { overall: null, byMonth: months.map((month) => ({ month, spread: null })) };
  const spreads = range.ownTimeZone ? await keptSpreads(db, ctx, range, last) : await liveSpreads(db, ctx, range, last);
  return {
    overall: spreads.get("infinity") ?? null,
    byMonth: months.map((month) => ({ month, spread: spreads.get(month) ?? null })),
  };
}

/** The spreads by month ("2026-03") and over the whole range ("infinity"), from the kept figures. */
async function keptSpreads(db: DB, ctx: Ctx, range: ReportRange, last: string): Promise<Map<string, Spread>> {
  const split = monthSplit(range.from, last);
  const agent = (column: string) =>
    range.agentId ? sql`${sql.ref(column)} = ${range.agentId}` : sql`${sql.ref(column)} IS NULL`;
  const width = 2 ** BUCKET_BITS;
  // A group is a month (its first day) or the whole range ('infinity').
  const { rows } = await sql<{
    grp: string;
    total: number;
    ranks: number[];
  }>`
    WITH live AS (
      SELECT date_trunc('month', p.move_in_date)::date AS month,
             p.move_in_date - (c.created_at AT TIME ZONE ${range.timeZone})::date AS days,
             CASE WHEN ${within("p.move_in_date", split.add)} THEN 1 ELSE -1 END AS n
        FROM placements p JOIN clients c ON c.id = p.client_id
       WHERE p.agency_id = ${ctx.agencyId} AND p.move_in_date IS NOT NULL AND p.status <> 'Cancelled'
         AND ${within("p.move_in_date", [...split.add, ...split.subtract])}
         ${range.agentId ? sql`AND p.agent_id = ${range.agentId}` : sql``}
    ), coarse AS (
      SELECT coalesce(month, 'infinity') AS grp, bucket, sum(n)::int AS n FROM (
        SELECT month, bucket, placements AS n FROM report_move_in_buckets b
         WHERE b.agency_id = ${ctx.agencyId} AND ${agent("b.agent_id")} AND b.month >= ${split.first} AND b.month < ${split.end}
        UNION ALL
        SELECT month, days >> ${BUCKET_BITS}, n FROM live
      ) x GROUP BY GROUPING SETS ((month, bucket), (bucket)) HAVING sum(n) <> 0
    ), cum AS (
      SELECT grp, bucket, n, (sum(n) OVER (PARTITION BY grp ORDER BY bucket ROWS UNBOUNDED PRECEDING))::int AS upto
        FROM coarse
    ), totals AS (
      SELECT grp, max(upto) AS total FROM cum GROUP BY grp
    ), ranks AS (
      -- The ranks (from 0) whose values a spread needs, in the order of the ARRAY below.
      SELECT t.grp, t.total, r.k FROM totals t
       CROSS JOIN LATERAL (VALUES (0), ((t.total - 1) / 4), ((t.total + 2) / 4), ((t.total - 1) / 2), (t.total / 2),
         (3 * (t.total - 1) / 4), (3 * t.total / 4), (t.total - 1)) AS r(k)
    ), targets AS (
      SELECT DISTINCT c.grp, c.bucket, c.upto - c.n AS before
        FROM ranks r JOIN cum c ON c.grp = r.grp AND r.k >= c.upto - c.n AND r.k < c.upto
    ), fine AS (
      SELECT t.grp, t.bucket, t.before, d.days, sum(d.n)::int AS n
        FROM targets t CROSS JOIN LATERAL (
          SELECT f.days, f.placements AS n FROM report_move_in_days f
           WHERE t.grp <> 'infinity' AND f.agency_id = ${ctx.agencyId} AND ${agent("f.agent_id")}
             AND f.month = t.grp AND f.month >= ${split.first} AND f.month < ${split.end} AND f.days BETWEEN t.bucket * ${width} AND t.bucket * ${width} + ${width - 1}
          UNION ALL
          SELECT f.days, f.placements FROM report_move_in_days f
           WHERE t.grp = 'infinity' AND f.agency_id = ${ctx.agencyId} AND ${agent("f.agent_id")}
             AND f.days BETWEEN t.bucket * ${width} AND t.bucket * ${width} + ${width - 1}
             AND f.month >= ${split.first} AND f.month < ${split.end}
          UNION ALL
          SELECT l.days, l.n FROM live l
           WHERE (t.grp = 'infinity' OR l.month = t.grp) AND l.days >> ${BUCKET_BITS} = t.bucket
        ) d
       GROUP BY t.grp, t.bucket, t.before, d.days HAVING sum(d.n) <> 0
    ), ranked AS (
      SELECT grp, days, before + (sum(n) OVER (PARTITION BY grp, bucket ORDER BY days ROWS UNBOUNDED PRECEDING))::int AS upto
        FROM fine
    )
    SELECT t.grp::text AS grp, t.total, ARRAY[
        min(r.days) FILTER (WHERE r.upto > 0),
        min(r.days) FILTER (WHERE r.upto > (t.total - 1) / 4), min(r.days) FILTER (WHERE r.upto > (t.total + 2) / 4),
        min(r.days) FILTER (WHERE r.upto > (t.total - 1) / 2), min(r.days) FILTER (WHERE r.upto > t.total / 2),
        min(r.days) FILTER (WHERE r.upto > 3 * (t.total - 1) / 4), min(r.days) FILTER (WHERE r.upto > 3 * t.total / 4),
        min(r.days) FILTER (WHERE r.upto > t.total - 1)] AS ranks
      FROM ranked r JOIN totals t ON t.grp = r.grp
     GROUP BY t.grp, t.total`.execute(db);
  return new Map(
    rows.map((row) => [
      row.grp === "infinity" ? row.grp : row.grp.slice(0, 7),
      spreadOf(row.total, row.ranks.map(Number)),
    ]),
  );
}

/** The same counted from the rows: every move-in of the range joined to its client, sorted. */
async function liveSpreads(db: DB, ctx: Ctx, range: ReportRange, last: string): Promise<Map<string, Spread>> {
  const days = sql<number>`(p.move_in_date - (c.created_at AT TIME ZONE ${range.timeZone})::date)`;
  const month = sql<string>`coalesce(to_char(date_trunc('month', p.move_in_date), 'YYYY-MM'), 'infinity')`;
  // The whole range and each month in one pass: the month's row has a month, the total's none.
  const rows = await db
    .selectFrom("placements as p")
    .innerJoin("clients as c", "c.id", "p.client_id")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.move_in_date", ">=", range.from)
    .where("p.move_in_date", "<=", last)
    .where("p.status", "<>", "Cancelled")
    .$if(Boolean(range.agentId), (qb) => qb.where("p.agent_id", "=", range.agentId!))
    .select([
      month.as("month"),
      sql<number>`count(*)::int`.as("count"),
      sql<number>`min(${days})`.as("min"),
      sql<number[]>`percentile_cont(ARRAY[0.25, 0.5, 0.75]::float8[]) WITHIN GROUP (ORDER BY ${days})`.as("quartiles"),
      sql<number>`max(${days})`.as("max"),
    ])
    .groupBy(sql`GROUPING SETS ((date_trunc('month', p.move_in_date)), ())`)
    .execute();
  return new Map(
    rows
      .filter((row) => row.count > 0)
      .map((row) => {
        const [q1, median, q3] = row.quartiles.map(Number);
        return [row.month, { count: row.count, min: Number(row.min), q1, median, q3, max: Number(row.max) }];
      }),
  );
}

/**
 * The spread of `count` values from the values at the ranks the query read, in rank order (the
 * first; below and above each quartile's position; the last), interpolated as percentile_cont
 * does: the quartile p sits at (count − 1) × p, between the values at its floor and its ceiling.
 */
function spreadOf(count: number, values: number[]): Spread {
  const [min, q1lo, q1hi, q2lo, q2hi, q3lo, q3hi, max] = values;
  const at = (p: number, lo: number, hi: number) => {
    const position = (count - 1) * p;
    return lo + (hi - lo) * (position - Math.floor(position));
  };
  return { count, min, q1: at(0.25, q1lo, q1hi), median: at(0.5, q2lo, q2hi), q3: at(0.75, q3lo, q3hi), max };
}

export interface StageCount {
  stage: ClientStatus;
  /** Clients added in the range who have reached this stage (or a later one). */
  reached: number;
}

/** How many of the clients added in the range have reached each stage of the pipeline. */
export async function pipelineConversion(
  db: DB,
  ctx: Ctx,
  range: ReportRange,
  figures: Promise<IntakeFigures> = intakeFigures(db, ctx, range),
): Promise<StageCount[]> {
  const now = new Map<string, number>();
  for (const row of await figures) {
    now.set(row.tracker_status, (now.get(row.tracker_status) ?? 0) + row.n);
  }
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
export async function referralSources(
  db: DB,
  ctx: Ctx,
  range: ReportRange,
  figures: Promise<IntakeFigures> = intakeFigures(db, ctx, range),
): Promise<SourceCount[]> {
  const bySource = new Map<ReferralSource | null, { n: number; placed: number }>();
  for (const row of await figures) {
    const counts = bySource.get(row.referral_source) ?? { n: 0, placed: 0 };
    counts.n += row.n;
    if (row.tracker_status === "Placed" || row.tracker_status === "Follow-up") counts.placed += row.n;
    bySource.set(row.referral_source, counts);
  }
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

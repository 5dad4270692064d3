import { agencyDay, agencyTimeZone } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import {
  intakeFigures,
  type IntakeFigures,
  intakeToMoveIn,
  type MonthCount,
  monthsOf,
  pipelineConversion,
  placementsByAgent,
  placementsByMonth,
  referralSources,
  type ReportRange,
} from "~/models/reports.server";
import type { ReportName, ReportQuery } from "~/schemas/report";
import type { ChartGeometry } from "~/utils/chart-geometry";
import { bandChart, barChart, columnChart } from "~/utils/charts.server";
import type { DB } from "~/utils/db.server";
import { outstandingTotals, revenueByMonth } from "~/models/invoices.server";

// The reports as the page, its CSV downloads and the dashboard show them: the range read from the
// URL, then per report its chart and its table (the same figures; the CSV is the table).

/** How many months the reports cover when the address does not say: twelve, this one included. */
const DEFAULT_MONTHS = 12;
/** The most months a report's chart and table can hold: ten years. */
const MAX_MONTHS = 120;

/** A table's cell: a count or a figure as is (the CSV writes it so), text, or nothing. */
export type ReportCell = string | number | null;

export interface ReportTable {
  columns: string[];
  rows: ReportCell[][];
}

export interface ReportSection {
  name: ReportName;
  title: string;
  /** What the figures mean, under the title. */
  about: string;
  /** A line of key figures over the chart (the median and quartiles); null for none. */
  summary: string | null;
  /** Null when there is nothing to draw (the table says so). */
  chart: ChartGeometry | null;
  table: ReportTable;
  /** What the section says when there are no figures. */
  empty: string;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2026" for `2026-03`. */
export function monthName(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/**
 * A month's label on a chart's axis: "Mar", with the year under each January and under the first
 * month (unless a January follows it at once: two years side by side would run together).
 */
function axisLabel(month: string, k: number) {
  const label = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  const year = month.endsWith("-01") || (k === 0 && !month.endsWith("-12"));
  return { label, short: label.slice(0, 1), sublabel: year ? month.slice(0, 4) : undefined };
}

/** The first day of the month `months` before `day`'s month. */
function monthStart(day: string, monthsBack: number): string {
  const [year, month] = day.split("-").map(Number);
  const index = year * 12 + (month - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** "12 Mar 2026 to 11 Mar 2027". */
export function rangeText(range: Pick<ReportRange, "from" | "to">): string {
  const day = (d: string) => `${Number(d.slice(8, 10))} ${monthName(d.slice(0, 7))}`;
  return `${day(range.from)} to ${day(range.to)}`;
}

/**
 * The range a report covers: the URL's days, else the last twelve months up to the agency's
 * today (from the start of the month eleven months back). A range of more than ten years is
 * shortened to its last ten (`shortened`).
 */
export async function reportRange(
  db: DB,
  ctx: Ctx,
  query: ReportQuery,
): Promise<{ range: ReportRange; shortened: boolean }> {
  const [{ timeZone, today }, own] = await Promise.all([agencyDay(db, ctx), agencyTimeZone(db, ctx)]);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  let from = query.from ?? monthStart(to, DEFAULT_MONTHS - 1);
  const shortened = monthsOf(from, to).length > MAX_MONTHS;
  if (shortened) from = monthStart(to, MAX_MONTHS - 1);
  // The agency's own zone, which the days from intake to move-in are kept in (not the configured
  // TIME_ZONE, nor the one agencyDay falls back to when this runtime does not know the agency's).
  const ownTimeZone = own === timeZone;
  return { range: { from, to, agentId: query.agentId, timeZone, ownTimeZone, today }, shortened };
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const days = (n: number) => plural(Math.round(n * 10) / 10, "day", "days");

/** The chart of placements per month (null: none in the range); `size`: wider than a report's. */
function monthlyChart(
  months: MonthCount[],
  range: ReportRange,
  size: { width?: number; height?: number } = {},
): ChartGeometry | null {
  const total = months.reduce((sum, m) => sum + m.placements, 0);
  if (total === 0) return null;
  const busiest = months.reduce((a, b) => (b.placements > a.placements ? b : a), months[0]);
  return columnChart({
    title: "Placements per month",
    description: `Bar chart of placements per month, ${rangeText(range)}: ${plural(total, "placement", "placements")} in all, the most in ${monthName(busiest.month)} (${busiest.placements}).`,
    columns: months.map((m, k) => ({ ...axisLabel(m.month, k), value: m.placements })),
    ...size,
  });
}

/**
 * The dashboard's chart: the team's placements per month over the last twelve months, laid out
 * twice, for a phone (as on the reports) and across a wide screen; the page shows one of them.
 */
export async function placementsOfTheYear(db: DB, ctx: Ctx) {
  const { range } = await reportRange(db, ctx, {});
  const months = await placementsByMonth(db, ctx, range);
  return {
    total: months.reduce((sum, m) => sum + m.placements, 0),
    narrow: monthlyChart(months, range),
    wide: monthlyChart(months, range, { width: 720, height: 200 }),
  };
}

/** The number of placements in each month: the page's first report. */
async function placementsPerMonth(db: DB, ctx: Ctx, range: ReportRange): Promise<ReportSection> {
  const months = await placementsByMonth(db, ctx, range);
  const total = months.reduce((sum, m) => sum + m.placements, 0);
  return {
    name: "placements-by-month",
    title: "Placements per month",
    about: "Placements by the month they started; cancelled placements are not counted.",
    summary: total > 0 ? `${plural(total, "placement", "placements")} in all` : null,
    chart: monthlyChart(months, range),
    table: { columns: ["Month", "Placements"], rows: months.map((m) => [monthName(m.month), m.placements]) },
    empty: "No placements started in this range.",
  };
}

async function placementsPerAgent(db: DB, ctx: Ctx, range: ReportRange): Promise<ReportSection> {
  const agents = await placementsByAgent(db, ctx, range);
  const name = (a: (typeof agents)[number]) => (a.active ? a.name : `${a.name} (deactivated)`);
  return {
    name: "placements-by-agent",
    title: "Placements per agent",
    about: "Placements started in the range, by the agent who handles them; completed ones have moved in.",
    summary: null,
    chart:
      agents.length > 0
        ? barChart({
            title: "Placements per agent",
            description: `Bar chart of placements per agent, ${rangeText(range)}: ${agents
              .slice(0, 5)
              .map((a) => `${name(a)} ${a.placements}`)
              .join(", ")}${agents.length > 5 ? ", and others" : ""}.`,
            bars: agents.map((a) => ({ label: name(a), value: a.placements })),
          })
        : null,
    table: {
      columns: ["Agent", "Placements", "Completed"],
      rows: agents.map((a) => [name(a), a.placements, a.completed]),
    },
    empty: "No placements started in this range.",
  };
}

async function intakeToMoveInSection(db: DB, ctx: Ctx, range: ReportRange): Promise<ReportSection> {
  const { overall, byMonth } = await intakeToMoveIn(db, ctx, range);
  const figure = (n: number | undefined) => (n === undefined ? null : Math.round(n * 10) / 10);
  return {
    name: "intake-to-move-in",
    title: "Time from intake to move-in",
    about:
      "Days from the day a client was added to their move-in, for placements that moved in during the range. Half took less than the median; the middle half took between the first and third quartiles.",
    summary: overall
      ? `Median ${days(overall.median)} · quartiles ${days(overall.q1)} to ${days(overall.q3)} · ${plural(overall.count, "move-in", "move-ins")}`
      : null,
    chart: overall
      ? bandChart({
          title: "Days from intake to move-in, by month of move-in",
          description: `Line chart of the median days from intake to move-in per month, over a band from the first to the third quartile, ${rangeText(range)}. Over the whole range: median ${days(overall.median)}, quartiles ${days(overall.q1)} and ${days(overall.q3)}.`,
          points: byMonth.map((m, k) => ({
            ...axisLabel(m.month, k),
            low: m.spread?.q1 ?? null,
            middle: m.spread?.median ?? null,
            high: m.spread?.q3 ?? null,
          })),
        })
      : null,
    table: {
      columns: [
        "Month",
        "Move-ins",
        "First quartile (days)",
        "Median (days)",
        "Third quartile (days)",
        "Shortest",
        "Longest",
      ],
      rows: [
        ...byMonth.map((m) => [
          monthName(m.month),
          m.spread?.count ?? 0,
          figure(m.spread?.q1),
          figure(m.spread?.median),
          figure(m.spread?.q3),
          m.spread?.min ?? null,
          m.spread?.max ?? null,
        ]),
        ...(overall
          ? [
              [
                "Whole range",
                overall.count,
                figure(overall.q1),
                figure(overall.median),
                figure(overall.q3),
                overall.min,
                overall.max,
              ],
            ]
          : []),
      ],
    },
    empty: "Nobody moved in during this range.",
  };
}

async function conversionSection(db: DB, ctx: Ctx, range: ReportRange, reads: Reads): Promise<ReportSection> {
  const stages = await pipelineConversion(db, ctx, range, reads.intake());
  const added = stages[0].reached;
  return {
    name: "conversion",
    title: "Conversion through the pipeline",
    about:
      "Clients added in the range, by how far each has come: a client who is placed has been through every stage before it.",
    summary: added > 0 ? `${plural(added, "client", "clients")} added` : null,
    chart:
      added > 0
        ? barChart({
            title: "Clients reaching each stage",
            description: `Bar chart of the clients added ${rangeText(range)} who reached each stage: ${stages
              .map((s) => `${s.stage} ${s.reached}`)
              .join(", ")}.`,
            bars: stages.map((s) => ({
              label: s.stage,
              value: s.reached,
              text: `${s.reached.toLocaleString("en-US")} (${share(s.reached, added)}%)`,
            })),
          })
        : null,
    table: {
      columns: ["Stage", "Clients reaching it", "Share of clients added (%)", "Share of the stage before (%)"],
      rows: stages.map((s, k) => [
        s.stage,
        s.reached,
        share(s.reached, added),
        k === 0 ? null : share(s.reached, stages[k - 1].reached),
      ]),
    },
    empty: "No clients were added in this range.",
  };
}

async function referralSection(db: DB, ctx: Ctx, range: ReportRange, reads: Reads): Promise<ReportSection> {
  const sources = await referralSources(db, ctx, range, reads.intake());
  const added = sources.reduce((sum, s) => sum + s.clients, 0);
  const label = (s: (typeof sources)[number]) => s.source ?? "Not recorded";
  const ranked = [...sources].filter((s) => s.clients > 0).sort((a, b) => b.clients - a.clients);
  return {
    name: "referral-sources",
    title: "Referral sources",
    about: "Where the clients added in the range came from, and how many of them have been placed.",
    summary: null,
    chart:
      added > 0
        ? barChart({
            title: "Clients by referral source",
            description: `Bar chart of the clients added ${rangeText(range)} by referral source: ${ranked
              .map((s) => `${label(s)} ${s.clients}`)
              .join(", ")}.`,
            bars: sources.map((s) => ({ label: label(s), value: s.clients })),
          })
        : null,
    table: {
      columns: ["Referral source", "Clients", "Share (%)", "Placed", "Placed (%)"],
      rows: sources.map((s) => [label(s), s.clients, share(s.clients, added), s.placed, share(s.placed, s.clients)]),
    },
    empty: "No clients were added in this range.",
  };
}

/** Whole dollars and cents, as the tables and CSVs give money: 2100.5 for $2,100.50. */
const dollars = (cents: number) => Math.round(cents) / 100;
const usd = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Referral fees invoiced (by the month of the invoice) and collected (by the month of the payment). */
async function revenueSection(db: DB, ctx: Ctx, range: ReportRange): Promise<ReportSection> {
  const months = await revenueByMonth(db, ctx, { from: range.from.slice(0, 7), to: range.to.slice(0, 7) });
  const invoiced = months.reduce((sum, m) => sum + m.invoicedCents, 0);
  const collected = months.reduce((sum, m) => sum + m.collectedCents, 0);
  const any = invoiced > 0 || collected > 0;
  return {
    name: "revenue",
    title: "Revenue",
    about:
      "Referral fees invoiced to facilities, by the month of the invoice (drafts and void invoices are not counted), and payments received, by the month they were paid. Whole months; the agency's, whoever handles the placements.",
    summary: any ? `Invoiced ${usd(invoiced)} · collected ${usd(collected)}` : null,
    chart: any
      ? columnChart({
          title: "Referral fees invoiced per month",
          description: `Bar chart of the referral fees invoiced per month, ${rangeText(range)}: ${usd(invoiced)} invoiced and ${usd(collected)} collected in all.`,
          columns: months.map((m, k) => ({ ...axisLabel(m.month, k), value: Math.round(m.invoicedCents / 100) })),
        })
      : null,
    table: {
      columns: ["Month", "Invoiced ($)", "Collected ($)"],
      rows: months.map((m) => [monthName(m.month), dollars(m.invoicedCents), dollars(m.collectedCents)]),
    },
    empty: "No referral fees were invoiced or paid in this range.",
  };
}

/** What several sections read alike, read once for the page: the clients added, by stage and source. */
interface Reads {
  intake(): Promise<IntakeFigures>;
}

/** Reads made on first use, for one call's sections only (a new page view reads again). */
function readsOnce(db: DB, ctx: Ctx, range: ReportRange): Reads {
  let intake: Promise<IntakeFigures> | undefined;
  return { intake: () => (intake ??= intakeFigures(db, ctx, range)) };
}

const SECTIONS: Record<ReportName, (db: DB, ctx: Ctx, range: ReportRange, reads: Reads) => Promise<ReportSection>> = {
  "placements-by-month": placementsPerMonth,
  "placements-by-agent": placementsPerAgent,
  "intake-to-move-in": intakeToMoveInSection,
  conversion: conversionSection,
  "referral-sources": referralSection,
  revenue: revenueSection,
};

/** One report, as its section of the page and its CSV download show it. */
export function loadReport(db: DB, ctx: Ctx, name: ReportName, range: ReportRange): Promise<ReportSection> {
  return SECTIONS[name](db, ctx, range, readsOnce(db, ctx, range));
}

/** Every report, in the page's order. */
export function loadReports(db: DB, ctx: Ctx, range: ReportRange): Promise<ReportSection[]> {
  const reads = readsOnce(db, ctx, range);
  return Promise.all(Object.values(SECTIONS).map((load) => load(db, ctx, range, reads)));
}

/** The dashboard's Referral fees tile: this month's invoiced and collected, and what is owed (overdue). */
export async function referralFeesTile(db: DB, ctx: Ctx) {
  const { today } = await agencyDay(db, ctx);
  const month = today.slice(0, 7);
  const [[thisMonth], owed] = await Promise.all([
    revenueByMonth(db, ctx, { from: month, to: month }),
    outstandingTotals(db, ctx, today),
  ]);
  return { invoicedCents: thisMonth.invoicedCents, collectedCents: thisMonth.collectedCents, ...owed };
}

// The reports' figures kept per month (docs/decisions/013-report-figures.md): every kind of write
// leaves them equal to a recount from the rows (tests/support/running-totals.ts), and the reports
// read from them give what counting the rows gives, over ranges that cut months, narrowed to an
// agent or not.

import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { seedLarge } from "../../db/seed";
import type { Ctx } from "~/models/context";
import { revenueByMonth } from "~/models/invoices.server";
import {
  intakeToMoveIn,
  monthSplit,
  monthsOf,
  pipelineConversion,
  placementsByAgent,
  placementsByMonth,
  referralSources,
  type ReportRange,
} from "~/models/reports.server";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createUser, type TestUser } from "../support/factories";
import { runningTotalsDrift } from "../support/running-totals";

const db = testDb();

beforeEach(async () => {
  await resetDb(db);
});

describe("monthSplit", () => {
  it("reads whole months, and counts the shorter part of a month a range cuts", () => {
    expect(monthSplit("2026-01-01", "2026-12-31")).toEqual({
      first: "2026-01-01",
      end: "2027-01-01",
      add: [],
      subtract: [],
    });
    // The last twelve months up to the 28th: November less its last two days.
    expect(monthSplit("2025-12-01", "2026-11-28")).toEqual({
      first: "2025-12-01",
      end: "2026-12-01",
      add: [],
      subtract: [{ from: "2026-11-29", to: "2026-12-01" }],
    });
    // From the 31st: January's one day counted, not its month less thirty.
    expect(monthSplit("2026-01-31", "2026-03-01")).toEqual({
      first: "2026-02-01",
      end: "2026-03-01",
      add: [
        { from: "2026-01-31", to: "2026-02-01" },
        { from: "2026-03-01", to: "2026-03-02" },
      ],
      subtract: [],
    });
    // Within one month: its days, or the month less the others.
    expect(monthSplit("2026-02-03", "2026-02-05")).toEqual({
      first: "2026-02-01",
      end: "2026-02-01",
      add: [{ from: "2026-02-03", to: "2026-02-06" }],
      subtract: [],
    });
    expect(monthSplit("2026-02-02", "2026-02-27")).toEqual({
      first: "2026-02-01",
      end: "2026-03-01",
      add: [],
      subtract: [
        { from: "2026-02-01", to: "2026-02-02" },
        { from: "2026-02-28", to: "2026-03-01" },
      ],
    });
  });
});

describe("the kept figures", () => {
  let agencyId: string;
  let alice: TestUser;
  let bob: TestUser;
  let facilityId: string;

  const drift = () => runningTotalsDrift(db);
  const count = async (table: string) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE agency_id = ${agencyId}`.execute(
          db,
        )
      ).rows[0].n,
    );

  beforeEach(async () => {
    agencyId = (
      await db
        .insertInto("agencies")
        .values({ name: "Figures", time_zone: "America/New_York" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    alice = await createUser(db, { agencyId, first_name: "Alice", last_name: "Adams" });
    bob = await createUser(db, { agencyId, first_name: "Bob", last_name: "Brown" });
    facilityId = (await createFacility(db, { agencyId })).id;
  });

  it("follow every write of placements and clients, backdated, moved between months and agents, deleted", async () => {
    const c1 = await createClient(db, {
      agencyId,
      created_at: "2026-01-31T23:30:00Z",
      created_by: alice.id,
      referral_source: "Hospital",
    } as never);
    const c2 = await createClient(db, { agencyId, created_at: "2026-02-10T15:00:00Z", created_by: bob.id } as never);
    const p1 = await createPlacement(db, {
      agencyId,
      client_id: c1.id,
      facility_id: facilityId,
      agent_id: alice.id,
      start_date: "2026-02-01",
      status: "Completed",
      move_in_date: "2026-02-20",
    });
    const p2 = await createPlacement(db, {
      agencyId,
      client_id: c2.id,
      facility_id: facilityId,
      agent_id: bob.id,
      start_date: "2026-02-15",
    });
    expect(await count("report_move_in_days")).toBe(2); // Alice's and everyone's
    expect(await drift()).toEqual([]);

    // A placement moves in, changes agent, is backdated into another month, is cancelled.
    await db
      .updateTable("placements")
      .set({ status: "Confirmed", move_in_date: "2026-03-02" })
      .where("id", "=", p2.id)
      .execute();
    expect(await drift()).toEqual([]);
    await db.updateTable("placements").set({ agent_id: alice.id }).where("id", "=", p2.id).execute();
    expect(await drift()).toEqual([]);
    await db
      .updateTable("placements")
      .set({ start_date: "2025-12-30", move_in_date: "2026-01-05" })
      .where("id", "=", p1.id)
      .execute();
    expect(await drift()).toEqual([]);
    await db.updateTable("placements").set({ status: "Cancelled" }).where("id", "=", p2.id).execute();
    expect(await drift()).toEqual([]);

    // A client changes stage and source, is handed to someone else, and their intake is backdated.
    await db
      .updateTable("clients")
      .set({ tracker_status: "Placed", referral_source: "Physician" })
      .where("id", "=", c1.id)
      .execute();
    await db.updateTable("clients").set({ created_by: bob.id }).where("id", "=", c1.id).execute();
    expect(await drift()).toEqual([]);
    await sql`UPDATE clients SET created_at = '2025-11-02T12:00:00Z' WHERE id = ${c1.id}`.execute(db);
    expect(await drift()).toEqual([]);

    // Many rows in one statement, both ways.
    const more = await Promise.all(
      ["2026-04-03T12:00:00Z", "2026-04-30T23:00:00Z", "2026-05-01T03:00:00Z"].map((created_at) =>
        createClient(db, { agencyId, created_at, created_by: alice.id } as never),
      ),
    );
    await db
      .insertInto("placements")
      .values(
        more.map((c, k) => ({
          agency_id: agencyId,
          client_id: c.id,
          facility_id: facilityId,
          agent_id: k % 2 ? alice.id : bob.id,
          start_date: "2026-05-02",
          status: "Completed" as const,
          move_in_date: `2026-05-${String(10 + k).padStart(2, "0")}`,
        })),
      )
      .execute();
    expect(await drift()).toEqual([]);
    await sql`UPDATE placements SET start_date = start_date - 40, move_in_date = move_in_date - 40 WHERE agency_id = ${agencyId}`.execute(
      db,
    );
    await sql`UPDATE clients SET created_at = created_at - interval '3 days' WHERE agency_id = ${agencyId}`.execute(db);
    expect(await drift()).toEqual([]);

    // A placement deleted, a client without placements deleted, a person who added clients removed.
    await db.deleteFrom("placements").where("id", "=", p2.id).execute();
    await db.deleteFrom("clients").where("id", "=", c2.id).execute();
    const carol = await createUser(db, { agencyId });
    await createClient(db, { agencyId, created_at: "2026-02-11T15:00:00Z", created_by: carol.id } as never);
    await db.deleteFrom("users").where("id", "=", carol.id).execute();
    expect(await drift()).toEqual([]);
  });

  it("follow the agency's time zone: days kept in its own, none without one", async () => {
    const client = await createClient(db, { agencyId, created_at: "2026-03-01T03:00:00Z" } as never); // 28 Feb in New York
    await createPlacement(db, {
      agencyId,
      client_id: client.id,
      facility_id: facilityId,
      agent_id: alice.id,
      start_date: "2026-03-01",
      status: "Completed",
      move_in_date: "2026-03-10",
    });
    const days = async () =>
      (
        await db
          .selectFrom("report_move_in_days")
          .where("agency_id", "=", agencyId)
          .where("placements", "<>", 0)
          .select("days")
          .distinct()
          .execute()
      ).map((r) => r.days);
    expect(await days()).toEqual([10]);
    await db.updateTable("agencies").set({ time_zone: "Europe/Paris" }).where("id", "=", agencyId).execute();
    expect(await days()).toEqual([9]);
    expect(await drift()).toEqual([]);
    await db.updateTable("agencies").set({ time_zone: null }).where("id", "=", agencyId).execute();
    expect(await days()).toEqual([]);
    expect(await drift()).toEqual([]);
    await db.updateTable("agencies").set({ name: "Renamed" }).where("id", "=", agencyId).execute();
    await db.updateTable("agencies").set({ time_zone: "America/Chicago" }).where("id", "=", agencyId).execute();
    expect(await days()).toEqual([10]);
    expect(await drift()).toEqual([]);
  });

  it("follow invoices, their lines and payments: sent, re-dated, voided, deleted", async () => {
    const invoice = async (status: string, issue_date: string, number: string | null, lines: number[]) => {
      const { id } = await db
        .insertInto("invoices")
        .values({
          agency_id: agencyId,
          facility_id: facilityId,
          status,
          issue_date,
          due_date: "2026-12-31",
          number,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      if (lines.length > 0) {
        await db
          .insertInto("invoice_lines")
          .values(
            lines.map((amount_cents, k) => ({
              agency_id: agencyId,
              invoice_id: id,
              client_name: "A client",
              description: "Fee",
              amount_cents,
              position: k,
            })),
          )
          .execute();
      }
      return id;
    };
    const revenue = async () =>
      (await revenueByMonth(db, { userId: alice.id, agencyId }, { from: "2026-01", to: "2026-04" })).map((m) => [
        m.invoicedCents,
        m.collectedCents,
      ]);

    const draft = await invoice("Draft", "2026-01-05", null, [10_000]);
    const sent = await invoice("Sent", "2026-01-20", "INV-1", [250_000, 50_000]);
    expect(await revenue()).toEqual([
      [300_000, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(await drift()).toEqual([]);

    // The draft is sent (its lines count), a line added and one changed, then re-dated into March.
    await db.updateTable("invoices").set({ status: "Sent", number: "INV-2" }).where("id", "=", draft).execute();
    await db
      .insertInto("invoice_lines")
      .values({ agency_id: agencyId, invoice_id: draft, client_name: "B", description: "Fee", amount_cents: 5_000 })
      .execute();
    await db
      .updateTable("invoice_lines")
      .set({ amount_cents: 20_000 })
      .where("invoice_id", "=", draft)
      .where("amount_cents", "=", 10_000)
      .execute();
    await db.updateTable("invoices").set({ issue_date: "2026-03-03" }).where("id", "=", draft).execute();
    expect(await revenue()).toEqual([
      [300_000, 0],
      [0, 0],
      [25_000, 0],
      [0, 0],
    ]);
    expect(await drift()).toEqual([]);

    // Paid in two parts, one backdated into February, then one removed.
    await db
      .insertInto("invoice_payments")
      .values([
        { agency_id: agencyId, invoice_id: sent, paid_on: "2026-03-10", amount_cents: 100_000, method: "Check" },
        { agency_id: agencyId, invoice_id: sent, paid_on: "2026-04-01", amount_cents: 50_000, method: "ACH" },
      ])
      .execute();
    await db
      .updateTable("invoice_payments")
      .set({ paid_on: "2026-02-27" })
      .where("amount_cents", "=", 100_000)
      .execute();
    expect(await revenue()).toEqual([
      [300_000, 0],
      [0, 100_000],
      [25_000, 0],
      [0, 50_000],
    ]);
    await db.deleteFrom("invoice_payments").where("amount_cents", "=", 50_000).execute();
    expect(await drift()).toEqual([]);

    // Voided: its lines no longer count (the voided mark on its lines changes nothing more).
    await db
      .updateTable("invoices")
      .set({ status: "Void", void_reason: "Wrong facility" })
      .where("id", "=", draft)
      .execute();
    await db.updateTable("invoice_lines").set({ voided: true }).where("invoice_id", "=", draft).execute();
    expect(await revenue()).toEqual([
      [300_000, 0],
      [0, 100_000],
      [0, 0],
      [0, 0],
    ]);
    expect(await drift()).toEqual([]);

    // A sent invoice deleted outright (the app deletes drafts only): its lines and payments go too.
    await db.deleteFrom("invoices").where("id", "=", sent).execute();
    expect(await revenue()).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(await drift()).toEqual([]);
  });

  it("are forgotten with their agency", async () => {
    const client = await createClient(db, { agencyId, created_at: "2026-03-01T15:00:00Z" } as never);
    await createPlacement(db, {
      agencyId,
      client_id: client.id,
      facility_id: facilityId,
      agent_id: alice.id,
      start_date: "2026-03-01",
      status: "Completed",
      move_in_date: "2026-03-10",
    });
    await db.deleteFrom("agencies").where("id", "=", agencyId).execute();
    for (const table of [
      "report_placement_months",
      "report_move_in_days",
      "report_move_in_buckets",
      "report_intake_months",
    ]) {
      expect(await count(table)).toBe(0);
    }
    expect(await drift()).toEqual([]);
  });
});

describe("the reports from the kept figures", () => {
  const now = new Date("2026-06-15T15:00:00Z");
  const today = "2026-06-15";

  /** What counting the rows gives, as the reports counted before the figures were kept. */
  async function counted(ctx: Ctx, range: ReportRange) {
    const agent = (column: string) => (range.agentId ? sql`AND ${sql.ref(column)} = ${range.agentId}` : sql``);
    const start = sql`(${range.from}::date)::timestamp AT TIME ZONE ${range.timeZone}`;
    const end = sql`((${range.to}::date + 1)::timestamp) AT TIME ZONE ${range.timeZone}`;
    const placements = await sql<{ month: string; agent_id: string; n: number; completed: number }>`
      SELECT to_char(start_date, 'YYYY-MM') AS month, agent_id, count(*)::int AS n,
             (count(*) FILTER (WHERE status = 'Completed'))::int AS completed
        FROM placements WHERE agency_id = ${ctx.agencyId} AND status <> 'Cancelled'
         AND start_date BETWEEN ${range.from} AND ${range.to} ${agent("agent_id")}
       GROUP BY 1, 2`.execute(db);
    const clients = await sql<{ tracker_status: string; referral_source: string | null; n: number }>`
      SELECT tracker_status, referral_source, count(*)::int AS n FROM clients
       WHERE agency_id = ${ctx.agencyId} AND created_at >= ${start} AND created_at < ${end} ${agent("created_by")}
       GROUP BY 1, 2`.execute(db);
    const byMonth = new Map<string, number>();
    const byAgent = new Map<string, [number, number]>();
    for (const row of placements.rows) {
      byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.n);
      const [n, completed] = byAgent.get(row.agent_id) ?? [0, 0];
      byAgent.set(row.agent_id, [n + row.n, completed + row.completed]);
    }
    const stages = new Map<string, number>();
    const sources = new Map<string | null, [number, number]>();
    for (const row of clients.rows) {
      stages.set(row.tracker_status, (stages.get(row.tracker_status) ?? 0) + row.n);
      const [n, placed] = sources.get(row.referral_source) ?? [0, 0];
      const isPlaced = row.tracker_status === "Placed" || row.tracker_status === "Follow-up";
      sources.set(row.referral_source, [n + row.n, placed + (isPlaced ? row.n : 0)]);
    }
    return {
      byMonth: monthsOf(range.from, range.to).map((month) => byMonth.get(month) ?? 0),
      byAgent: Object.fromEntries(byAgent),
      stages: Object.fromEntries(stages),
      sources: Object.fromEntries([...sources].map(([source, counts]) => [source ?? "none", counts])),
    };
  }

  it("give what counting the rows gives, over ranges that cut months, narrowed to an agent or not", async () => {
    await seedLarge(db, { now, scale: 0.01 });
    const agency = await db.selectFrom("agencies").select(["id", "time_zone"]).executeTakeFirstOrThrow();
    expect(agency.time_zone).toBeTruthy(); // its days from intake to move-in are kept
    const agents = await db.selectFrom("placements").select("agent_id").distinct().orderBy("agent_id").execute();
    const ctx: Ctx = { userId: agents[0].agent_id, agencyId: agency.id };
    const ranges: [string, string][] = [
      ["2025-07-01", today],
      ["2025-06-16", "2026-06-15"],
      ["2025-01-01", "2026-06-30"],
      ["2026-01-31", "2026-03-01"],
      ["2026-02-03", "2026-02-20"],
      ["2026-02-02", "2026-02-27"],
      ["2024-12-15", "2025-05-17"],
      ["2026-06-01", "2026-09-30"],
    ];
    let compared = 0;
    for (const [from, to] of ranges) {
      for (const agentId of [undefined, agents[1].agent_id]) {
        const range: ReportRange = { from, to, agentId, timeZone: agency.time_zone!, ownTimeZone: true, today };
        const want = await counted(ctx, range);
        const month = await placementsByMonth(db, ctx, range);
        expect(
          month.map((m) => m.placements),
          `${from} ${to} ${agentId}`,
        ).toEqual(want.byMonth);
        const agent = await placementsByAgent(db, ctx, range);
        expect(Object.fromEntries(agent.map((a) => [a.agentId, [a.placements, a.completed]]))).toEqual(want.byAgent);
        const stages = await pipelineConversion(db, ctx, range);
        const reachedFrom = (k: number) => stages.slice(k).reduce((sum, s) => sum + (want.stages[s.stage] ?? 0), 0);
        expect(stages.map((s) => s.reached)).toEqual(stages.map((_, k) => reachedFrom(k)));
        const sources = await referralSources(db, ctx, range);
        expect(
          Object.fromEntries(
            sources.filter((s) => s.clients > 0).map((s) => [s.source ?? "none", [s.clients, s.placed]]),
          ),
        ).toEqual(want.sources);
        // The quartiles from the kept days equal percentile_cont over every move-in.
        const kept = await intakeToMoveIn(db, ctx, range);
        const live = await intakeToMoveIn(db, ctx, { ...range, ownTimeZone: false });
        expect(kept, `${from} ${to} ${agentId}`).toEqual(live);
        if (live.overall) compared += live.overall.count;
      }
    }
    expect(compared).toBeGreaterThan(500);

    const months = await revenueByMonth(db, ctx, { from: "2024-11", to: "2026-07" });
    const { rows } = await sql<{ month: string; invoiced: number; collected: number }>`
      SELECT month, sum(invoiced)::int AS invoiced, sum(collected)::int AS collected FROM (
        SELECT to_char(i.issue_date, 'YYYY-MM') AS month, l.amount_cents AS invoiced, 0 AS collected
          FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.status NOT IN ('Draft', 'Void')
        UNION ALL SELECT to_char(paid_on, 'YYYY-MM'), 0, amount_cents FROM invoice_payments) r
      GROUP BY month`.execute(db);
    const want = new Map(rows.map((r) => [r.month, [r.invoiced, r.collected]]));
    expect(months.map((m) => [m.invoicedCents, m.collectedCents])).toEqual(
      months.map((m) => want.get(m.month) ?? [0, 0]),
    );
    expect(months.some((m) => m.invoicedCents > 0 && m.collectedCents > 0)).toBe(true);
  });
});

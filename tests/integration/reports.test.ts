import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as reportsLoader } from "~/routes/_app.reports";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as reportCsvLoader } from "~/routes/reports.$report[.]csv";
import { loader as placementsExportLoader } from "~/routes/placements.export";
import { loader as reportApiLoader } from "~/routes/api.reports.$report";
import { resetDb, testDb } from "../support/db";
import {
  createClient,
  createFacility,
  createPlacement,
  createUser,
  isoDate,
  type TestUser,
} from "../support/factories";
import { apiRequest, args, get, settle } from "../support/http";
import { type Json, signInNewAgency, signInUser } from "../support/api";

// Issue 36: the reports against known figures. The agency is in New York: a client added at
// 03:00 UTC on 1 February was added on 31 January there.

const db = testDb();

let coordinator: TestUser;
let cookie: string;
let alice: TestUser;
let bob: TestUser;

const RANGE = "from=2025-01-01&to=2025-06-30";

beforeEach(async () => {
  await resetDb(db);
  ({ user: coordinator, cookie } = await signInNewAgency(db, { first_name: "Cora", last_name: "Ordinator" }));
  const agencyId = coordinator.agency_id;
  await db.updateTable("agencies").set({ time_zone: "America/New_York" }).where("id", "=", agencyId).execute();
  alice = await createUser(db, { agencyId, first_name: "Alice", last_name: "Adams" });
  bob = await createUser(db, { agencyId, first_name: "Bob", last_name: "Brown" });

  const client = (created_at: string, tracker_status: string, referral_source: string | null, created_by: string) =>
    createClient(db, { agencyId, created_at, tracker_status, referral_source, created_by } as never);
  const c1 = await client("2025-01-10T15:00:00Z", "Placed", "Hospital", alice.id);
  const c2 = await client("2025-02-01T03:00:00Z", "Follow-up", "Hospital", alice.id); // 31 January in New York
  const c3 = await client("2025-02-01T15:00:00Z", "Target", "Physician", coordinator.id);
  const c4 = await client("2025-03-22T15:00:00Z", "Placed", "Family or friend", coordinator.id);
  await client("2025-05-05T15:00:00Z", "New Client", null, coordinator.id);
  await client("2025-06-30T23:30:00Z", "Active Client", "Web search", coordinator.id); // still 30 June there
  const before = await client("2024-12-01T15:00:00Z", "Placed", "Advertising", coordinator.id);

  const placement = (p: Json) => createPlacement(db, { agencyId, ...p });
  await placement({
    agent_id: alice.id,
    client_id: c1.id,
    start_date: "2025-01-15",
    status: "Completed",
    move_in_date: "2025-01-20",
  }); // 10 days
  await placement({
    agent_id: alice.id,
    client_id: c2.id,
    start_date: "2025-02-03",
    status: "Completed",
    move_in_date: "2025-02-10",
  }); // 10 days
  await placement({
    agent_id: bob.id,
    client_id: c3.id,
    start_date: "2025-02-20",
    status: "Confirmed",
    move_in_date: "2025-03-05",
  }); // 32 days
  await placement({
    agent_id: bob.id,
    client_id: c3.id,
    start_date: "2025-03-01",
    status: "Cancelled",
    move_in_date: "2025-03-10",
  });
  await placement({ agent_id: bob.id, client_id: c4.id, start_date: "2025-03-15", status: "In Progress" });
  await placement({
    agent_id: alice.id,
    client_id: c4.id,
    start_date: "2025-04-01",
    status: "Completed",
    move_in_date: "2025-04-11",
  }); // 20 days
  await placement({
    agent_id: alice.id,
    client_id: before.id,
    start_date: "2025-07-01",
    status: "Completed",
    move_in_date: "2025-07-05",
  });

  // Another agency's work, in the same days: never counted.
  const other = await signInNewAgency(db);
  const stranger = await createClient(db, {
    agencyId: other.user.agency_id,
    created_at: "2025-02-01T15:00:00Z",
    referral_source: "Hospital",
  } as never);
  await createPlacement(db, {
    agencyId: other.user.agency_id,
    client_id: stranger.id,
    start_date: "2025-02-05",
    status: "Completed",
    move_in_date: "2025-02-06",
  });
});

type Section = {
  name: string;
  table: { columns: string[]; rows: unknown[][] };
  chart: Json | null;
  summary: string | null;
};

async function reports(query: string, asCookie = cookie) {
  const data = (await (await reportsLoader(args(get(`/reports?${query}`, asCookie)))).json()) as Json;
  const byName = Object.fromEntries((data.sections as Section[]).map((s) => [s.name, s]));
  return { data, byName };
}

describe("reports", () => {
  it("counts placements per month by start date, every month of the range, cancelled ones left out", async () => {
    const { data, byName } = await reports(RANGE);
    expect(data.filters).toEqual({ from: "2025-01-01", to: "2025-06-30", agentId: "" });
    expect(byName["placements-by-month"].table.rows).toEqual([
      ["Jan 2025", 1],
      ["Feb 2025", 2],
      ["Mar 2025", 1],
      ["Apr 2025", 1],
      ["May 2025", 0],
      ["Jun 2025", 0],
    ]);
    const chart = byName["placements-by-month"].chart!;
    expect(chart.title).toBe("Placements per month");
    expect(chart.description).toContain("5 placements in all, the most in Feb 2025 (2)");
    expect(chart.bars.map((b: Json) => b.value)).toEqual(["1", "2", "1", "1", "", ""]); // an empty month says nothing over its bar
    // The taller bar is the busier month.
    expect(chart.bars[1].height).toBeGreaterThan(chart.bars[0].height);
    expect(chart.bars[4].height).toBe(0);
  });

  it("counts placements per agent, most first, with the completed ones", async () => {
    const { byName } = await reports(RANGE);
    expect(byName["placements-by-agent"].table.rows).toEqual([
      ["Alice Adams", 3, 3],
      ["Bob Brown", 2, 0],
    ]);
  });

  it("gives the median and quartiles of the days from intake to move-in, in the agency's days", async () => {
    const { byName } = await reports(RANGE);
    const section = byName["intake-to-move-in"];
    // 10, 10 (31 January in New York to 10 February), 32, 20: interpolated quartiles 10, 15 and 23.
    expect(section.summary).toBe("Median 15 days · quartiles 10 days to 23 days · 4 move-ins");
    expect(section.table.rows).toEqual([
      ["Jan 2025", 1, 10, 10, 10, 10, 10],
      ["Feb 2025", 1, 10, 10, 10, 10, 10],
      ["Mar 2025", 1, 32, 32, 32, 32, 32],
      ["Apr 2025", 1, 20, 20, 20, 20, 20],
      ["May 2025", 0, null, null, null, null, null],
      ["Jun 2025", 0, null, null, null, null, null],
      ["Whole range", 4, 10, 15, 23, 10, 32],
    ]);
    expect(section.chart!.line).toMatch(/^M/);
    expect(section.chart!.area).toMatch(/^M/);
  });

  it("counts how many clients added in the range reached each stage", async () => {
    const { byName } = await reports(RANGE);
    expect(byName.conversion.table.rows).toEqual([
      ["New Client", 6, 100, null],
      ["Active Client", 5, 83.3, 83.3],
      ["Target", 4, 66.7, 80],
      ["Placed", 3, 50, 75],
      ["Follow-up", 1, 16.7, 33.3],
    ]);
  });

  it("counts the clients added in the range by referral source, with those placed", async () => {
    const { byName } = await reports(RANGE);
    expect(byName["referral-sources"].table.rows).toEqual([
      ["Hospital", 2, 33.3, 2, 100],
      ["Physician", 1, 16.7, 0, 0],
      ["Social worker", 0, 0, 0, null],
      ["Family or friend", 1, 16.7, 1, 100],
      ["Web search", 1, 16.7, 0, 0],
      ["Advertising", 0, 0, 0, null],
      ["Past client", 0, 0, 0, null],
      ["Other", 0, 0, 0, null],
      ["Not recorded", 1, 16.7, 0, 0],
    ]);
  });

  it("narrows to one person: placements they handle, clients they added", async () => {
    const { data, byName } = await reports(`${RANGE}&agentId=${alice.id}`);
    expect(data.filters.agentId).toBe(alice.id);
    expect(byName["placements-by-month"].table.rows.slice(0, 4)).toEqual([
      ["Jan 2025", 1],
      ["Feb 2025", 1],
      ["Mar 2025", 0],
      ["Apr 2025", 1],
    ]);
    expect(byName["placements-by-agent"].table.rows).toEqual([["Alice Adams", 3, 3]]);
    expect(byName["intake-to-move-in"].table.rows.at(-1)).toEqual(["Whole range", 3, 10, 10, 15, 10, 20]);
    expect(byName.conversion.table.rows.map((r) => r[1])).toEqual([2, 2, 2, 2, 1]);
  });

  it("says so when a range holds nothing, and starts on the last twelve months", async () => {
    const { byName } = await reports("from=2020-01-01&to=2020-03-31");
    for (const section of Object.values(byName)) expect(section.chart).toBeNull();
    expect(byName["placements-by-month"].table.rows).toEqual([
      ["Jan 2020", 0],
      ["Feb 2020", 0],
      ["Mar 2020", 0],
    ]);

    const { data } = await reports("");
    expect(data.filters.to).toBe(new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }));
    expect(data.filters.from).toMatch(/-01$/);
    expect(data.sections[0].table.rows).toHaveLength(12);
  });

  it("keeps to one agency: another agency's people and records never show", async () => {
    const { data, byName } = await reports(RANGE);
    expect((data.people as [string, string][]).map((p) => p[1]).sort()).toEqual([
      "Alice Adams",
      "Bob Brown",
      "Cora Ordinator",
    ]);
    expect(byName["placements-by-month"].table.rows[1]).toEqual(["Feb 2025", 2]);
  });

  it("shows what the address held that it could not use, and reads the rest", async () => {
    const { data } = await reports("from=2025-02-30&to=2025-06-30&agentId=nobody");
    expect(data.problems.map((p: Json) => p.param).sort()).toEqual(["agentId", "from"]);
    expect(data.filters.to).toBe("2025-06-30");
    const backwards = await reports("from=2025-06-30&to=2025-01-01");
    expect(backwards.data.problems[0].message).toBe("The end date (2025-01-01) is before the start date (2025-06-30).");
  });

  it("is for coordinators and admins: an agent is refused", async () => {
    const admin = await signInUser(db, coordinator.agency_id, { role: "admin" });
    expect((await reports(RANGE, admin.cookie)).byName.conversion.table.rows[0][1]).toBe(6);
    const agent = await signInUser(db, coordinator.agency_id, { role: "agent" });
    const refused = await settle(reportsLoader(args(get(`/reports?${RANGE}`, agent.cookie))));
    expect(refused.status).toBe(403);
    const csv = await settle(
      reportCsvLoader(args(get(`/reports/conversion.csv?${RANGE}`, agent.cookie), { report: "conversion" })),
    );
    expect(csv.status).toBe(403);
  });
});

describe("revenue", () => {
  it("counts the fees invoiced by the invoice's month (not drafts nor void ones) and the payments by theirs", async () => {
    const agencyId = coordinator.agency_id;
    const facility = await createFacility(db, { agencyId });
    let numbered = 0;
    const invoice = async (
      status: "Draft" | "Sent" | "Partly paid" | "Paid" | "Void",
      issued: string,
      amounts: number[],
    ) => {
      const { id } = await db
        .insertInto("invoices")
        .values({
          agency_id: agencyId,
          facility_id: facility.id,
          status,
          number: status === "Draft" ? null : `INV-2025-${String(++numbered).padStart(4, "0")}`,
          void_reason: status === "Void" ? "Sent twice" : null,
          issue_date: issued,
          due_date: issued,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const amount of amounts) {
        await db
          .insertInto("invoice_lines")
          .values({
            agency_id: agencyId,
            invoice_id: id,
            client_name: "A client",
            description: "Fee",
            amount_cents: amount,
          })
          .execute();
      }
      return id;
    };
    const sent = await invoice("Partly paid", "2025-02-10", [210000, 50050]);
    await invoice("Paid", "2025-04-01", [300000]);
    await invoice("Draft", "2025-02-11", [99900]);
    await invoice("Void", "2025-03-11", [88800]);
    await db
      .insertInto("invoice_payments")
      .values([
        { agency_id: agencyId, invoice_id: sent, paid_on: "2025-03-05", amount_cents: 100000, method: "ACH" },
        { agency_id: agencyId, invoice_id: sent, paid_on: "2025-07-01", amount_cents: 5000, method: "Check" },
      ])
      .execute();

    const response = await reportCsvLoader(args(get(`/reports/revenue.csv?${RANGE}`, cookie), { report: "revenue" }));
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      "Month,Invoiced ($),Collected ($)",
      "Jan 2025,0,0",
      "Feb 2025,2600.5,0",
      "Mar 2025,0,1000",
      "Apr 2025,3000,0",
      "May 2025,0,0",
      "Jun 2025,0,0",
    ]);
    const page = (await (await reportsLoader(args(get(`/reports?${RANGE}`, cookie)))).json()) as Json;
    const section = page.sections.find((r: Json) => r.name === "revenue");
    expect(section.summary).toBe("Invoiced $5,600.50 · collected $1,000.00");
    expect(section.chart.bars.map((b: Json) => b.value)).toEqual(["", "2,601", "", "3,000", "", ""]);
  });
});

describe("a report's CSV download", () => {
  it("holds the table under the chart, over the same days and person, and is audited", async () => {
    const response = await reportCsvLoader(
      args(get(`/reports/placements-by-agent.csv?${RANGE}&agentId=${bob.id}`, cookie), {
        report: "placements-by-agent",
      }),
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="placements-by-agent-2025-01-01-to-2025-06-30.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual(["Agent,Placements,Completed", "Bob Brown,2,0"]);

    const intake = await reportCsvLoader(
      args(get(`/reports/intake-to-move-in.csv?${RANGE}`, cookie), { report: "intake-to-move-in" }),
    );
    const rows = (await intake.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe("Month,Move-ins,First quartile (days),Median (days),Third quartile (days),Shortest,Longest");
    expect(rows).toContain("May 2025,0,,,,,");
    expect(rows.at(-1)).toBe("Whole range,4,10,15,23,10,32");

    const audited = await db
      .selectFrom("audit_events")
      .select(["action", "entity_type", "details"])
      .where("action", "=", "export")
      .execute();
    expect(audited).toHaveLength(2);
    expect(audited.find((a) => (a.details as Json).report === "placements-by-agent")).toMatchObject({
      entity_type: null,
      details: { report: "placements-by-agent", filters: { agentId: bob.id } },
    });
  });

  it("answers 404 for a report that does not exist and 400 for filters it cannot read", async () => {
    const missing = await settle(reportCsvLoader(args(get("/reports/earnings.csv", cookie), { report: "earnings" })));
    expect(missing.status).toBe(404);
    const bad = await reportCsvLoader(
      args(get("/reports/conversion.csv?from=yesterday", cookie), { report: "conversion" }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^This report's filters could not be read \(from\)\./);
  });
});

describe("GET /api/reports/{report}", () => {
  const call = async (report: string, query: string, token: string) => {
    const response = await settle(
      reportApiLoader(args(apiRequest(`/api/reports/${report}?${query}`, { token }), { report })),
    );
    return { status: response.status, json: (await response.json()) as Json };
  };

  it("answers a report's table over the range and person asked for", async () => {
    const { token } = await signInUser(db, coordinator.agency_id, { role: "coordinator" });
    const answer = await call("placements-by-agent", `${RANGE}&agentId=${alice.id}`, token);
    expect(answer.status).toBe(200);
    expect(answer.json.data.report).toEqual({
      name: "placements-by-agent",
      title: "Placements per agent",
      from: "2025-01-01",
      to: "2025-06-30",
      agentId: alice.id,
      columns: ["Agent", "Placements", "Completed"],
      rows: [["Alice Adams", 3, 3]],
    });
  });

  it("refuses an agent (403), an unknown report (404) and a bad range (400)", async () => {
    const agent = await signInUser(db, coordinator.agency_id, { role: "agent" });
    expect((await call("conversion", RANGE, agent.token)).status).toBe(403);
    const { token } = await signInUser(db, coordinator.agency_id, { role: "admin" });
    const missing = await call("earnings", RANGE, token);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/^No such report\. Reports: placements-by-month/);
    const bad = await call("conversion", "from=2025-06-30&to=2025-01-01", token);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ path: "to", msg: "to (2025-01-01) is before from (2025-06-30)" }]);
  });
});

describe("the dashboard's 12-month chart", () => {
  it("counts the team's placements of the last twelve months", async () => {
    await createPlacement(db, { agencyId: coordinator.agency_id, agent_id: alice.id, start_date: isoDate(-1) });
    const data = (await (await dashboardLoader(args(get("/dashboard", cookie)))).json()) as Json;
    expect(data.monthly.total).toBe(1);
    expect(data.monthly.narrow.bars).toHaveLength(12);
    expect(data.monthly.wide.width).toBeGreaterThan(data.monthly.narrow.width);
    expect(data.monthly.wide.title).toBe("Placements per month");
  });
});

describe("the dashboard's referral fees", () => {
  it("shows a coordinator this month's invoiced and collected, and what is owed, overdue included; not an agent", async () => {
    const agencyId = coordinator.agency_id;
    const facility = await createFacility(db, { agencyId });
    const { id } = await db
      .insertInto("invoices")
      .values({
        agency_id: agencyId,
        facility_id: facility.id,
        status: "Partly paid",
        number: "INV-2026-0001",
        issue_date: isoDate(0),
        due_date: isoDate(0),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("invoice_lines")
      .values({
        agency_id: agencyId,
        invoice_id: id,
        client_name: "A client",
        description: "Fee",
        amount_cents: 100000,
      })
      .execute();
    await db
      .insertInto("invoice_payments")
      .values({ agency_id: agencyId, invoice_id: id, paid_on: isoDate(0), amount_cents: 30000, method: "Check" })
      .execute();
    const data = (await (await dashboardLoader(args(get("/dashboard", cookie)))).json()) as Json;
    expect(data.fees).toEqual({
      invoicedCents: 100000,
      collectedCents: 30000,
      outstandingCents: 70000,
      overdueCents: 0,
    });
    await db
      .updateTable("invoices")
      .set({ issue_date: isoDate(-40), due_date: isoDate(-10) })
      .execute();
    const later = (await (await dashboardLoader(args(get("/dashboard", cookie)))).json()) as Json;
    expect(later.fees).toMatchObject({ outstandingCents: 70000, overdueCents: 70000 });

    const agent = await signInUser(db, agencyId, { role: "agent" });
    const theirs = (await (await dashboardLoader(args(get("/dashboard", agent.cookie)))).json()) as Json;
    expect(theirs.fees).toBeNull();
  });
});

describe("the placements CSV export", () => {
  it("exports every placement matching the list's filters, newest first, and audits it", async () => {
    // One moved in with its referral fee worked out (and a credit after an early move-out).
    await sql`UPDATE placements SET fee_cents = 210000, fee_basis = '50% of $4,200 first month',
      fee_due_date = '2026-04-09', fee_credit_cents = 70000
      WHERE id = (SELECT id FROM placements WHERE agency_id = ${coordinator.agency_id} AND status = 'Completed' LIMIT 1)`.execute(
      db,
    );
    const response = await placementsExportLoader(args(get("/placements/export?status=completed", cookie)));
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="placements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Client,Facility,Facility City,Facility State,Agent,Status,Priority,Start Date,Move-in Date,End Date,Progress (%),Monthly Rate,Payment Method,Deposit,Referral Fee,Fee Basis,Fee Due Date,Fee Credit,Notes,Created,Updated",
    );
    expect(lines.filter((l) => l.includes(',2100.00,"50% of $4,200 first month",2026-04-09,700.00,'))).toHaveLength(1);
    expect(lines).toHaveLength(1 + 4);
    expect(lines.slice(1).every((l) => l.includes(",Alice Adams,Completed,"))).toBe(true);

    const all = await (await placementsExportLoader(args(get("/placements/export", cookie)))).text();
    expect(all.trim().split("\n")).toHaveLength(1 + 7); // this agency's seven, every page
    const audited = await db
      .selectFrom("audit_events")
      .select(["entity_type", "details"])
      .where("action", "=", "export")
      .orderBy("created_at")
      .execute();
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ entity_type: "placement", details: { filters: { status: "completed" } } });
  });

  it("is refused to an agent and refuses a filter it cannot read", async () => {
    const agent = await signInUser(db, coordinator.agency_id, { role: "agent" });
    expect((await settle(placementsExportLoader(args(get("/placements/export", agent.cookie))))).status).toBe(403);
    const bad = await placementsExportLoader(args(get("/placements/export?status=nonsense", cookie)));
    expect(bad.status).toBe(400);
  });
});

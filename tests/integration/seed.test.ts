import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import { clearDatabase, countRows, DEMO_LOGIN, isDatabaseEmpty, seedDemo, seedLarge } from "../../db/seed";
import { BUSY_CLIENT } from "../../db/seed/large-busy";
import { verifyLogin } from "~/models/user.server";
import { noAgreementBasis, workOutFee } from "~/utils/referral-fee";
import { resetDb, testDb } from "../support/db";
import { runningTotalsDrift } from "../support/running-totals";

const db = testDb();
const now = new Date("2026-06-15T15:00:00Z");
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "placement-seed-"));

beforeEach(async () => {
  await resetDb(db);
});

afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

/** Every business row but the password hashes (salted) and the generated columns. */
async function snapshot() {
  const { rows } = await sql<{ dump: string }>`
    SELECT concat_ws('|',
      (SELECT json_agg(c ORDER BY c.id)::text FROM clients c),
      (SELECT json_agg(f ORDER BY f.id)::text FROM facilities f),
      (SELECT json_agg(p ORDER BY p.id)::text FROM placements p),
      (SELECT json_agg(t ORDER BY t.id)::text FROM tasks t),
      (SELECT json_agg(i ORDER BY i.id)::text FROM task_checklist_items i),
      (SELECT json_agg(r ORDER BY r.id)::text FROM resources r),
      (SELECT json_agg(json_build_object('id', u.id, 'email', u.email, 'role', u.role) ORDER BY u.id)::text FROM users u)
    ) AS dump`.execute(db);
  return rows[0].dump;
}

async function distinct(query: string): Promise<string[]> {
  const { rows } = await sql<{ v: string }>`${sql.raw(query)}`.execute(db);
  return rows.map((row) => row.v).sort();
}

describe("the demo seed", () => {
  it("loads the book of business the README promises, in every status", async () => {
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemo(db, { now, uploadDir });
    expect(await isDatabaseEmpty(db)).toBe(false);

    const counts = await countRows(db);
    expect(counts).toMatchObject({ agencies: 1, users: 7, clients: 60, facilities: 40, placements: 50, tasks: 120 });
    // The README's logins: one admin, the demo coordinator, five agents; the agency's own time zone.
    const roles = await db.selectFrom("users").select(["email", "role"]).orderBy("email").execute();
    expect(roles.filter((u) => u.role === "admin").map((u) => u.email)).toEqual(["admin@example.com"]);
    expect(roles.filter((u) => u.role === "coordinator").map((u) => u.email)).toEqual(["demo@example.com"]);
    expect(roles.filter((u) => u.role === "agent")).toHaveLength(5);
    const [agency] = await db.selectFrom("agencies").select("time_zone").execute();
    expect(agency.time_zone).toBe("America/New_York");
    expect(counts.resources).toBeGreaterThan(0);
    expect(counts.task_checklist_items).toBeGreaterThan(0);
    expect(counts.task_communications).toBeGreaterThan(0);
    expect(counts.placement_events).toBeGreaterThanOrEqual(50);

    expect(await distinct("SELECT DISTINCT tracker_status AS v FROM clients")).toEqual([
      "Active Client",
      "Follow-up",
      "New Client",
      "Placed",
      "Target",
    ]);
    expect(await distinct("SELECT DISTINCT care_level AS v FROM clients")).toEqual([
      "assisted",
      "independent",
      "memory",
      "skilled",
    ]);
    expect(await distinct("SELECT DISTINCT status AS v FROM placements")).toEqual([
      "Cancelled",
      "Completed",
      "Confirmed",
      "In Progress",
    ]);
    expect(await distinct("SELECT DISTINCT stage AS v FROM tasks")).toEqual([
      "Active Client",
      "Follow-up",
      "New Client",
      "Placed",
      "Target",
    ]);
    expect((await distinct("SELECT DISTINCT type AS v FROM facilities")).length).toBe(9);
    expect((await distinct("SELECT DISTINCT address_city AS v FROM facilities")).length).toBeGreaterThan(10);
    // Real ZIP codes of their real city and state (matching's miles are true), and the
    // facilities' coordinates as the app saves them.
    const places = [
      ...(await db
        .selectFrom("facilities")
        .select(["address_city as city", "address_state as state", "address_zip as zip"])
        .execute()),
      ...(await db
        .selectFrom("clients")
        .select(["address_city as city", "address_state as state", "address_zip as zip"])
        .execute()),
    ];
    for (const place of places) {
      const known = zipcodes.lookup(place.zip!.slice(0, 5));
      expect(known, place.zip!).toMatchObject({ city: place.city, state: place.state });
    }
    const located = await db.selectFrom("facilities").select("latitude").where("latitude", "is", null).execute();
    expect(located).toEqual([]);
    const overdue = await distinct(
      `SELECT id::text AS v FROM tasks WHERE NOT is_completed AND due_date < DATE '2026-06-15'`,
    );
    expect(overdue.length).toBeGreaterThan(0);

    // The documents' files are on disk where the app will look for them.
    const files = await distinct("SELECT file_name AS v FROM resources");
    for (const file of files) expect(fs.existsSync(path.join(uploadDir, file))).toBe(true);
  });

  it("is deterministic: the same instant gives the same rows", async () => {
    await seedDemo(db, { now, uploadDir });
    const first = await snapshot();
    await clearDatabase(db);
    await seedDemo(db, { now, uploadDir });
    expect(await snapshot()).toBe(first);
    // Seeding again starts the running totals again too (they are not counted twice).
    expect(await runningTotalsDrift(db)).toEqual([]);
  });

  it("creates the demo login", async () => {
    await seedDemo(db, { now, uploadDir });
    const user = await verifyLogin(db, DEMO_LOGIN.email, DEMO_LOGIN.password);
    expect(user).toMatchObject({ email: DEMO_LOGIN.email, role: "coordinator" });
  });
});

describe("the large seed", () => {
  it("loads every table in proportion, and the demo login works on it", async () => {
    await seedLarge(db, { now, scale: 0.002 });
    const counts = await countRows(db);
    expect(counts).toMatchObject({
      agencies: 1,
      users: 7,
      clients: 100,
      facilities: 36,
      placements: 100,
      tasks: 200 + BUSY_CLIENT.tasks,
      task_communications: 600 + BUSY_CLIENT.communications,
      resources: 40,
      resource_versions: 40,
    });
    expect(counts.placement_events).toBeGreaterThanOrEqual(100);
    expect(counts.task_checklist_items).toBeGreaterThan(0);
    expect(await distinct("SELECT DISTINCT status AS v FROM placements")).toEqual([
      "Cancelled",
      "Completed",
      "Confirmed",
      "In Progress",
    ]);
    expect(await verifyLogin(db, DEMO_LOGIN.email, DEMO_LOGIN.password)).not.toBeNull();
    // The bench's sample client (the memory-care client updated last) has a history of about 500 entries.
    const { rows } = await sql<{ notes: number; status: number; tours: number; tasks: number }>`
      WITH c AS (SELECT id FROM clients WHERE care_level = 'memory' ORDER BY updated_at DESC, id DESC LIMIT 1)
      SELECT (SELECT count(*)::int FROM client_notes WHERE client_id = (SELECT id FROM c)) AS notes,
        (SELECT count(*)::int FROM client_status_changes WHERE client_id = (SELECT id FROM c)) AS status,
        (SELECT count(*)::int FROM tours WHERE client_id = (SELECT id FROM c)) AS tours,
        (SELECT count(*)::int FROM tasks WHERE client_id = (SELECT id FROM c)) AS tasks`.execute(db);
    expect(rows[0]).toMatchObject({
      notes: BUSY_CLIENT.notes,
      status: BUSY_CLIENT.statusChanges,
      tours: BUSY_CLIENT.tours,
    });
    expect(rows[0].tasks).toBeGreaterThanOrEqual(BUSY_CLIENT.tasks);
    // Real ZIP codes of the city, with the coordinates the app saves.
    const facilities = await db.selectFrom("facilities").select(["address_city", "address_zip", "latitude"]).execute();
    for (const f of facilities) {
      expect(zipcodes.lookup(f.address_zip.slice(0, 5))?.city).toBe(f.address_city);
      expect(f.latitude).not.toBeNull();
    }
  });

  it("works out every move-in's fee by the app's own rule, and invoices and pays most of them consistently", async () => {
    await seedLarge(db, { now, scale: 0.02 });
    const fees = await db
      .selectFrom("placements as p")
      .leftJoin("referral_agreements as a", "a.id", "p.fee_agreement_id")
      .select([
        "p.status",
        "p.monthly_rate",
        "p.move_in_date",
        "p.fee_cents",
        "p.fee_basis",
        "p.fee_moved_in_on",
        "p.fee_due_date",
        "a.id as agreementId",
        "a.fee_type",
        "a.fee_percent",
        "a.flat_fee_cents",
        "a.payment_terms_days",
        "a.refund_rule",
        "a.refund_days",
      ])
      .where("p.status", "=", "Completed")
      .execute();
    expect(fees.length).toBeGreaterThan(100);
    expect(fees.some((f) => f.agreementId === null) && fees.some((f) => f.fee_type === "flat")).toBe(true);
    for (const f of fees) {
      const movedIn = f.move_in_date!;
      expect(f.fee_moved_in_on).toBe(movedIn);
      const expected = f.agreementId
        ? workOutFee(
            {
              feeType: f.fee_type!,
              feePercent: f.fee_percent === null ? null : Number(f.fee_percent),
              flatFeeCents: f.flat_fee_cents,
              paymentTermsDays: f.payment_terms_days!,
              refundRule: f.refund_rule!,
              refundDays: f.refund_days,
            },
            f.monthly_rate === null ? null : Number(f.monthly_rate),
            movedIn,
          )
        : { cents: null, basis: noAgreementBasis(movedIn), dueDate: null };
      expect({ cents: f.fee_cents, basis: f.fee_basis, dueDate: f.fee_due_date }).toEqual(expected);
    }

    // Each invoice: one line of its placement's fee; paid in full, in part, or not yet, as its status says.
    const { rows: invoices } = await sql<{ status: string; lines: number; payments: number }>`
      SELECT i.status, sum(l.amount_cents)::int AS lines, coalesce((SELECT sum(amount_cents) FROM invoice_payments
        WHERE invoice_id = i.id), 0)::int AS payments
      FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
      JOIN placements p ON p.id = l.placement_id AND p.fee_cents = l.amount_cents GROUP BY i.id`.execute(db);
    expect(invoices.length).toBe(Math.round(20_000 * 0.02));
    for (const i of invoices) {
      const paid = i.status === "Paid" ? i.lines : i.status === "Partly paid" ? Math.floor(i.lines / 2) : 0;
      expect(i.payments).toBe(paid);
    }
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(["Draft", "Sent", "Partly paid", "Paid"]));

    // Numbers run 1, 2, 3… in each year, and the counter is at the last, so the next sent follows on.
    const { rows: years } = await sql<{ year: number; numbers: string[]; last_number: number }>`
      SELECT c.year, c.last_number, array_agg(i.number ORDER BY i.number) AS numbers
      FROM invoice_counters c JOIN invoices i ON i.number LIKE 'INV-' || c.year || '-%' GROUP BY c.year, c.last_number`.execute(
      db,
    );
    for (const y of years) {
      const expected = Array.from(
        { length: y.last_number },
        (_, k) => `INV-${y.year}-${String(k + 1).padStart(4, "0")}`,
      );
      expect(y.numbers).toEqual(expected);
    }
  });

  it("leaves every running total equal to a recount (each table written in bulk, a statement a batch)", async () => {
    await seedLarge(db, { now, scale: 0.01 });
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM completed_board_trigrams`.execute(db);
    expect(Number(rows[0].n)).toBeGreaterThan(100);
    expect(await runningTotalsDrift(db)).toEqual([]);

    // The recount sees a total that has gone wrong.
    await sql`UPDATE completed_task_trigrams SET tasks = tasks + 1
      WHERE (agency_id, trigram, priority_rank) = (SELECT agency_id, trigram, priority_rank FROM completed_task_trigrams LIMIT 1)`.execute(
      db,
    );
    await sql`UPDATE agency_counts SET value = value + 1 WHERE name = 'tasks:completed'`.execute(db);
    await sql`UPDATE invoice_balances SET outstanding_cents = outstanding_cents + 1
      WHERE invoice_id = (SELECT invoice_id FROM invoice_balances LIMIT 1)`.execute(db);
    await sql`UPDATE report_move_in_days SET placements = placements + 1
      WHERE ctid = (SELECT ctid FROM report_move_in_days WHERE agent_id IS NULL LIMIT 1)`.execute(db);
    expect(await runningTotalsDrift(db)).toEqual([
      expect.stringMatching(/^agency_counts .* tasks:completed: stored \d+, recounted \d+$/),
      expect.stringMatching(/^completed_task_trigrams .*: stored \d+, recounted \d+$/),
      expect.stringMatching(/^invoice_balances .*: stored -?\d+, recounted (-?\d+|none)$/),
      expect.stringMatching(/^report_move_in_days .* everyone -?\d+: stored \d+, recounted \d+$/),
    ]);
  });
});

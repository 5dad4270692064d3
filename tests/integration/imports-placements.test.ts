import { beforeEach, describe, expect, it } from "vitest";
import * as placementsExport from "~/routes/placements.export";
import * as importsRoute from "~/routes/api.imports._index";
import * as importRoute from "~/routes/api.imports.$id";
import * as undoRoute from "~/routes/api.imports.$id_.undo";
import { type Json, signInNewAgency, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { runImportsHere } from "../support/imports";
import { createClient, createFacility, createPlacement, createUser } from "../support/factories";
import { args, get, settle } from "../support/http";

// CSV imports of placements (issue 37): each row's client, facility and agent found by name,
// e-mail or license number among the agency's records; duplicates (same client, facility and
// start date) and the one-open-placement rule; an import is history (beds, fees and the client's
// status are left alone); undo. tests/integration/imports.test.ts covers what all imports share.

const db = testDb();
let me: SignedIn;

runImportsHere(db);
beforeEach(async () => {
  await resetDb(db);
  me = await signInNewAgency(db, { first_name: "Casey", last_name: "Cole" });
});

async function call(
  route: { action: unknown; loader: unknown },
  request: Request,
  params: Record<string, string> = {},
) {
  const handler = (request.method === "GET" ? route.loader : route.action) as (a: unknown) => unknown;
  const response = await settle(handler(args(request, params)));
  return { status: response.status, json: (await response.json()) as Json };
}

function uploadRequest(token: string, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([file], { type: "text/csv" }), "placements.csv");
  return new Request("http://localhost/api/imports", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}`, "X-Client-IP": "203.0.113.7" },
  });
}

/** Uploads placements and waits for the import to end: its API record. */
async function imported(file: string, fields: Record<string, string> = {}, who = me): Promise<Json> {
  const started = await call(importsRoute, uploadRequest(who.token, file, { type: "placements", ...fields }));
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const id = started.json.data.import._id as string;
  for (let i = 0; i < 200; i++) {
    const { json } = await call(
      importRoute,
      new Request(`http://localhost/api/imports/${id}`, { headers: { Authorization: `Bearer ${who.token}` } }),
      { id },
    );
    if (!["queued", "running"].includes(json.data.import.status)) return json.data.import as Json;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the import did not end");
}

const undo = (id: string, who = me) =>
  call(
    undoRoute,
    new Request(`http://localhost/api/imports/${id}/undo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${who.token}` },
    }),
    { id },
  );

async function exported(who: SignedIn): Promise<string> {
  const response = await settle(placementsExport.loader(args(get("/placements/export", who.cookie))));
  expect(response.status).toBe(200);
  return response.text();
}

const placementsOf = (agencyId: string) =>
  db.selectFrom("placements").selectAll().where("agency_id", "=", agencyId).orderBy("start_date").execute();

/** The same people and places in an agency: two clients, two facilities, an agent. */
async function cast(agencyId: string) {
  const ann = await createClient(db, { agencyId, first_name: "Ann", last_name: "Lee", email: "ann@example.com" });
  const bo = await createClient(db, { agencyId, first_name: "Bo", last_name: "Ng", email: "bo@example.com" });
  const maple = await createFacility(db, { agencyId, name: "Maple House", license_number: "IL-1001" });
  const oak = await createFacility(db, {
    agencyId,
    name: "Oak Court",
    license_number: "IL-1002",
    address_city: "Peoria",
  });
  const pat = await createUser(db, { agencyId, first_name: "Pat", last_name: "Kim" });
  return { ann, bo, maple, oak, pat };
}

const HEAD = "Client,Facility,Status,Start Date,Monthly Rate";
const csv = (...lines: string[]) => [HEAD, ...lines].join("\r\n") + "\r\n";

describe("placements import", () => {
  it("round trip: an export imported into an agency with the same clients and facilities exports as the same file", async () => {
    const a = await cast(me.user.agency_id);
    const rows = [
      {
        client: a.ann,
        facility: a.maple,
        status: "Completed",
        start: "2025-01-06",
        moveIn: "2025-01-20",
        end: "2025-09-30",
      },
      { client: a.ann, facility: a.oak, status: "In Progress", start: "2026-02-01", moveIn: null, end: null },
      { client: a.bo, facility: a.maple, status: "Confirmed", start: "2026-03-15", moveIn: null, end: null },
      { client: a.bo, facility: a.oak, status: "Cancelled", start: "2025-11-01", moveIn: null, end: "2025-11-20" },
    ] as const;
    for (const [i, r] of rows.entries()) {
      await createPlacement(db, {
        agencyId: me.user.agency_id,
        client_id: r.client.id,
        facility_id: r.facility.id,
        agent_id: a.pat.id,
        status: r.status,
        priority: i === 1 ? "High" : "Medium",
        start_date: r.start,
        move_in_date: r.moveIn,
        end_date: r.end,
        monthly_rate: i === 0 ? "4200.50" : null,
        payment_method: i === 0 ? "Private Pay" : null,
        deposit_amount: i === 0 ? "1000" : null,
        notes: i === 2 ? '=HYPERLINK("x"), with a "quote"\nand a line' : null,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        updated_at: new Date(Date.UTC(2026, 1, 1 + i)),
      });
    }
    const file = await exported(me);
    const other = await signInNewAgency(db, { first_name: "Casey", last_name: "Cole" });
    const b = await cast(other.user.agency_id);
    const beds = b.maple.current_occupancy;
    const done = await imported(file, {}, other);
    expect(done).toMatchObject({ status: "done", counts: { created: 4, invalid: 0, skipped: 0 } });
    expect(await exported(other)).toBe(file);
    // History: the facility's beds and the clients' status are as they were; no fee was worked out.
    const maple = await db.selectFrom("facilities").selectAll().where("id", "=", b.maple.id).executeTakeFirstOrThrow();
    expect(maple.current_occupancy).toBe(beds);
    const ann = await db.selectFrom("clients").selectAll().where("id", "=", b.ann.id).executeTakeFirstOrThrow();
    expect(ann.tracker_status).toBe(b.ann.tracker_status);
    expect((await placementsOf(other.user.agency_id)).every((p) => p.fee_basis === null)).toBe(true);
    expect((await placementsOf(other.user.agency_id)).every((p) => p.agent_id === b.pat.id)).toBe(true);
    // Imported again: every row repeats a placement, and is skipped.
    const again = await imported(file, {}, other);
    expect(again.counts).toMatchObject({ created: 0, skipped: 4, invalid: 0 });
    expect(again.errors[0].message).toBe(
      "A placement of this client at this facility from the same start date exists: skipped",
    );
  });

  it("finds a client by e-mail or full name and a facility by license number, or name with its city", async () => {
    const a = await cast(me.user.agency_id);
    await createFacility(db, { agencyId: me.user.agency_id, name: "Oak Court", license_number: "IL-2002" });
    const file = [
      "Client,Client Email,Facility,Facility License Number,Facility City,Start Date,Agent,Status",
      "  ann   LEE ,,maple house,,,2026-01-05,,In Progress",
      "Whoever,bo@example.com,,il-1001,,2026-01-06,pat kim,In Progress",
      "bo@example.com,,Oak Court,,Peoria,2026-01-07,,In Progress",
    ].join("\n");
    const done = await imported(file);
    expect(done).toMatchObject({ status: "done", counts: { created: 3, invalid: 0 } });
    const rows = await placementsOf(me.user.agency_id);
    expect(rows.map((p) => [p.client_id, p.facility_id, p.agent_id, p.status])).toEqual([
      [a.ann.id, a.maple.id, me.user.id, "In Progress"],
      [a.bo.id, a.maple.id, a.pat.id, "In Progress"],
      [a.bo.id, a.oak.id, me.user.id, "In Progress"],
    ]);
    expect(rows.every((p) => p.created_by === me.user.id)).toBe(true);
  });

  it("lists each row it cannot resolve, with why, and imports nothing (all or nothing)", async () => {
    await cast(me.user.agency_id);
    await createClient(db, {
      agencyId: me.user.agency_id,
      first_name: "Ann",
      last_name: "Lee",
      email: "ann2@example.com",
    });
    await createFacility(db, { agencyId: me.user.agency_id, name: "Oak Court", license_number: "IL-2002" });
    const file = [
      "Client,Client Email,Facility,Facility License Number,Start Date,Agent,Status",
      "Ann Lee,,Maple House,,2026-01-05,,Completed",
      "Zed Zee,,Maple House,,2026-01-05,,Completed",
      ",nobody@example.com,Maple House,,2026-01-05,,Completed",
      "Bo Ng,,Nowhere,,2026-01-05,,Completed",
      "Bo Ng,,Oak Court,,2026-01-05,,Completed",
      "Bo Ng,,,XX-9,2026-01-05,,Completed",
      "Bo Ng,,Maple House,,2026-01-05,Nobody Here,Completed",
      ",,,,,,",
      "Bo Ng,,Maple House,,2026-13-45,,Completed",
    ].join("\n");
    const done = await imported(file);
    expect(done).toMatchObject({ status: "failed", counts: { created: 0, invalid: 9 } });
    expect(done.message).toBe(
      "Nothing was imported: 9 of 9 rows are not valid. Fix them and import the file again, or import only the valid rows.",
    );
    const said = (done.errors as Json[]).map((e) => [e.row, e.field, e.message]);
    expect(said).toEqual([
      [2, "Client", '2 clients are named "Ann Lee": give the e-mail'],
      [3, "Client", 'No client named "Zed Zee"'],
      [4, "Client", 'No client has the e-mail "nobody@example.com"'],
      [5, "Facility", 'No facility named "Nowhere"'],
      [6, "Facility", '2 facilities are named "Oak Court": give the license number'],
      [7, "Facility", 'No facility has the license number "XX-9"'],
      [8, "Agent", 'No active user named "Nobody Here"'],
      [9, "Client", "Client is required"],
      [9, "Facility", "Facility is required"],
      [9, "Status", "Status is required"],
      [9, "Start Date", "Start date is required"],
      [10, "Start Date", "Start date must be a valid date"],
    ]);
    expect(await placementsOf(me.user.agency_id)).toEqual([]);
  });

  it("the valid rows: those are imported, the others listed", async () => {
    await cast(me.user.agency_id);
    const done = await imported(
      csv("Ann Lee,Maple House,Completed,2025-01-05,", "Zed Zee,Maple House,Completed,2026-01-05,"),
      {
        mode: "valid",
      },
    );
    expect(done).toMatchObject({ status: "done", counts: { created: 1, invalid: 1 } });
    expect(done.errors).toMatchObject([{ row: 3, field: "Client", column: "Client", value: "Zed Zee" }]);
  });
});

describe("duplicates and open placements", () => {
  it("skip: a repeat of a placement here or of an earlier row is skipped, and said so", async () => {
    const a = await cast(me.user.agency_id);
    await createPlacement(db, {
      agencyId: me.user.agency_id,
      client_id: a.ann.id,
      facility_id: a.maple.id,
      status: "Completed",
      start_date: "2025-01-05",
    });
    const done = await imported(
      csv(
        "Ann Lee,Maple House,Completed,2025-01-05,3000",
        "Bo Ng,Maple House,Completed,2025-02-01,",
        "Bo Ng,Maple House,Completed,2025-02-01,",
      ),
    );
    expect(done).toMatchObject({ status: "done", counts: { created: 1, skipped: 2, invalid: 0 } });
    expect((done.errors as Json[]).map((e) => [e.row, e.kind, e.message])).toEqual([
      [4, "duplicate", "Same client, facility and start date as row 3 of this file: skipped"],
      [2, "duplicate", "A placement of this client at this facility from the same start date exists: skipped"],
    ]);
  });

  it("update: the placement takes the row's values, its checklist kept; undo restores them", async () => {
    const a = await cast(me.user.agency_id);
    const existing = await createPlacement(db, {
      agencyId: me.user.agency_id,
      client_id: a.ann.id,
      facility_id: a.maple.id,
      status: "In Progress",
      start_date: "2025-01-05",
      contract_signed: true,
      monthly_rate: "3000",
    });
    const done = await imported(csv("Ann Lee,Maple House,Confirmed,2025-01-05,4500"), { duplicates: "update" });
    expect(done).toMatchObject({ status: "done", counts: { created: 0, updated: 1 } });
    const after = await db.selectFrom("placements").selectAll().where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect([after.status, Number(after.monthly_rate), after.contract_signed]).toEqual(["Confirmed", 4500, true]);
    expect((await undo(done._id as string)).status).toBe(200);
    const back = await db.selectFrom("placements").selectAll().where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect([back.status, Number(back.monthly_rate)]).toEqual(["In Progress", 3000]);
  });

  it("create: a repeat is created anyway, unless it would be a second open placement (a row error)", async () => {
    const a = await cast(me.user.agency_id);
    await createPlacement(db, {
      agencyId: me.user.agency_id,
      client_id: a.ann.id,
      facility_id: a.maple.id,
      status: "In Progress",
      start_date: "2025-01-05",
    });
    const done = await imported(
      csv(
        "Ann Lee,Maple House,In Progress,2025-01-05,",
        "Ann Lee,Maple House,Completed,2025-01-05,",
        "Bo Ng,Oak Court,Confirmed,2026-01-05,",
        "Bo Ng,Oak Court,In Progress,2026-02-05,",
      ),
      { duplicates: "create", mode: "valid" },
    );
    expect(done).toMatchObject({ status: "done", counts: { created: 2, invalid: 2 } });
    expect((done.errors as Json[]).map((e) => [e.row, e.field, e.message])).toEqual([
      [
        2,
        "Facility",
        "This client already has an open placement at this facility: only one may be open (In Progress or Confirmed)",
      ],
      [
        5,
        "Facility",
        "Row 4 of this file is an open placement of this client at this facility: only one may be open (In Progress or Confirmed)",
      ],
    ]);
    expect(await placementsOf(me.user.agency_id)).toHaveLength(3);
  });

  it("all or nothing: a second open placement fails the import as a row error, not an error of the import", async () => {
    const a = await cast(me.user.agency_id);
    await createPlacement(db, {
      agencyId: me.user.agency_id,
      client_id: a.bo.id,
      facility_id: a.oak.id,
      status: "Confirmed",
      start_date: "2025-01-05",
    });
    const done = await imported(
      csv("Ann Lee,Maple House,Completed,2025-01-05,", "Bo Ng,Oak Court,In Progress,2026-01-05,"),
    );
    expect(done).toMatchObject({ status: "failed", counts: { created: 0, invalid: 1 } });
    expect(done.errors).toMatchObject([{ row: 3, field: "Facility", kind: "invalid" }]);
    expect(await placementsOf(me.user.agency_id)).toHaveLength(1);
  });
});

describe("undo and other agencies", () => {
  it("undo deletes the placements it created; another agency's same names are neither found nor touched", async () => {
    await cast(me.user.agency_id);
    const other = await signInNewAgency(db);
    const b = await cast(other.user.agency_id);
    await createPlacement(db, {
      agencyId: other.user.agency_id,
      client_id: b.ann.id,
      facility_id: b.maple.id,
      status: "Completed",
      start_date: "2025-01-05",
    });
    const before = await placementsOf(other.user.agency_id);
    const done = await imported(
      csv("Ann Lee,Maple House,Completed,2025-01-05,", "Bo Ng,Oak Court,Completed,2025-01-05,"),
    );
    // Not a duplicate of the other agency's placement: both are created here.
    expect(done).toMatchObject({ status: "done", counts: { created: 2, skipped: 0 } });
    const mine = await placementsOf(me.user.agency_id);
    expect(mine.every((p) => p.client_id !== b.ann.id && p.facility_id !== b.maple.id)).toBe(true);
    expect((await undo(done._id as string)).status).toBe(200);
    expect(await placementsOf(me.user.agency_id)).toEqual([]);
    expect(await placementsOf(other.user.agency_id)).toEqual(before);
    const audits = await db
      .selectFrom("audit_events")
      .select(["action", "entity_type"])
      .where("agency_id", "=", me.user.agency_id)
      .where("entity_type", "=", "placement")
      .execute();
    expect(audits.filter((e) => e.action === "import")).toHaveLength(2);
    expect(audits.filter((e) => e.action === "delete")).toHaveLength(2);
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import * as exportRoute from "~/routes/clients.export";
import * as facilitiesExport from "~/routes/facilities.export";
import * as importsRoute from "~/routes/api.imports._index";
import * as importRoute from "~/routes/api.imports.$id";
import * as undoRoute from "~/routes/api.imports.$id_.undo";
import { addImportChunk, insertImport } from "~/models/imports.server";
import { resumeImportsInProcess } from "~/services/import-upload.server";
import { runImport } from "~/services/import.server";
import { type Json, signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { runImportsHere } from "../support/imports";
import { createClient, createFacility } from "../support/factories";
import { args, get, settle } from "../support/http";

// CSV imports of clients through the API (issue 37): POST /api/imports, GET /api/imports/{id},
// undo. Imports run in this process here (no queue); tests/integration/imports-job.test.ts runs
// them as jobs of a real queue.

const db = testDb();
let me: SignedIn;

runImportsHere(db);
beforeEach(async () => {
  await resetDb(db);
  me = await signInNewAgency(db);
});

const HEAD = "First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone";
const line = (first: string, last: string, email: string, phone: string, dob = "1940-05-17") =>
  `${first},${last},${email},${phone},${dob},Jane Doe,Daughter,(217) 555-0199`;
const csv = (...lines: string[]) => [HEAD, ...lines].join("\r\n") + "\r\n";

async function call(
  route: { action: unknown; loader: unknown },
  request: Request,
  params: Record<string, string> = {},
) {
  const handler = (request.method === "GET" ? route.loader : route.action) as (a: unknown) => unknown;
  const response = await settle(handler(args(request, params)));
  return { status: response.status, json: (await response.json()) as Json };
}

function uploadRequest(token: string, file: string | Uint8Array | null, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== null) form.set("file", new Blob([file as BlobPart], { type: "text/csv" }), "clients.csv");
  return new Request("http://localhost/api/imports", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}`, "X-Client-IP": "203.0.113.7" },
  });
}

async function upload(file: string | Uint8Array | null, fields: Record<string, string> = {}, who = me) {
  return call(importsRoute, uploadRequest(who.token, file, { type: "clients", ...fields }));
}

const getImport = (id: string, who = me) =>
  call(
    importRoute,
    new Request(`http://localhost/api/imports/${id}`, { headers: { Authorization: `Bearer ${who.token}` } }),
    { id },
  );

/** Uploads and waits for the import to end: its API record. */
async function imported(file: string | Uint8Array, fields: Record<string, string> = {}, who = me): Promise<Json> {
  const started = await upload(file, fields, who);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const id = started.json.data.import._id as string;
  for (let i = 0; i < 200; i++) {
    const { json } = await getImport(id, who);
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

const clientsOf = (agencyId: string) =>
  db.selectFrom("clients").selectAll().where("agency_id", "=", agencyId).orderBy("email").execute();

async function exported(who: SignedIn): Promise<string> {
  const response = await settle(exportRoute.loader(args(get("/clients/export", who.cookie))));
  expect(response.status).toBe(200);
  return response.text();
}

describe("POST /api/imports", () => {
  it("answers 202 with the import, which runs and reports its counts", async () => {
    const started = await upload(csv(line("Ann", "Lee", "ann@example.com", "(217) 555-0101")));
    expect(started.status).toBe(202);
    expect(started.json.data.import).toMatchObject({ type: "clients", fileName: "clients.csv" });
    expect(["queued", "running", "done"]).toContain(started.json.data.import.status);
    const done = await imported(csv(line("Bo", "Ng", "bo@example.com", "(217) 555-0102")));
    expect(done).toMatchObject({ status: "done", counts: { created: 1, invalid: 0, skipped: 0, total: 1 } });
  });

  it("is for coordinators and admins: an agent is refused (403), and nothing is kept", async () => {
    const agent = await signInUser(db, me.user.agency_id, { role: "agent" });
    const { status, json } = await upload(csv(line("Ann", "Lee", "ann@example.com", "(217) 555-0101")), {}, agent);
    expect(status).toBe(403);
    expect(json.message).toBe("Only a coordinator or an admin can import records.");
    expect(await db.selectFrom("imports").selectAll().execute()).toEqual([]);
  });

  it("refuses a request without a file, or of an unknown type, leaving nothing", async () => {
    const noFile = await upload(null);
    expect(noFile.status).toBe(400);
    expect(noFile.json.errors).toEqual([{ path: "file", msg: "Please choose a CSV or Excel (.xlsx) file to import" }]);
    const badType = await upload(csv(), { type: "tasks" });
    expect(badType.status).toBe(400);
    expect(badType.json.errors[0].path).toBe("type");
    expect(await db.selectFrom("import_file_chunks").selectAll().execute()).toEqual([]);
  });

  it("gives another agency's import as not found", async () => {
    const done = await imported(csv(line("Ann", "Lee", "ann@example.com", "(217) 555-0101")));
    const other = await signInNewAgency(db);
    expect((await getImport(done._id as string, other)).status).toBe(404);
  });
});

describe("reading the file", () => {
  it("round trip: an export imported into an empty agency exports as the same file", async () => {
    for (let i = 0; i < 5; i++) {
      await createClient(db, {
        agencyId: me.user.agency_id,
        first_name: i === 0 ? "=cmd|' /C calc'!A0" : `Zoë ${i}`,
        email: `c${i}@example.com`,
        phone: `+1217555010${i}`,
        medical_conditions: ["Diabetes", "Arthritis"],
        address_street: "1 Main St, Apt 2",
        address_state: "IL",
        budget_min: "3000",
        care_level: "memory",
        room_type: i === 1 ? null : "studio",
        referral_source: i === 2 ? "Hospital" : null,
        // A minute apart: the export lists newest first, and rows made in the same millisecond
        // would be ordered by their ids, which the import does not keep.
        created_at: new Date(Date.UTC(2026, 0, 5, 9, i)),
        updated_at: new Date(Date.UTC(2026, 0, 5, 9, i)),
      });
    }
    const file = await exported(me);
    const fresh = await signInNewAgency(db);
    const done = await imported(file, {}, fresh);
    expect(done).toMatchObject({ status: "done", counts: { created: 5, invalid: 0 } });
    expect(await exported(fresh)).toBe(file);
    const [formula] = (await clientsOf(fresh.user.agency_id)).filter((c) => c.email === "c0@example.com");
    expect(formula.first_name).toBe("=cmd|' /C calc'!A0");
  });

  it("reads Windows-1252, a byte-order mark, semicolons and header variants", async () => {
    const latin = new Uint8Array([
      ...new TextEncoder().encode(
        "first_name;Last Name;E-mail;Phone #;DOB;Emergency Contact Name;Relationship;Emergency Phone\r\n",
      ),
      ...[0x5a, 0x6f, 0xeb], // "Zoë" in Windows-1252
      ...new TextEncoder().encode(";Lee;zoe@example.com;217-555-0101;3/7/1941;Jane;Son;217-555-0199\r\n"),
    ]);
    expect(await imported(latin)).toMatchObject({ status: "done", counts: { created: 1 } });
    const bom = "\uFEFF" + csv(line("Émile", "Roy", "emile@example.com", "(217) 555-0102"));
    expect(await imported(bom)).toMatchObject({ status: "done", counts: { created: 1 } });
    const names = (await clientsOf(me.user.agency_id)).map((c) => [c.first_name, c.date_of_birth]);
    expect(names).toEqual([
      ["Émile", "1940-05-17"],
      ["Zoë", "1941-03-07"],
    ]);
  });

  it("takes a mapping of fields to columns", async () => {
    const file = "A,B,C,D,E,F,G,H\r\n" + line("Ann", "Lee", "ann@example.com", "(217) 555-0101") + "\r\n";
    const mapping = JSON.stringify({
      firstName: 0,
      lastName: 1,
      email: 2,
      phone: 3,
      dateOfBirth: 4,
      "emergencyContact.name": 5,
      "emergencyContact.relationship": 6,
      "emergencyContact.phone": 7,
    });
    expect(await imported(file, { mapping })).toMatchObject({ status: "done", counts: { created: 1 } });
  });

  it("fails an empty file with its reason", async () => {
    expect(await imported("")).toMatchObject({ status: "failed", message: expect.stringMatching(/no header row/) });
  });
});

describe("invalid rows", () => {
  const BAD = csv(
    line("Ann", "Lee", "ann@example.com", "(217) 555-0101"),
    line("", "Lee", "no-name@example.com", "(217) 555-0102"),
    line("Cy", "Lee", "not-an-email", "(217) 555-0103"),
    line("Di", "Lee", "di@example.com", "12"),
    line("Ed", "Lee", "ed@example.com", "(217) 555-0105", "1941-02-30"),
  );

  it("all or nothing: nothing is imported, each error is listed with the form's message", async () => {
    const done = await imported(BAD);
    expect(done.status).toBe("failed");
    expect(done.counts).toMatchObject({ total: 5, created: 0, invalid: 4 });
    expect(done.message).toMatch(/^Nothing was imported: 4 of 5 rows are not valid/);
    expect(done.errors).toEqual([
      {
        kind: "invalid",
        row: 3,
        field: "First Name",
        column: "First Name",
        message: "First name is required",
        value: "",
      },
      {
        kind: "invalid",
        row: 4,
        field: "Email",
        column: "Email",
        message: "Please enter a valid email address",
        value: "not-an-email",
      },
      expect.objectContaining({ row: 5, field: "Phone", column: "Phone", value: "12" }),
      expect.objectContaining({ row: 6, field: "Date of Birth", message: "Please enter a valid date" }),
    ]);
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
  });

  it("the valid rows: those are imported, the others reported", async () => {
    const done = await imported(BAD, { mode: "valid" });
    expect(done).toMatchObject({ status: "done", counts: { created: 1, invalid: 4 } });
    expect((await clientsOf(me.user.agency_id)).map((c) => c.email)).toEqual(["ann@example.com"]);
  });
});

describe("duplicates", () => {
  const FILE = csv(
    line("Ann", "Lee", "ann@example.com", "(217) 555-0101"),
    line("Ann", "Lee-Two", "ANN@example.com", "(217) 555-0111"), // the same e-mail as row 2
    line("Bo", "New", "bo@example.com", "(217) 555-0102"), // the same phone as an existing client
  );

  beforeEach(async () => {
    await createClient(db, {
      agencyId: me.user.agency_id,
      first_name: "Bo",
      last_name: "Old",
      email: "bo.old@example.com",
      phone: "+12175550102",
    });
  });

  it("skip: duplicates of the file and of the database are skipped, and said so", async () => {
    const done = await imported(FILE, { duplicates: "skip" });
    expect(done.counts).toMatchObject({ created: 1, updated: 0, skipped: 2 });
    expect(done.errors).toEqual([
      expect.objectContaining({
        kind: "duplicate",
        row: 3,
        message: "Same e-mail or phone as row 2 of this file: skipped",
      }),
      expect.objectContaining({
        kind: "duplicate",
        row: 4,
        message: "A client with the same e-mail or phone exists: skipped",
      }),
    ]);
    expect((await clientsOf(me.user.agency_id)).map((c) => c.last_name)).toEqual(["Lee", "Old"]);
  });

  it("update: the existing client takes the row's values; undo restores them", async () => {
    const done = await imported(FILE, { duplicates: "update" });
    expect(done.counts).toMatchObject({ created: 1, updated: 1, skipped: 1 });
    expect((await clientsOf(me.user.agency_id)).map((c) => [c.last_name, c.email])).toEqual([
      ["Lee", "ann@example.com"],
      ["New", "bo@example.com"],
    ]);
    const undone = await undo(done._id as string);
    expect(undone.status).toBe(200);
    expect(undone.json.data.import.status).toBe("undone");
    expect((await clientsOf(me.user.agency_id)).map((c) => [c.last_name, c.email])).toEqual([
      ["Old", "bo.old@example.com"],
    ]);
  });

  it("create: every row is created anyway", async () => {
    const done = await imported(FILE, { duplicates: "create" });
    expect(done.counts).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    expect(await clientsOf(me.user.agency_id)).toHaveLength(4);
  });
});

describe("undo and other agencies", () => {
  it("undo deletes what the import created, once, with audit entries; another agency is untouched", async () => {
    const other = await signInNewAgency(db);
    await createClient(db, { agencyId: other.user.agency_id, email: "ann@example.com", phone: "+12175550101" });
    const done = await imported(csv(line("Ann", "Lee", "ann@example.com", "(217) 555-0101")));
    expect(done.counts.created).toBe(1);
    expect(await clientsOf(other.user.agency_id)).toHaveLength(1);
    expect((await undo(done._id as string, other)).status).toBe(404);
    expect((await undo(done._id as string)).status).toBe(200);
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
    expect(await clientsOf(other.user.agency_id)).toHaveLength(1);
    expect((await undo(done._id as string)).json.message).toBe("Only a finished import can be undone");
    const actions = await db
      .selectFrom("audit_events")
      .select(["action", "entity_type"])
      .where("agency_id", "=", me.user.agency_id)
      .where("action", "in", ["import", "undo", "delete"])
      .orderBy("created_at")
      .execute();
    // One transaction's entries share its time: compared as a set.
    expect(actions.map((a) => `${a.action} ${a.entity_type}`).sort()).toEqual([
      "delete client",
      "import client",
      "import import",
      "undo import",
    ]);
  });

  it("undo is refused after 24 hours", async () => {
    const done = await imported(csv(line("Ann", "Lee", "ann@example.com", "(217) 555-0101")));
    await sql`UPDATE imports SET finished_at = now() - interval '25 hours'`.execute(db);
    const late = await undo(done._id as string);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe("An import can be undone for 24 hours after it finished");
  });
});

describe("an import stopped half-way", () => {
  const many = (n: number) =>
    csv(...Array.from({ length: n }, (_, i) => line("P", `N${i}`, `p${i}@example.com`, `(217) 555-${1000 + i}`)));

  /** An import waiting for its job, as an upload leaves it. */
  async function queued(mode: "all" | "valid", file: string): Promise<string> {
    const id = randomUUID();
    const ctx = { userId: me.user.id, agencyId: me.user.agency_id };
    await db.transaction().execute(async (trx) => {
      await insertImport(trx, ctx, { id, type: "clients", file_name: "many.csv", mode });
      const bytes = new TextEncoder().encode(file);
      for (let seq = 0; seq * 50_000 < bytes.length; seq++) {
        await addImportChunk(trx, id, seq, bytes.subarray(seq * 50_000, (seq + 1) * 50_000));
      }
    });
    return id;
  }

  const killed = {
    afterBatch: (n: number) => {
      if (n === 1) throw new Error("killed");
    },
  };

  it("all or nothing: nothing of it stays, and it runs again to the end", async () => {
    const id = await queued("all", many(2500));
    await expect(runImport(db, id, killed)).rejects.toThrow("killed");
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
    await runImport(db, id);
    const { json } = await getImport(id);
    expect(json.data.import).toMatchObject({ status: "done", counts: { created: 2500, processed: 2500, total: 2500 } });
    expect(await clientsOf(me.user.agency_id)).toHaveLength(2500);
    expect(await db.selectFrom("import_file_chunks").selectAll().execute()).toEqual([]);
  });

  it("the valid rows: the batches that committed stay, and the run resumes after them", async () => {
    const id = await queued("valid", many(2500));
    await expect(runImport(db, id, killed)).rejects.toThrow("killed");
    expect(await clientsOf(me.user.agency_id)).toHaveLength(1000);
    expect((await getImport(id)).json.data.import.counts).toMatchObject({ processed: 1000, created: 1000 });
    await runImport(db, id);
    const { json } = await getImport(id);
    expect(json.data.import).toMatchObject({ status: "done", counts: { created: 2500, processed: 2500, skipped: 0 } });
    expect(await clientsOf(me.user.agency_id)).toHaveLength(2500);
    expect((await undo(id)).status).toBe(200);
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
  });

  it("without a queue (the embedded database), the server's start runs the cut-off imports again", async () => {
    const cutAll = await queued("all", many(1500));
    await expect(runImport(db, cutAll, killed)).rejects.toThrow("killed");
    const others = many(1500).replaceAll("@example.com", "@example.org").replaceAll("(217)", "(312)");
    const cutValid = await queued("valid", others);
    await expect(runImport(db, cutValid, killed)).rejects.toThrow("killed");
    await resumeImportsInProcess(db);
    for (const id of [cutAll, cutValid]) {
      expect((await getImport(id)).json.data.import).toMatchObject({ status: "done", counts: { created: 1500 } });
    }
    expect(await clientsOf(me.user.agency_id)).toHaveLength(3000);
  });
});

describe("facilities", () => {
  it("round trip: the directory's export imported into an empty agency exports as the same file", async () => {
    for (let i = 0; i < 3; i++) {
      await createFacility(db, {
        agencyId: me.user.agency_id,
        name: `Maple House ${i}`,
        license_number: `IL-${1000 + i}`,
        amenities: ["Garden", "Library"],
        accepts_insurance: i === 0,
        is_active: i !== 2,
        rating: i === 1 ? 4.5 : null,
      });
    }
    const exportOf = async (who: SignedIn) => {
      const response = await settle(facilitiesExport.loader(args(get("/facilities/export", who.cookie))));
      return response.text();
    };
    const file = await exportOf(me);
    const fresh = await signInNewAgency(db);
    const done = await imported(file, { type: "facilities" }, fresh);
    expect(done).toMatchObject({ status: "done", counts: { created: 3, invalid: 0 } });
    expect(await exportOf(fresh)).toBe(file);
    // Imported again: every row has a facility with its license number, and is skipped.
    const again = await imported(file, { type: "facilities" }, fresh);
    expect(again.counts).toMatchObject({ created: 0, skipped: 3 });
    expect(again.errors[0].message).toBe("A facility with the same license number exists: skipped");
  });
});

import { parse } from "csv-parse/sync";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import * as exportRoute from "~/routes/clients.export";
import * as homeRoute from "~/routes/_app.import._index";
import * as pageRoute from "~/routes/_app.import.$id";
import * as importsRoute from "~/routes/api.imports._index";
import * as importRoute from "~/routes/api.imports.$id";
import { type Json, signInNewAgency, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { runImportsHere } from "../support/imports";
import { createClient } from "../support/factories";
import { args, get, settle } from "../support/http";
import { largeXlsxFile, xlsxFile } from "../support/xlsx";

// Excel workbooks (.xlsx) imported as CSV files are (issue 37; docs/decisions/012-csv-import.md):
// told by their content, the first worksheet read as it streams, each cell as the text a person
// typed, then the same mapping, checks, duplicates and undo. Through the API and the screens.

const db = testDb();
let me: SignedIn;

runImportsHere(db);
beforeEach(async () => {
  await resetDb(db);
  me = await signInNewAgency(db);
});

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function upload(file: Uint8Array, name = "clients.xlsx", who = me, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("type", "clients");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([file as BlobPart], { type: XLSX_TYPE }), name);
  const request = new Request("http://localhost/api/imports", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${who.token}` },
  });
  const response = await settle(importsRoute.action(args(request)));
  return { status: response.status, json: (await response.json()) as Json };
}

async function imported(file: Uint8Array, who = me, fields: Record<string, string> = {}): Promise<Json> {
  const started = await upload(file, "clients.xlsx", who, fields);
  expect(started.status, JSON.stringify(started.json)).toBe(202);
  const id = started.json.data.import._id as string;
  for (let i = 0; i < 600; i++) {
    const request = new Request(`http://localhost/api/imports/${id}`, {
      headers: { Authorization: `Bearer ${who.token}` },
    });
    const json = (await (await settle(importRoute.loader(args(request, { id })))).json()) as Json;
    if (!["queued", "running"].includes(json.data.import.status)) return json.data.import as Json;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the import did not end");
}

const clientsOf = (agencyId: string) =>
  db.selectFrom("clients").selectAll().where("agency_id", "=", agencyId).orderBy("email").execute();

async function exported(who: SignedIn): Promise<string> {
  const response = await settle(exportRoute.loader(args(get("/clients/export", who.cookie))));
  expect(response.status).toBe(200);
  return response.text();
}

const HEAD = ["First Name", "Last Name", "Email", "Phone", "Date of Birth", "Emergency Contact", "Relationship"];
const HEAD_MORE = [...HEAD, "Emergency Phone", "ZIP", "Budget Min", "Budget Max"];

describe("an Excel workbook", () => {
  it("round trip: the clients export saved as a workbook imports into an empty agency and exports as the same file", async () => {
    for (let i = 0; i < 4; i++) {
      await createClient(db, {
        agencyId: me.user.agency_id,
        first_name: i === 0 ? "=cmd|' /C calc'!A0" : `Zoë ${i}`,
        email: `c${i}@example.com`,
        phone: `+1217555010${i}`,
        medical_conditions: ["Diabetes", "Arthritis"],
        address_zip: "02134",
        budget_min: "3000",
        care_level: "memory",
        created_at: new Date(Date.UTC(2026, 0, 5, 9, i)),
        updated_at: new Date(Date.UTC(2026, 0, 5, 9, i)),
      });
    }
    const csv = await exported(me);
    // The export's cells, each stored as text in the workbook (as Excel keeps a CSV's text columns).
    const rows = parse(csv, { bom: true }) as string[][];
    const file = await xlsxFile({ name: "Clients", rows });
    const fresh = await signInNewAgency(db);
    const done = await imported(file, fresh);
    expect(done).toMatchObject({ status: "done", fileName: "clients.xlsx", counts: { created: 4, invalid: 0 } });
    expect(await exported(fresh)).toBe(csv);
  });

  it("reads cells as typed: a date, numbers, a formula's cached value, a ZIP with its zero; passes over empty rows and other sheets", async () => {
    const file = await xlsxFile(
      {
        name: "People",
        rows: [
          HEAD_MORE,
          [
            "Ann",
            // A formula: its value cached in the file is read, the formula is never evaluated.
            { formula: 'UPPER("lee")', result: "LEE" },
            "ann@example.com",
            "(217) 555-0101",
            new Date(Date.UTC(1941, 2, 7)),
            "Jo",
            "Son",
            "(217) 555-0199",
            "02134",
            3500,
            { formula: "0.1+0.2+4999.7", result: 0.1 + 0.2 + 4999.7 },
          ],
          [],
          ["Bo", "Ng", "bo@example.com", "(217) 555-0102", "3/7/1941", "Jo", "Son", "(217) 555-0199", 2134, 3000],
          ["Cy", "Oh", "not an e-mail", "(217) 555-0103", "1941-03-07", "Jo", "Son", "(217) 555-0199"],
          // Text that starts with a zero keeps it (and is then not a US phone number).
          ["Di", "Pa", "di@example.com", "0217 555 0104", "1941-03-07", "Jo", "Son", "(217) 555-0199"],
        ],
        // Bo's ZIP is a number shown with five digits, as Excel's "Zip Code" format shows it.
        formats: { "4:9": "00000" },
      },
      { name: "Ignored", rows: [HEAD, ["Dee", "Pe", "dee@example.com", "(217) 555-0104", "1941-03-07", "Jo", "Son"]] },
    );
    const done = await imported(file, me, { mode: "valid" });
    expect(done, JSON.stringify(done.errors)).toMatchObject({
      status: "done",
      counts: { total: 4, created: 2, invalid: 2 },
    });
    // Row numbers are the sheet's: the empty row 3 still counts.
    expect((done.errors as Json[]).map((e) => [e.row, e.field, e.value, e.message])).toEqual([
      [5, "Email", "not an e-mail", "Please enter a valid email address"],
      [6, "Phone", "0217 555 0104", "Please enter a valid phone number"],
    ]);
    const clients = await clientsOf(me.user.agency_id);
    expect(
      clients.map((c) => [
        c.first_name,
        c.last_name,
        c.date_of_birth,
        c.phone,
        c.address_zip,
        c.budget_min,
        c.budget_max,
      ]),
    ).toEqual([
      ["Ann", "LEE", "1941-03-07", "+12175550101", "02134", "3500.00", "5000.00"],
      ["Bo", "Ng", "1941-03-07", "+12175550102", "02134", "3000.00", null],
    ]);
  });

  it("is told by its content, not its name: a workbook named .csv is read as a workbook", async () => {
    const file = await xlsxFile({
      name: "Sheet1",
      rows: [
        HEAD_MORE,
        ["Ann", "Lee", "ann@example.com", "(217) 555-0101", "1941-03-07", "Jo", "Son", "(217) 555-0199"],
      ],
    });
    const started = await upload(file, "clients.csv");
    expect(started.status).toBe(202);
    const row = await db.selectFrom("imports").select(["format", "total_rows"]).executeTakeFirstOrThrow();
    expect(row.format).toBe("xlsx");
  });

  it("a damaged workbook fails with a clear message, and nothing is imported", async () => {
    const file = await xlsxFile({ name: "Sheet1", rows: [HEAD, ["Ann", "Lee", "ann@example.com"]] });
    // The start of the zip is kept (its signature, its first part names); the compressed parts are not.
    const damaged = Buffer.concat([file.subarray(0, file.length - 1200), Buffer.alloc(1200, 7)]);
    const done = await imported(damaged);
    expect(done).toMatchObject({
      status: "failed",
      message:
        "The Excel workbook could not be read: it may be damaged. Open it in Excel and save it again, or save it as CSV",
    });
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
    expect(await db.selectFrom("import_file_chunks").selectAll().execute()).toEqual([]);
  });

  it("refuses at upload a file that is neither CSV nor a workbook (400), leaving nothing", async () => {
    const zipOfOther = Buffer.concat([
      Buffer.from("PK\x03\x04", "latin1"),
      Buffer.alloc(26),
      Buffer.from("word/document.xml"),
    ]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const neither = "The file is neither a CSV file nor an Excel workbook (.xlsx): save the spreadsheet as one of them";
    for (const [file, msg] of [
      [zipOfOther, neither],
      [png, neither],
      [xls, "Excel 97-2003 workbooks (.xls) are not read: save the file as an Excel workbook (.xlsx) or as CSV"],
    ] as const) {
      const { status, json } = await upload(file);
      expect(status).toBe(400);
      expect(json.errors).toEqual([{ path: "file", msg }]);
    }
    expect(await db.selectFrom("imports").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("import_file_chunks").selectAll().execute()).toEqual([]);
  });

  it("refuses a workbook of more than 100,000 rows", async () => {
    const file = await largeXlsxFile(["Email"], 100_001, (i) => [`p${i}@example.com`]);
    const done = await imported(file);
    expect(done).toMatchObject({ status: "failed", message: "The file has too many rows: at most 100,000" });
    expect(await clientsOf(me.user.agency_id)).toEqual([]);
  }, 120_000);

  it("on the screens: the mapping form shows the workbook's headers and sample values", async () => {
    const file = await xlsxFile({
      name: "Sheet1",
      rows: [
        ["Given Name", "Surname", "DOB", "Zip Code"],
        ["Ann", "Lee", new Date(Date.UTC(1941, 2, 7)), "02134"],
      ],
    });
    const form = new FormData();
    form.set("type", "clients");
    form.set("file", new Blob([file as BlobPart], { type: XLSX_TYPE }), "people.xlsx");
    const request = new Request("http://localhost/import", {
      method: "POST",
      body: form,
      headers: { Cookie: me.cookie },
    });
    const response = await settle(homeRoute.action(args(request)));
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")!.split("/").pop()!;
    const loaded = (await (
      await settle(pageRoute.loader(args(get(`/import/${id}`, me.cookie), { id })))
    ).json()) as Json;
    expect(loaded.columns.map((c: Json) => [c.header, c.field, c.samples])).toEqual([
      ["Given Name", "firstName", ["Ann"]],
      ["Surname", "lastName", ["Lee"]],
      ["DOB", "dateOfBirth", ["1941-03-07"]],
      ["Zip Code", "address.zip", ["02134"]],
    ]);
  });

  it("the mapping form's samples leave no temporary file behind (a sheet stored before its shared strings waits in one)", async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "xlsx-samples-"));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      // More rows than a batch: the sample stops reading after its first batch.
      const rows = [HEAD, ...Array.from({ length: 1_500 }, (_, i) => [`P${i}`, "Lee", `p${i}@example.com`])];
      // exceljs, as Excel, writes the sheets before the shared strings.
      const file = await xlsxFile({ name: "Sheet1", rows }, { name: "Sheet2", rows });
      const form = new FormData();
      form.set("type", "clients");
      form.set("file", new Blob([file as BlobPart], { type: XLSX_TYPE }), "people.xlsx");
      const request = new Request("http://localhost/import", {
        method: "POST",
        body: form,
        headers: { Cookie: me.cookie },
      });
      const id = (await settle(homeRoute.action(args(request)))).headers.get("Location")!.split("/").pop()!;
      for (let i = 0; i < 2; i++) {
        const loaded = (await (
          await settle(pageRoute.loader(args(get(`/import/${id}`, me.cookie), { id })))
        ).json()) as Json;
        expect(loaded.columns[0].samples).toEqual(["P0", "P1", "P2"]);
      }
      await expect.poll(() => readdirSync(tmp)).toEqual([]);
    } finally {
      // (Assigning undefined would store the text "undefined": the next test file's os.tmpdir().)
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

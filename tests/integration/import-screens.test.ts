import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as homeRoute from "~/routes/_app.import._index";
import * as pageRoute from "~/routes/_app.import.$id";
import * as errorsRoute from "~/routes/import.$id.errors[.]csv";
import { setImportQueue } from "~/services/import-api.server";
import { signInNewAgency, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { args, formPost, get, settle } from "../support/http";

// The import screens as a browser without JavaScript uses them (issue 37): upload, map the
// columns, preview, import, undo; each step a plain form.

const db = testDb();
let me: SignedIn;

beforeAll(() => setImportQueue(false));
afterAll(() => setImportQueue(undefined));
beforeEach(async () => {
  await resetDb(db);
  me = await signInNewAgency(db);
});

const FILE =
  "Given Name,Surname,Mail,Phone #,DOB,Emergency Contact,Relationship,Emergency Phone\r\n" +
  "Ann,Lee,ann@example.com,(217) 555-0101,1940-05-17,Jo,Son,(217) 555-0199\r\n" +
  "Bo,Ng,bo@,(217) 555-0102,1940-05-17,Jo,Son,(217) 555-0199\r\n";

async function uploadDraft(file: string): Promise<string> {
  const form = new FormData();
  form.set("type", "clients");
  form.set("file", new Blob([file], { type: "text/csv" }), "people.csv");
  const request = new Request("http://localhost/import", {
    method: "POST",
    body: form,
    headers: { Cookie: me.cookie },
  });
  const response = await settle(homeRoute.action(args(request)));
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.split("/").pop()!;
}

const page = async (id: string, query = "") => {
  const response = await settle(pageRoute.loader(args(get(`/import/${id}${query}`, me.cookie), { id })));
  return response.json() as Promise<unknown>;
};

const post = (id: string, fields: Record<string, string>) =>
  settle(pageRoute.action(args(formPost(`/import/${id}`, fields, me.cookie), { id })));

it("upload, map, preview, fix nothing, import the valid rows, undo", async () => {
  const id = await uploadDraft(FILE);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const mapped = (await page(id)) as any;
  expect(mapped.import.status).toBe("draft");
  expect(mapped.columns.map((c: { header: string; field: string }) => [c.header, c.field])).toEqual([
    ["Given Name", "firstName"],
    ["Surname", "lastName"],
    ["Mail", "email"],
    ["Phone #", "phone"],
    ["DOB", "dateOfBirth"],
    ["Emergency Contact", "emergencyContact.name"],
    ["Relationship", "emergencyContact.relationship"],
    ["Emergency Phone", "emergencyContact.phone"],
  ]);
  expect(mapped.columns[0].samples).toEqual(["Ann", "Bo"]);
  const columns = Object.fromEntries(
    mapped.columns.map((c: { index: number; field: string }) => [`column.${c.index}`, c.field]),
  );
  const previewed = await post(id, { intent: "preview", ...columns, duplicates: "skip", mode: "valid" });
  expect(previewed.headers.get("Location")).toBe(`/import/${id}?step=preview`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const preview = (await page(id, "?step=preview")) as any;
  expect(preview.import.counts).toMatchObject({ total: 2, invalid: 1, skipped: 0 });
  expect(preview.import.errors[0]).toMatchObject({
    row: 3,
    field: "Email",
    message: "Please enter a valid email address",
  });
  expect(await db.selectFrom("clients").selectAll().execute()).toEqual([]);

  const csv = await settle(errorsRoute.loader(args(get(`/import/${id}/errors.csv`, me.cookie), { id })));
  expect(await csv.text()).toContain("3,Email,Mail,bo@,Please enter a valid email address");

  await post(id, { intent: "start", duplicates: "skip", mode: "valid" });
  for (let i = 0; i < 100; i++) {
    const row = await db.selectFrom("imports").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    if (row.status === "done") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const summary = (await page(id)) as any;
  expect(summary.import).toMatchObject({ status: "done", counts: { created: 1, invalid: 1 } });
  expect(summary.undoUntil).not.toBeNull();
  expect((await post(id, { intent: "undo" })).status).toBe(302);
  expect(await db.selectFrom("clients").selectAll().execute()).toEqual([]);
});

it("refuses an upload without a file, saying so", async () => {
  const form = new FormData();
  form.set("type", "clients");
  const request = new Request("http://localhost/import", {
    method: "POST",
    body: form,
    headers: { Cookie: me.cookie },
  });
  const response = await settle(homeRoute.action(args(request)));
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: string }).error).toBe(
    "Please choose a CSV or Excel (.xlsx) file to import",
  );
});

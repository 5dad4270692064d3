import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as apiCollection from "~/routes/api.resources._index";
import * as apiItem from "~/routes/api.resources.$id";
import * as apiDownload from "~/routes/api.resources.$id_.download";
import * as deleteRoute from "~/routes/_app.resources.$id.delete";
import * as detailRoute from "~/routes/_app.resources.$id._index";
import * as editRoute from "~/routes/_app.resources.$id.edit";
import * as replaceRoute from "~/routes/_app.resources.$id.replace";
import * as listRoute from "~/routes/_app.resources._index";
import * as uploadRoute from "~/routes/_app.resources.upload";
import * as downloadRoute from "~/routes/resources.$id.download";
import * as exportRoute from "~/routes/resources.export";
import { agencyDay } from "~/models/agency.server";
import * as clientRoute from "~/routes/_app.clients.$id._index";
import * as taskRoute from "~/routes/_app.tasks.$id._index";
import { loader as optionsLoader } from "~/routes/placement-options";
import { expiryOf, fileTooLarge, RESOURCE_MESSAGES } from "~/schemas/resource";
import { takeToast } from "~/services/session.server";
import { UNREADABLE_NAME } from "~/services/uploads.server";
import { addDays } from "~/utils/days";
import { localStorage, setFileStorage } from "~/utils/storage.server";
import { type Json, type SignedIn, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createTask, isoDate } from "../support/factories";
import { args, cookiesFrom, formPost, get, settle } from "../support/http";

// The document library's screens and API, called in-process (docs/documents.md). The upload
// path's own limits (50 MB, content checks, aborted uploads) are in resources-upload.test.ts;
// here: what users and programs see, every message, access levels and storage staying in step.

const db = testDb();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "placement-resources-"));
});
afterAll(async () => {
  setFileStorage(null);
  await rm(dir, { recursive: true, force: true });
});

let coordinator: SignedIn;
let agent: SignedIn;
let otherAgent: SignedIn;
let client: { id: string; first_name: string; last_name: string };

beforeEach(async () => {
  await resetDb(db);
  await rm(dir, { recursive: true, force: true });
  setFileStorage(localStorage(dir));
  coordinator = await signInNewAgency(db);
  agent = await signInUser(db, coordinator.user.agency_id, { role: "agent" });
  otherAgent = await signInUser(db, coordinator.user.agency_id, { role: "agent" });
  client = await createClient(db, { agencyId: coordinator.user.agency_id, first_name: "Irene", last_name: "Campbell" });
});
afterEach(() => setFileStorage(localStorage(dir)));

const PDF = "%PDF-1.4\n1 0 obj << /Type /Pages /Kids [] /Count 3 >> endobj\n/Author (Dana Morgan)\n%%EOF\n";
const stored = async () => (await readdir(dir).catch(() => [] as string[])).sort();

interface Upload {
  files?: { name: string; body: string | Uint8Array }[];
  fields?: Record<string, string>;
}

function details(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    relatedToType: "Client",
    relatedToId: client.id,
    category: "Medical Records",
    accessLevel: "internal",
    description: "Physician's summary",
    tags: " medical, , physician ,",
    ...overrides,
  };
}

function multipart(
  url: string,
  { files = [], fields = details() }: Upload,
  cookie: string,
  headers: Record<string, string> = {},
  fileField = "files",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(fileField, new Blob([file.body as BlobPart]), file.name);
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: cookie, ...headers } });
}

const upload = (u: Upload, who: SignedIn = coordinator, headers: Record<string, string> = {}) =>
  settle(uploadRoute.action(args(multipart("/resources/upload", u, who.cookie, headers))));

async function toastOf(response: Response): Promise<string | undefined> {
  const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookiesFrom(response) } }));
  return toast?.title;
}

/** The form's messages, by field ("" for the form's own). */
async function messages(response: Response): Promise<Record<string, string[]>> {
  const data = (await response.json()) as Json;
  return data.result?.error ?? {};
}

async function uploadOne(name: string, fields: Record<string, string> = {}, who: SignedIn = coordinator) {
  const response = await upload(
    { files: [{ name, body: name.endsWith(".pdf") ? PDF : "Notes\n" }], fields: details(fields) },
    who,
  );
  expect(response.status).toBe(302);
  const row = await db
    .selectFrom("resources")
    .select(["id", "file_name"])
    .where("original_name", "=", name)
    .executeTakeFirstOrThrow();
  return row;
}

const list = async (query = "", who: SignedIn = coordinator) => {
  const response = await settle(listRoute.loader(args(get(`/resources${query}`, who.cookie))));
  return (await response.json()) as Json;
};

describe("uploading on the screen", () => {
  it("saves two files with their details, tags trimmed and empties dropped, and says so", async () => {
    const response = await upload({
      files: [
        { name: "Care plan.pdf", body: PDF },
        { name: "C:\\fakepath\\notes.txt", body: "Visit notes\n" },
      ],
    });
    expect(response.status).toBe(302);
    // Several documents: the library (one opens on its own page, below).
    expect(response.headers.get("Location")).toBe("/resources");
    expect(await toastOf(response)).toBe("2 file(s) uploaded successfully!");
    const rows = await db.selectFrom("resources").selectAll().orderBy("original_name").execute();
    expect(rows.map((r) => r.original_name)).toEqual(["Care plan.pdf", "notes.txt"]);
    expect(rows[0]).toMatchObject({
      category: "Medical Records",
      access_level: "internal",
      tags: ["medical", "physician"],
      related_type: "Client",
      related_id: client.id,
      mime_type: "application/pdf",
      uploaded_by: coordinator.user.id,
    });
    expect(rows[0].metadata).toMatchObject({ pages: 3, author: "Dana Morgan" });
    expect(await stored()).toEqual(rows.map((r) => r.file_name).sort());
  });

  it("says every message of the form, and keeps no file when the details are wrong", async () => {
    const none = await upload({ files: [], fields: details() });
    expect(none.status).toBe(400);
    expect((await messages(none)).files).toEqual([RESOURCE_MESSAGES.noFiles]);

    const empty = await upload({
      files: [{ name: "a.pdf", body: PDF }],
      fields: { relatedToType: "", relatedToId: "", category: "", accessLevel: "" },
    });
    expect(empty.status).toBe(400);
    expect(await messages(empty)).toMatchObject({
      relatedToType: ["Related to type is required"],
      relatedToId: ["Related object is required"],
      category: ["Category is required"],
      accessLevel: ["Access level is required"],
    });
    expect(await stored()).toEqual([]);
    expect(await db.selectFrom("resources").select("id").execute()).toEqual([]);
  });

  it("refuses a record of another agency, a file of the wrong type and one too large, leaving nothing", async () => {
    const stranger = await signInNewAgency(db);
    const theirs = await createClient(db, { agencyId: stranger.user.agency_id });
    const foreign = await upload({
      files: [{ name: "a.pdf", body: PDF }],
      fields: details({ relatedToId: theirs.id }),
    });
    expect(foreign.status).toBe(400);
    expect((await messages(foreign)).relatedToId).toEqual([RESOURCE_MESSAGES.relatedToId]);

    const exe = await upload({ files: [{ name: "report.pdf", body: "MZ\x90\x00binary" }] });
    expect(exe.status).toBe(415);
    const refused = ((await exe.json()) as Json).result;
    expect(refused.error).toEqual({ "": ["The content of report.pdf is not a PDF"] });
    // The details typed come back with the refusal, and the form shows them again.
    expect(refused.initialValue).toMatchObject({
      relatedToType: "Client",
      relatedToId: client.id,
      category: "Medical Records",
      description: "Physician's summary",
    });

    const big = await upload({ files: [{ name: "scan.pdf", body: new Uint8Array(52_428_801).fill(0x25) }] });
    expect(big.status).toBe(413);
    expect((await messages(big))[""]).toEqual([fileTooLarge("scan.pdf")]);

    expect(await stored()).toEqual([]);
    expect(await db.selectFrom("resources").select("id").execute()).toEqual([]);
  }, 30_000);

  it("opens a single uploaded document on its own page, with the toast", async () => {
    const response = await upload({ files: [{ name: "Care plan.pdf", body: PDF }] });
    expect(response.status).toBe(302);
    const [row] = await db.selectFrom("resources").select("id").execute();
    expect(response.headers.get("Location")).toBe(`/resources/${row.id}`);
    expect(await toastOf(response)).toBe("1 file(s) uploaded successfully!");
  });

  it("answers a script's upload with JSON: where to go and the toast to show there", async () => {
    const response = await upload({ files: [{ name: "a.pdf", body: PDF }] }, coordinator, {
      Accept: "application/json",
    });
    expect(response.status).toBe(200);
    const [row] = await db.selectFrom("resources").select(["id", "original_name"]).execute();
    expect(row.original_name).toBe("a.pdf");
    // One document: its own page.
    expect(await response.json()).toEqual({
      redirectTo: `/resources/${row.id}`,
      toast: { type: "success", title: "1 file(s) uploaded successfully!" },
    });
  });

  it("offers the records of each type, the chosen one first, and finds them by name or title", async () => {
    const agencyId = coordinator.user.agency_id;
    const facility = await createFacility(db, { agencyId, name: "Laurel Woods" });
    const placement = await createPlacement(db, { agencyId, client_id: client.id, facility_id: facility.id });
    const task = await createTask(db, { agencyId, title: "Verify Medicare card" });
    const choices = async (query: string) =>
      (
        (await (
          await settle(uploadRoute.loader(args(get(`/resources/upload?${query}`, coordinator.cookie))))
        ).json()) as Json
      ).choices;
    expect((await choices(`relatedToType=Placement&relatedToId=${placement.id}`)).options[0]).toMatchObject({
      id: placement.id,
      label: "Irene Campbell → Laurel Woods",
    });
    expect((await choices("relatedToType=Task&relatedSearch=medicare")).options).toEqual([
      expect.objectContaining({ id: task.id, label: "Verify Medicare card" }),
    ]);
    expect((await choices("relatedToType=Facility&relatedSearch=laurel")).options[0]).toMatchObject({
      id: facility.id,
    });
    expect((await choices("")).type).toBe("Client");
    const typed = async (kind: string, q: string) =>
      (
        (await (
          await settle(optionsLoader(args(get(`/placement-options?kind=${kind}&q=${q}`, coordinator.cookie))))
        ).json()) as Json
      ).options;
    expect(await typed("placement", "laurel")).toEqual([expect.objectContaining({ id: placement.id })]);
    expect(await typed("task", "verify")).toEqual([expect.objectContaining({ id: task.id })]);
  });
});

describe("the library list", () => {
  it("names and links the record each document belongs to: client, facility, placement or task", async () => {
    const agencyId = coordinator.user.agency_id;
    const facility = await createFacility(db, { agencyId, name: "Maple Grove" });
    const placement = await createPlacement(db, { agencyId, client_id: client.id, facility_id: facility.id });
    const task = await createTask(db, { agencyId, title: "Tour Park Place" });
    const records = [
      { type: "Client", id: client.id, label: "Irene Campbell", href: `/clients/${client.id}` },
      { type: "Facility", id: facility.id, label: "Maple Grove", href: `/facilities/${facility.id}` },
      {
        type: "Placement",
        id: placement.id,
        label: "Irene Campbell → Maple Grove",
        href: `/placements/${placement.id}`,
      },
      { type: "Task", id: task.id, label: "Tour Park Place", href: `/tasks/${task.id}` },
    ];
    for (const [i, r] of records.entries()) {
      await uploadOne(`care-assessment-${i}.pdf`, { relatedToType: r.type, relatedToId: r.id });
    }
    const rows = ((await list()).resources as Json[]).sort((a, b) => a.originalName.localeCompare(b.originalName));
    expect(rows.map((row) => ({ type: row.relatedType, related: row.related }))).toEqual(
      records.map((r) => ({ type: r.type, related: { label: r.label, href: r.href } })),
    );
  });

  it("says a document's record is removed when it is gone", async () => {
    const agencyId = coordinator.user.agency_id;
    const task = await createTask(db, { agencyId, title: "Short-lived" });
    await uploadOne("orphan.pdf", { relatedToType: "Task", relatedToId: task.id });
    await db.deleteFrom("tasks").where("id", "=", task.id).execute();
    const [row] = (await list()).resources as Json[];
    expect(row).toMatchObject({ originalName: "orphan.pdf", relatedType: "Task", related: null });
  });

  it("filters by search, category, type and access level, pages by the size chosen, newest first", async () => {
    await uploadOne("Medicare card.pdf", { category: "Insurance Documents", tags: "medicare" });
    await uploadOne("Visit notes.txt", { category: "Assessments", description: "Tour of Laurel Woods" });
    await uploadOne("Lease.pdf", { category: "Contracts", accessLevel: "public" });
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.resources.map((r: Json) => r.originalName)).toEqual([
      "Lease.pdf",
      "Visit notes.txt",
      "Medicare card.pdf",
    ]);
    expect((await list("?category=Contracts")).resources.map((r: Json) => r.originalName)).toEqual(["Lease.pdf"]);
    expect((await list("?type=text")).resources.map((r: Json) => r.originalName)).toEqual(["Visit notes.txt"]);
    expect((await list("?type=pdf")).total).toBe(2);
    expect((await list("?accessLevel=public")).total).toBe(1);
    expect((await list("?search=laurel")).resources.map((r: Json) => r.originalName)).toEqual(["Visit notes.txt"]);
    expect((await list("?search=MEDICARE")).total).toBe(1);
    expect((await list("?search=100%25")).total).toBe(0);
    const paged = await list("?limit=10");
    expect(paged).toMatchObject({ limit: 10, totalPages: 1 });
    const small = await list("?limit=1&page=2");
    expect(small).toMatchObject({ total: 3, totalPages: 3, page: 2 });
    expect(small.resources.map((r: Json) => r.originalName)).toEqual(["Visit notes.txt"]);
    const beyond = await settle(listRoute.loader(args(get("/resources?limit=1&page=9", coordinator.cookie))));
    expect(beyond.headers.get("Location")).toBe("/resources?limit=1&page=3");
    const wrong = await list("?type=video&category=Recipes");
    expect(wrong.total).toBe(3);
    expect(wrong.problems.map((p: Json) => p.param).sort()).toEqual(["category", "type"]);
  });

  it("a search finds the term in the name, the description or one tag, never across two of them, and follows edits", async () => {
    const { id } = await uploadOne("Lease.pdf", { description: "Signed copy", tags: "housing, annual" });
    const found = async (term: string) => (await list(`?search=${encodeURIComponent(term)}`)).total;
    expect(await found("LEASE.P")).toBe(1); // the name
    expect(await found("gned cop")).toBe(1); // the description
    expect(await found("Annual")).toBe(1); // a tag
    expect(await found("pdf signed")).toBe(0); // the name's end and the description's start
    expect(await found("copy housing")).toBe(0); // the description and a tag
    expect(await found("housing annual")).toBe(0); // two tags
    expect(await found("copy\u001fhousing")).toBe(0); // the separator the indexed text joins them by
    expect(await found("\u001f")).toBe(0);
    const edited = await settle(
      editRoute.action(
        args(
          formPost(
            `/resources/${id}/edit`,
            details({ description: "Renewed in March", tags: "rent" }),
            coordinator.cookie,
          ),
          { id },
        ),
      ),
    );
    expect(edited.status).toBe(302);
    expect(await found("signed")).toBe(0);
    expect(await found("renewed in")).toBe(1);
    expect(await found("annual")).toBe(0);
    expect(await found("RENT")).toBe(1);
  });

  it("shows a restricted document only to its uploader, coordinators and admins", async () => {
    await uploadOne("Diagnosis.pdf", { accessLevel: "restricted" }, agent);
    await uploadOne("Brochure.pdf", { accessLevel: "public" }, agent);
    const names = async (who: SignedIn) => (await list("", who)).resources.map((r: Json) => r.originalName).sort();
    expect(await names(agent)).toEqual(["Brochure.pdf", "Diagnosis.pdf"]);
    expect(await names(coordinator)).toEqual(["Brochure.pdf", "Diagnosis.pdf"]);
    expect(await names(otherAgent)).toEqual(["Brochure.pdf"]);
    expect((await list("?accessLevel=restricted", otherAgent)).total).toBe(0);
  });

  it("says each status: Expired, Expires in N days (30 or fewer), Active", () => {
    const today = "2026-11-24";
    expect(expiryOf("2026-11-23", today)).toMatchObject({
      status: "Expired",
      isExpired: true,
      daysUntilExpiration: -1,
    });
    expect(expiryOf("2026-11-24", today)).toMatchObject({ status: "Expires today", isExpired: false });
    expect(expiryOf("2026-12-14", today).status).toBe("Expires in 20 days");
    expect(expiryOf("2026-12-24", today).status).toBe("Expires in 30 days");
    expect(expiryOf("2026-12-25", today).status).toBe("Active");
    expect(expiryOf(null, today)).toMatchObject({ status: "Active", daysUntilExpiration: null });
  });

  it("exports the list's documents as CSV without the confidential ones", async () => {
    await uploadOne("Open.pdf");
    await uploadOne("Secret.pdf", { isConfidential: "on" });
    const response = await settle(exportRoute.loader(args(get("/resources/export", coordinator.cookie))));
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="resources-/);
    const text = await response.text();
    expect(text).toContain("Open.pdf");
    expect(text).not.toContain("Secret.pdf");
    expect((await list()).total).toBe(2);
  });
});

describe("a document's page, download, new version, edit and delete", () => {
  const detail = (id: string, who: SignedIn = coordinator) =>
    settle(detailRoute.loader(args(get(`/resources/${id}`, who.cookie), { id })));
  const download = (id: string, who: SignedIn = coordinator, query = "") =>
    settle(downloadRoute.loader(args(get(`/resources/${id}/download${query}`, who.cookie), { id })));

  it("shows every field and its versions; 404 for another agency, a missing id and a hidden one", async () => {
    const { id } = await uploadOne("Care plan.pdf", { expirationDate: isoDate(10), accessLevel: "restricted" }, agent);
    const page = (await (await detail(id)).json()) as Json;
    expect(page.resource).toMatchObject({
      originalName: "Care plan.pdf",
      version: 1,
      downloadCount: 0,
      accessLevel: "restricted",
      tags: ["medical", "physician"],
      related: { id: client.id, label: "Irene Campbell" },
      versions: [expect.objectContaining({ versionNumber: 1, changeLog: "Initial upload" })],
    });
    expect((await detail(id, otherAgent)).status).toBe(404);
    const stranger = await signInNewAgency(db);
    expect((await detail(id, stranger)).status).toBe(404);
    expect((await detail("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await (await detail("not-an-id")).text()).toBe(RESOURCE_MESSAGES.notFound);
    expect((await download(id, otherAgent)).status).toBe(404);
  });

  it("downloads the file as an attachment under a safe name, counted and recorded", async () => {
    const { id } = await uploadOne("Plan «final» v2, O'Brien.pdf");
    const response = await download(id, agent);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Plan _final_ v2, O'Brien.pdf"; filename*=UTF-8''Plan%20%C2%ABfinal%C2%BB%20v2%2C%20O%27Brien.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(await response.text()).toBe(PDF);
    const row = await db.selectFrom("resources").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.download_count).toBe(1);
    expect(row.last_downloaded_at).not.toBeNull();
    const audit = await db
      .selectFrom("audit_events")
      .selectAll()
      .where("entity_id", "=", id)
      .where("action", "=", "download")
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: "download", actor_id: agent.user.id })]);
    expect((await download(id, agent, "?version=abc")).status).toBe(404);
    const unreadable = await upload({ files: [{ name: "Smith; care plan.pdf", body: PDF }] });
    expect(unreadable.status).toBe(400);
    expect((await messages(unreadable))[""]).toEqual([UNREADABLE_NAME]);
  });

  it("replaces the file with a new version; the earlier one stays downloadable", async () => {
    const { id, file_name: first } = await uploadOne("Plan.pdf");
    const replace = (files: { name: string; body: string }[], changeLog = "Signed copy") =>
      settle(
        replaceRoute.action(
          args(
            multipart(`/resources/${id}/replace`, { files, fields: { changeLog } }, coordinator.cookie, {}, "file"),
            {
              id,
            },
          ),
        ),
      );
    const none = await replace([]);
    expect(none.status).toBe(400);
    expect(((await none.json()) as Json).fileError).toBe(RESOURCE_MESSAGES.noFiles);
    const wrong = await replace([{ name: "Plan.exe", body: "MZ" }]);
    expect(wrong.status).toBe(415);
    const done = await replace([{ name: "Plan signed.txt", body: "Signed\n" }]);
    expect(done.headers.get("Location")).toBe(`/resources/${id}`);
    expect(await toastOf(done)).toBe("New version uploaded (version 2)");
    const page = (await (await detail(id)).json()) as Json;
    expect(page.resource.version).toBe(2);
    expect(page.resource.originalName).toBe("Plan signed.txt");
    expect(page.resource.versions.map((v: Json) => [v.versionNumber, v.changeLog])).toEqual([
      [2, "Signed copy"],
      [1, "Initial upload"],
    ]);
    expect(await (await download(id)).text()).toBe("Signed\n");
    expect(await (await download(id, coordinator, "?version=1")).text()).toBe(PDF);
    expect((await download(id, coordinator, "?version=3")).status).toBe(404);
    expect((await stored()).length).toBe(2);
    expect(await stored()).toContain(first);
  });

  it("edits the details with the form's messages; 'Resource not found.' for a missing one", async () => {
    const { id } = await uploadOne("Plan.pdf");
    const edit = (fields: Record<string, string>, who: SignedIn = coordinator) =>
      settle(editRoute.action(args(formPost(`/resources/${id}/edit`, fields, who.cookie), { id })));
    const invalid = await edit({ relatedToType: "Client", relatedToId: "", category: "", accessLevel: "" });
    expect(invalid.status).toBe(400);
    expect(await messages(invalid)).toMatchObject({
      relatedToId: ["Related object is required"],
      category: ["Category is required"],
      accessLevel: ["Access level is required"],
    });
    const stranger = await signInNewAgency(db);
    const theirs = await createClient(db, { agencyId: stranger.user.agency_id });
    const foreign = await edit(details({ relatedToId: theirs.id }));
    expect((await messages(foreign)).relatedToId).toEqual([RESOURCE_MESSAGES.relatedToId]);

    const task = await createTask(db, { agencyId: coordinator.user.agency_id });
    const saved = await edit(
      details({
        relatedToType: "Task",
        relatedToId: task.id,
        category: "Care Plans",
        tags: "a, b",
        isConfidential: "on",
      }),
    );
    expect(saved.headers.get("Location")).toBe(`/resources/${id}`);
    expect(await toastOf(saved)).toBe(RESOURCE_MESSAGES.updated);
    const row = await db.selectFrom("resources").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      related_type: "Task",
      related_id: task.id,
      category: "Care Plans",
      tags: ["a", "b"],
      is_confidential: true,
    });

    const missing = await settle(
      editRoute.loader(args(get(`/resources/${stranger.user.id}/edit`, coordinator.cookie), { id: stranger.user.id })),
    );
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Resource not found.");
  });

  it("deletes a document and every version's file; a restricted one only for those who see it", async () => {
    const { id } = await uploadOne("Plan.pdf", { accessLevel: "restricted" });
    await settle(
      replaceRoute.action(
        args(
          multipart(
            `/resources/${id}/replace`,
            { files: [{ name: "v2.pdf", body: PDF }], fields: {} },
            coordinator.cookie,
            {},
            "file",
          ),
          {
            id,
          },
        ),
      ),
    );
    expect((await stored()).length).toBe(2);
    const hidden = await settle(
      deleteRoute.action(args(formPost(`/resources/${id}/delete`, {}, otherAgent.cookie), { id })),
    );
    expect(await toastOf(hidden)).toBe(RESOURCE_MESSAGES.deleteFailed);
    expect((await stored()).length).toBe(2);
    const deleted = await settle(
      deleteRoute.action(args(formPost(`/resources/${id}/delete`, {}, coordinator.cookie), { id })),
    );
    expect(await toastOf(deleted)).toBe(RESOURCE_MESSAGES.deleted);
    expect(await stored()).toEqual([]);
    expect(await db.selectFrom("resource_versions").select("id").execute()).toEqual([]);
    const again = await settle(
      deleteRoute.action(args(formPost(`/resources/${id}/delete`, {}, coordinator.cookie), { id })),
    );
    expect(await toastOf(again)).toBe(RESOURCE_MESSAGES.deleteFailed);
  });
});

describe("a record's Documents card", () => {
  it("lists the documents of a client or task the user may see, with an upload link's record", async () => {
    await uploadOne("Diagnosis.pdf", { accessLevel: "restricted" }, agent);
    await uploadOne("Brochure.pdf");
    const task = await createTask(db, { agencyId: coordinator.user.agency_id });
    await uploadOne("Checklist.txt", { relatedToType: "Task", relatedToId: task.id });
    const card = async (who: SignedIn) =>
      (
        (await (
          await settle(clientRoute.loader(args(get(`/clients/${client.id}`, who.cookie), { id: client.id })))
        ).json()) as Json
      ).documents;
    expect(await card(coordinator)).toMatchObject({ type: "Client", id: client.id, total: 2 });
    const seen = await card(otherAgent);
    expect(seen.total).toBe(1);
    expect(seen.resources.map((r: Json) => r.originalName)).toEqual(["Brochure.pdf"]);
    const ofTask = (
      (await (
        await settle(taskRoute.loader(args(get(`/tasks/${task.id}`, agent.cookie), { id: task.id })))
      ).json()) as Json
    ).documents;
    expect(ofTask.resources.map((r: Json) => r.originalName)).toEqual(["Checklist.txt"]);
  });
});

describe("the resources API", () => {
  const api = async (
    who: SignedIn,
    pathname: string,
    init: { method?: string; body?: unknown } = {},
    id?: string,
  ): Promise<{ status: number; json: Json }> => {
    const headers = new Headers({ Authorization: `Bearer ${who.token}` });
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set("Content-Type", "application/json");
    }
    const request = new Request(`http://localhost${pathname}`, { method: init.method ?? "GET", headers, body });
    const route = id ? apiItem : apiCollection;
    const handler = request.method === "GET" ? route.loader : route.action;
    const response = await settle(handler(args(request, id ? { id } : {})));
    return { status: response.status, json: (await response.json()) as Json };
  };
  const form = (files: { name: string; body: string }[], fields: Record<string, string> = details()) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const file of files) data.append("file", new Blob([file.body]), file.name);
    return data;
  };

  const agencyYesterday = async (who: SignedIn) =>
    addDays((await agencyDay(db, { userId: who.user.id, agencyId: who.user.agency_id })).today, -1);

  it("uploads one file a request and answers the spec's resource shape", async () => {
    const created = await api(coordinator, "/api/resources", {
      method: "POST",
      body: form([{ name: "Plan.pdf", body: PDF }], {
        ...details(),
        isConfidential: "true",
        // Yesterday in the agency's time zone, which decides expiry (not the UTC day isoDate gives).
        expirationDate: await agencyYesterday(coordinator),
      }),
    });
    expect(created.status).toBe(201);
    expect(created.json.message).toBe("1 file(s) uploaded successfully!");
    expect(created.json.data.resource).toMatchObject({
      originalName: "Plan.pdf",
      fileType: "application/pdf",
      fileSizeFormatted: `${PDF.length} B`,
      version: 1,
      downloadCount: 0,
      category: "Medical Records",
      isConfidential: true,
      accessLevel: "internal",
      tags: ["medical", "physician"],
      uploadedBy: { firstName: coordinator.user.first_name, lastName: coordinator.user.last_name },
      isExpired: true,
      daysUntilExpiration: -1,
      isImage: false,
      isVideo: false,
      relatedTo: { objectType: "Client", objectId: client.id },
      metadata: { pages: 3, author: "Dana Morgan", width: null, height: null, duration: null },
      previousVersions: [],
    });
    expect(created.json.data.resource.fileName).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const two = await api(coordinator, "/api/resources", {
      method: "POST",
      body: form([
        { name: "a.pdf", body: PDF },
        { name: "b.pdf", body: PDF },
      ]),
    });
    expect(two.status).toBe(400);
    const invalid = await api(coordinator, "/api/resources", { method: "POST", body: form([], { category: "x" }) });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors.map((e: Json) => e.msg)).toEqual(
      expect.arrayContaining([RESOURCE_MESSAGES.noFiles, "Related to type is required", "Category is required"]),
    );
    expect(await stored()).toHaveLength(1);
  });

  it("lists, reads, updates and deletes; a restricted document is invisible to another agent, another agency's is 404", async () => {
    const { id } = await uploadOne("Diagnosis.pdf", { accessLevel: "restricted" }, agent);
    await uploadOne("Brochure.pdf", { accessLevel: "public" }, agent);
    const listed = await api(coordinator, "/api/resources?limit=1");
    expect(listed.json.data).toMatchObject({ total: 2, page: 1, totalPages: 2 });
    expect(listed.json.data.resources).toHaveLength(1);
    expect((await api(otherAgent, "/api/resources")).json.data.total).toBe(1);
    expect((await api(coordinator, "/api/resources?type=movie")).status).toBe(400);

    expect((await api(otherAgent, `/api/resources/${id}`, {}, id)).status).toBe(404);
    const stranger = await signInNewAgency(db);
    expect((await api(stranger, `/api/resources/${id}`, {}, id)).status).toBe(404);
    const one = await api(agent, `/api/resources/${id}`, {}, id);
    expect(one.json.data.resource).toMatchObject({ _id: id, accessLevel: "restricted" });

    const placement = await createPlacement(db, { agencyId: coordinator.user.agency_id });
    const updated = await api(
      coordinator,
      `/api/resources/${id}`,
      {
        method: "PUT",
        body: {
          relatedTo: { objectType: "Placement", objectId: placement.id },
          category: "Contracts",
          accessLevel: "internal",
          tags: ["signed", " 2026 "],
          isConfidential: false,
          description: "Admission agreement",
          expirationDate: null,
        },
      },
      id,
    );
    expect(updated.status).toBe(200);
    expect(updated.json.message).toBe(RESOURCE_MESSAGES.updated);
    expect(updated.json.data.resource).toMatchObject({
      relatedTo: { objectType: "Placement", objectId: placement.id },
      category: "Contracts",
      tags: ["signed", "2026"],
    });
    const bad = await api(coordinator, `/api/resources/${id}`, { method: "PUT", body: { category: "Contracts" } }, id);
    expect(bad.status).toBe(400);

    const file = await settle(
      apiDownload.loader(
        args(
          new Request(`http://localhost/api/resources/${id}/download`, {
            headers: { Authorization: `Bearer ${otherAgent.token}` },
          }),
          { id },
        ),
      ),
    );
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(PDF);

    const removed = await api(coordinator, `/api/resources/${id}`, { method: "DELETE" }, id);
    expect(removed.json.message).toBe(RESOURCE_MESSAGES.deleted);
    expect((await api(coordinator, `/api/resources/${id}`, {}, id)).status).toBe(404);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.clients.$id._index";
import { loader as itemLoader, action as itemAction } from "~/routes/api.clients.$id";
import { loader as timelineLoader } from "~/routes/api.clients.$id_.timeline";
import { resetDb, testDb } from "../support/db";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createTask,
  nextId,
  type TestUser,
} from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";
import { type Json, signInNewAgency, signInUser } from "../support/api";

// The client timeline (issue 35): every kind of event in one history, newest first, the agency's
// own only; its kind filter and pages, on the client's page and GET /api/clients/{id}/timeline;
// logging a note or a call from the page; status changes recorded by the database.

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;
let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Ruiz" }));
  agencyId = user.agency_id;
  // UTC, so that a time typed in the log form reads the same here.
  await db.updateTable("agencies").set({ time_zone: "UTC" }).where("id", "=", agencyId).execute();
});

/** `minutes` before now. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function timeline(clientId: string, query = "", bearer = token) {
  const request = apiRequest(`/api/clients/${clientId}/timeline${query}`, { token: bearer });
  const response = await settle(timelineLoader(args(request, { id: clientId })));
  return { status: response.status, json: (await response.json()) as Json };
}

const titles = (json: Json) => (json.data.timeline as Json[]).map((e) => e.title);

async function insertDocument(values: {
  related_type: "Client" | "Placement" | "Task";
  related_id: string;
  created_at: Date;
  original_name: string;
  access_level?: "internal" | "restricted";
  uploaded_by?: string;
  agency_id?: string;
}) {
  await db
    .insertInto("resources")
    .values({
      agency_id: agencyId,
      file_name: `file-${nextId()}.pdf`,
      mime_type: "application/pdf",
      size_bytes: 1000,
      category: "Care Plans",
      uploaded_by: user.id,
      ...values,
    })
    .execute();
}

/** A client with one event of every kind, an hour apart (the oldest first), and what another client and agency have. */
async function clientWithHistory() {
  const client = await createClient(db, { agencyId, first_name: "Grace", last_name: "Okafor" });
  const facility = await createFacility(db, { agencyId, name: "Maple Grove" });
  const placement = await createPlacement(db, {
    agencyId,
    client_id: client.id,
    facility_id: facility.id,
    agent_id: user.id,
  });
  const task = await createTask(db, {
    agencyId,
    client_id: client.id,
    title: "Tour Maple Grove",
    assigned_to: user.id,
    created_by: user.id,
    created_at: ago(600),
  });
  await db
    .insertInto("placement_events")
    .values({
      agency_id: agencyId,
      placement_id: placement.id,
      event: "Placement created",
      actor_id: user.id,
      occurred_at: ago(540),
    })
    .execute();
  await db
    .insertInto("client_notes")
    .values({
      agency_id: agencyId,
      client_id: client.id,
      author_id: user.id,
      content: "Daughter prefers mornings",
      occurred_at: ago(480),
    })
    .execute();
  await db
    .insertInto("task_communications")
    .values({
      agency_id: agencyId,
      task_id: task.id,
      type: "call",
      content: "Booked the tour",
      author_id: user.id,
      occurred_at: ago(420),
    })
    .execute();
  await insertDocument({
    related_type: "Placement",
    related_id: placement.id,
    created_at: ago(360),
    original_name: "contract.pdf",
  });
  await db
    .updateTable("tasks")
    .set({ is_completed: true, completed_at: ago(300) })
    .where("id", "=", task.id)
    .execute();
  await insertDocument({
    related_type: "Client",
    related_id: client.id,
    created_at: ago(240),
    original_name: "assessment.pdf",
  });
  // A change by a person (the form sets updated_by), now: the newest entry.
  await db
    .updateTable("clients")
    .set({ tracker_status: "Active Client", updated_by: user.id })
    .where("id", "=", client.id)
    .execute();

  // Not this client's: another client of the agency, and another agency's client.
  const neighbour = await createClient(db, { agencyId });
  await db
    .insertInto("client_notes")
    .values({ agency_id: agencyId, client_id: neighbour.id, content: "Not Grace's" })
    .execute();
  const stranger = await createAgency(db);
  const theirs = await createClient(db, { agencyId: stranger.id });
  await db
    .insertInto("client_notes")
    .values({ agency_id: stranger.id, client_id: theirs.id, content: "Another agency's" })
    .execute();
  return { client, placement, task, theirs };
}

describe("the timeline", () => {
  it("holds every kind of event of the client, newest first, and nothing of others", async () => {
    const { client, placement, task } = await clientWithHistory();
    const { status, json } = await timeline(client.id);
    expect(status).toBe(200);
    expect(titles(json)).toEqual([
      "Status changed: New Client → Active Client",
      "Document added: assessment.pdf",
      "Task completed: Tour Maple Grove",
      "Document added: contract.pdf",
      "Call on a task: Tour Maple Grove",
      "Note",
      "Placement created · Maple Grove",
      "Task created: Tour Maple Grove",
    ]);
    const entries = json.data.timeline as Json[];
    expect(entries.map((e) => e.kind)).toEqual([
      "status",
      "document",
      "task",
      "document",
      "communication",
      "note",
      "placement",
      "task",
    ]);
    expect(entries[0].actor).toEqual({ _id: user.id, name: "Dana Ruiz" });
    expect(entries[3].detail).toBe("Care Plans · added to a placement");
    expect(entries[4]).toMatchObject({
      type: "call",
      detail: "Booked the tour",
      record: { type: "task", _id: task.id },
    });
    expect(entries[5]).toMatchObject({ type: "note", detail: "Daughter prefers mornings", record: null });
    expect(entries[6].record).toEqual({ type: "placement", _id: placement.id, name: "Maple Grove" });
    expect(json.data.counts).toEqual({
      note: 1,
      communication: 1,
      status: 1,
      placement: 1,
      task: 2,
      document: 2,
      tour: 0,
    });
    expect(json.data.pagination).toEqual({ page: 1, limit: 20, totalPages: 1, total: 8 });
    expect(JSON.stringify(json)).not.toMatch(/Not Grace's|Another agency's/);
  });

  it("narrows to one kind, keeping every kind's count", async () => {
    const { client } = await clientWithHistory();
    const { json } = await timeline(client.id, "?kind=document");
    expect(titles(json)).toEqual(["Document added: assessment.pdf", "Document added: contract.pdf"]);
    expect(json.data.pagination.total).toBe(2);
    expect(json.data.counts.task).toBe(2);
    const bad = await timeline(client.id, "?kind=gossip&limit=0");
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: Json) => e.path)).toEqual(["kind", "limit"]);
  });

  it("comes in pages, each going on where the one before ended", async () => {
    const client = await createClient(db, { agencyId });
    await db
      .insertInto("client_notes")
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          agency_id: agencyId,
          client_id: client.id,
          content: `Note ${i + 1}`,
          occurred_at: ago(100 - i),
        })),
      )
      .execute();
    const first = await timeline(client.id);
    const second = await timeline(client.id, "?page=2");
    const details = (json: Json) => (json.data.timeline as Json[]).map((e) => e.detail);
    expect(details(first.json)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${25 - i}`));
    expect(details(second.json)).toEqual(["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"]);
    expect(second.json.data.pagination).toEqual({ page: 2, limit: 20, totalPages: 2, total: 25 });
    expect(details((await timeline(client.id, "?limit=10&page=3")).json)).toEqual(details(second.json));
  });

  it("is a 404 for another agency's client, and writes no view entry of its own", async () => {
    const { client, theirs } = await clientWithHistory();
    expect((await timeline(theirs.id)).status).toBe(404);
    expect((await timeline("not-a-uuid")).status).toBe(404);
    await timeline(client.id);
    const views = await db.selectFrom("audit_events").select("id").where("action", "=", "view").execute();
    expect(views).toEqual([]);
  });

  it("shows restricted documents only to those who may see them", async () => {
    const client = await createClient(db, { agencyId });
    await insertDocument({
      related_type: "Client",
      related_id: client.id,
      created_at: ago(5),
      original_name: "diagnosis.pdf",
      access_level: "restricted",
    });
    expect(titles((await timeline(client.id)).json)).toEqual(["Document added: diagnosis.pdf"]);
    const agent = await signInUser(db, agencyId);
    const seen = await timeline(client.id, "", agent.token);
    expect(titles(seen.json)).toEqual([]);
    expect(seen.json.data.counts.document).toBe(0);
  });

  it("is the client page's main card, filtered and paged by its URL", async () => {
    const { client } = await clientWithHistory();
    const load = async (query: string) => {
      const response = await settle(pageLoader(args(get(`/clients/${client.id}${query}`, cookie), { id: client.id })));
      expect(response.status).toBe(200);
      return ((await response.json()) as Json).timeline;
    };
    const notes = await load("?kind=note");
    expect(notes.kind).toBe("note");
    expect(notes.entries.map((e: Json) => e.title)).toEqual(["Note"]);
    // The page's data is what the card shows: who by name, and where an entry links.
    expect(notes.entries[0]).toMatchObject({ who: "Dana Ruiz", href: null });
    expect(notes.entries[0].when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    // A filter the page cannot use is left out: every kind.
    const all = await load("?kind=gossip");
    expect(all.kind).toBe("");
    expect(all.entries).toHaveLength(8);
  });
});

describe("status changes", () => {
  it("are recorded by the database, whoever changes the status, with the person when there is one", async () => {
    const client = await createClient(db, { agencyId });
    const request = apiRequest(`/api/clients/${client.id}`, { token });
    const current = (await (await settle(itemLoader(args(request, { id: client.id })))).json()) as Json;
    const body = { ...current.data.client, trackerStatus: "Target" };
    for (const key of ["_id", "notes", "createdAt", "updatedAt", "budget", "medicalConditions", "medications"]) {
      delete body[key];
    }
    const put = apiRequest(`/api/clients/${client.id}`, { token, method: "PUT", body });
    expect((await settle(itemAction(args(put, { id: client.id })))).status).toBe(200);
    // An automatic change (a rule in application code, a bulk UPDATE) sets no updated_by.
    await db.updateTable("clients").set({ tracker_status: "Placed" }).where("id", "=", client.id).execute();
    // A change that leaves the status as it was is no change.
    await db
      .updateTable("clients")
      .set({ first_name: "Renamed", updated_by: user.id })
      .where("id", "=", client.id)
      .execute();
    const rows = await db
      .selectFrom("client_status_changes")
      .select(["from_status", "to_status", "changed_by"])
      .orderBy("created_at")
      .orderBy("to_status", "desc")
      .execute();
    expect(rows).toEqual([
      { from_status: "New Client", to_status: "Target", changed_by: user.id },
      { from_status: "Target", to_status: "Placed", changed_by: null },
    ]);
    const page = await settle(pageLoader(args(get(`/clients/${client.id}?kind=status`, cookie), { id: client.id })));
    const entries = ((await page.json()) as Json).timeline.entries as Json[];
    expect(entries.map((e) => [e.title, e.who])).toEqual([
      ["Status changed: Target → Placed", null],
      ["Status changed: New Client → Target", "Dana Ruiz"],
    ]);
  });
});

describe("logging on the client's page", () => {
  const post = (clientId: string, fields: Record<string, string>) =>
    settle(pageAction(args(formPost(`/clients/${clientId}`, fields, cookie), { id: clientId })));

  it("logs a call that happened earlier: its type, time and author, at the timeline with a toast", async () => {
    const client = await createClient(db, { agencyId });
    const response = await post(client.id, {
      kind: "call",
      content: "Son asked about visiting hours",
      occurredAt: "2026-01-05T09:30",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/clients/${client.id}#timeline`);
    expect(response.headers.get("Set-Cookie")).toContain("__toast=");
    const notes = await db.selectFrom("client_notes").select(["kind", "content", "occurred_at", "author_id"]).execute();
    expect(notes).toEqual([
      {
        kind: "call",
        content: "Son asked about visiting hours",
        occurred_at: new Date("2026-01-05T09:30:00Z"),
        author_id: user.id,
      },
    ]);
    const audit = await db
      .selectFrom("audit_events")
      .select(["action", "entity_id", "details"])
      .where("action", "=", "note_add")
      .execute();
    expect(audit).toEqual([
      { action: "note_add", entity_id: client.id, details: { note: expect.any(String), kind: "call" } },
    ]);
  });

  it("reads the time in the agency's zone", async () => {
    await db.updateTable("agencies").set({ time_zone: "America/Chicago" }).where("id", "=", agencyId).execute();
    const client = await createClient(db, { agencyId });
    await post(client.id, { kind: "meeting", content: "Met the family", occurredAt: "2026-07-01T14:00" });
    const note = await db.selectFrom("client_notes").select("occurred_at").executeTakeFirstOrThrow();
    expect(note.occurred_at).toEqual(new Date("2026-07-01T19:00:00Z"));
  });

  it("without the optional fields is a note, now, at the top of the timeline", async () => {
    const { client } = await clientWithHistory();
    const before = Date.now();
    expect((await post(client.id, { content: "Visited Maple Grove" })).status).toBe(302);
    const note = await db
      .selectFrom("client_notes")
      .select(["kind", "occurred_at"])
      .where("content", "=", "Visited Maple Grove")
      .executeTakeFirstOrThrow();
    expect(note.kind).toBe("note");
    expect(note.occurred_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const top = (await timeline(client.id)).json.data.timeline[0];
    expect(top).toMatchObject({ kind: "note", type: "note", title: "Note", detail: "Visited Maple Grove" });
  });

  it("refuses what it cannot store, each message under its field, storing nothing", async () => {
    const client = await createClient(db, { agencyId });
    const errors = async (fields: Record<string, string>) => {
      const response = await post(client.id, fields);
      expect(response.status).toBe(400);
      return ((await response.json()) as Json).result.error;
    };
    expect(await errors({ kind: "call", content: "  " })).toEqual({ content: ["Please describe what happened"] });
    expect(await errors({ kind: "fax", content: "Sent the form" })).toEqual({
      kind: ['Invalid type "fax". Allowed values: note, call, email, meeting'],
    });
    expect(await errors({ kind: "call", content: "Called", occurredAt: "yesterday" })).toEqual({
      occurredAt: ["Please enter a date and time, such as 2026-12-01 14:30"],
    });
    expect(await errors({ kind: "call", content: "Called", occurredAt: "2099-01-01T10:00" })).toEqual({
      occurredAt: ["This is in the future: enter when it happened, or leave it empty for now"],
    });
    expect(await db.selectFrom("client_notes").select("id").execute()).toEqual([]);
  });

  it("is a 404 for another agency's client", async () => {
    const theirs = await createClient(db, { agencyId: (await createAgency(db)).id });
    expect((await post(theirs.id, { content: "Hello" })).status).toBe(404);
    expect(await db.selectFrom("client_notes").select("id").execute()).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.clients.$id._index";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createTask, isoDate, type TestUser } from "../support/factories";
import { args, formPost, get, settle } from "../support/http";
import { type Json, signInNewAgency } from "../support/api";

// The client's page within the detail budget (issue 35): a long history shows its newest page of
// the timeline with links to older ones, the latest tours (all of them by a link), the first tasks,
// open ones first; the page's data is what its cards show. Every part is a URL: no JavaScript needed.

const db = testDb();

let user: TestUser;
let cookie: string;
let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Ruiz" }));
  agencyId = user.agency_id;
  await db.updateTable("agencies").set({ time_zone: "UTC" }).where("id", "=", agencyId).execute();
});

async function page(clientId: string, query = "") {
  const response = await settle(pageLoader(args(get(`/clients/${clientId}${query}`, cookie), { id: clientId })));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

const post = (path: string, clientId: string, fields: Record<string, string>) =>
  settle(pageAction(args(formPost(path, fields, cookie), { id: clientId })));

/** `count` notes a day apart, the newest yesterday: "Note 1" is the newest. */
async function notes(clientId: string, count: number) {
  await db
    .insertInto("client_notes")
    .values(
      Array.from({ length: count }, (_, i) => ({
        agency_id: agencyId,
        client_id: clientId,
        author_id: user.id,
        content: `Note ${i + 1}`,
        occurred_at: new Date(Date.now() - (i + 1) * 86_400_000),
      })),
    )
    .execute();
}

/** `count` tours of one facility a week apart, the latest planned first; the first `scheduled` still awaiting their outcome. */
async function tours(clientId: string, count: number, scheduled: number) {
  const facility = await createFacility(db, { agencyId, name: "Maple Grove" });
  return db
    .insertInto("tours")
    .values(
      Array.from({ length: count }, (_, i) => ({
        agency_id: agencyId,
        client_id: clientId,
        facility_id: facility.id,
        scheduled_at: new Date(Date.now() - (i - scheduled + 1) * 7 * 86_400_000),
        outcome: i < scheduled ? "Scheduled" : "Completed",
        outcome_at: i < scheduled ? null : new Date(Date.now() - (i - scheduled + 1) * 7 * 86_400_000),
        created_by: user.id,
      })),
    )
    .returning(["id", "scheduled_at"])
    .execute();
}

describe("a client with a long history", () => {
  it("shows the newest 20 entries of the timeline, and each older page by its URL", async () => {
    const client = await createClient(db, { agencyId });
    await notes(client.id, 45);
    const first = (await page(client.id)).timeline;
    expect(first).toMatchObject({ page: 1, totalPages: 3, total: 45, kind: "" });
    expect(first.counts.note).toBe(45);
    expect(first.entries.map((e: Json) => e.detail)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${i + 1}`));
    const oldest = (await page(client.id, "?page=3")).timeline;
    expect(oldest.entries.map((e: Json) => e.detail)).toEqual(["Note 41", "Note 42", "Note 43", "Note 44", "Note 45"]);
    // Past the last page: no entries, and the counts still there (the card links back to the newest).
    const beyond = (await page(client.id, "?page=9")).timeline;
    expect(beyond.entries).toEqual([]);
    expect(beyond).toMatchObject({ total: 45, counts: { note: 45, task: 0 } });
  });

  it("sends only what the timeline card shows: what, the text, who by name, when, and where it links", async () => {
    const client = await createClient(db, { agencyId });
    await notes(client.id, 1);
    const task = await createTask(db, {
      agencyId,
      client_id: client.id,
      title: "Call the family",
      assigned_to: user.id,
    });
    const { entries } = (await page(client.id)).timeline;
    expect(entries).toHaveLength(2);
    expect(Object.keys(entries[0]).sort()).toEqual(["at", "detail", "href", "kind", "title", "when", "who"]);
    expect(entries.find((e: Json) => e.kind === "task")).toMatchObject({
      title: "Task created: Call the family",
      href: `/tasks/${task.id}`,
    });
    expect(entries.find((e: Json) => e.kind === "note")).toMatchObject({ who: "Dana Ruiz", href: null });
  });

  it("shows the latest 3 tours, and all of them at ?tours=all", async () => {
    const client = await createClient(db, { agencyId });
    const made = await tours(client.id, 8, 1);
    const latest = (await page(client.id)).tours;
    expect(latest).toMatchObject({ moreTours: true, allTours: false });
    expect(latest.tours.map((t: Json) => t.id)).toEqual(made.slice(0, 3).map((t) => t.id));
    // What the card shows of a tour, no more.
    expect(Object.keys(latest.tours[0]).sort()).toEqual(
      [
        "facility",
        "familyAttendees",
        "id",
        "notes",
        "outcome",
        "outcomeNotes",
        "scheduledAt",
        "staff",
        "version",
      ].sort(),
    );
    const all = (await page(client.id, "?tours=all")).tours;
    expect(all).toMatchObject({ moreTours: false, allTours: true });
    expect(all.tours).toHaveLength(8);
    // A client with few tours: all of them, no link.
    const other = await createClient(db, { agencyId });
    await tours(other.id, 3, 1);
    expect((await page(other.id)).tours).toMatchObject({ moreTours: false, allTours: false });
  });

  it("records an outcome from all the tours and comes back to them, at the tour", async () => {
    const client = await createClient(db, { agencyId });
    const made = await tours(client.id, 6, 0);
    const oldest = made[5];
    const fields = { section: "tour-outcome", tourId: oldest.id, outcome: "Cancelled", version: "1" };
    const fromAll = await post(`/clients/${client.id}?tours=all&outcome=${oldest.id}`, client.id, fields);
    expect(fromAll.status).toBe(302);
    expect(fromAll.headers.get("Location")).toBe(`/clients/${client.id}?tours=all#tour-${oldest.id}`);
    const latest = made[0];
    const fromLatest = await post(`/clients/${client.id}?outcome=${latest.id}`, client.id, {
      ...fields,
      tourId: latest.id,
    });
    expect(fromLatest.headers.get("Location")).toBe(`/clients/${client.id}#tour-${latest.id}`);
    const all = (await page(client.id, "?tours=all")).tours.tours as Json[];
    expect(all.map((t) => t.outcome)).toEqual([
      "Cancelled",
      "Completed",
      "Completed",
      "Completed",
      "Completed",
      "Cancelled",
    ]);
  });

  it("shows the first 10 tasks, open ones first (soonest due), then the completed ones (latest due first)", async () => {
    const client = await createClient(db, { agencyId });
    const task = (title: string, due: number, done: boolean) =>
      createTask(db, {
        agencyId,
        client_id: client.id,
        title,
        due_date: isoDate(due),
        is_completed: done,
        completed_at: done ? new Date() : null,
        assigned_to: user.id,
      });
    await task("Open later", 5, false);
    await task("Open soon", 1, false);
    for (let i = 1; i <= 10; i++) await task(`Done ${i}`, -i, true);
    const data = await page(client.id);
    expect(data.moreTasks).toBe(true);
    expect(data.tasks.map((t: Json) => t.title)).toEqual([
      "Open soon",
      "Open later",
      ...Array.from({ length: 8 }, (_, i) => `Done ${i + 1}`),
    ]);
    expect(Object.keys(data.tasks[0]).sort()).toEqual(["dueDate", "id", "isCompleted", "priority", "stage", "title"]);
    const few = await createClient(db, { agencyId });
    await createTask(db, { agencyId, client_id: few.id, assigned_to: user.id });
    expect((await page(few.id)).moreTasks).toBe(false);
  });
});

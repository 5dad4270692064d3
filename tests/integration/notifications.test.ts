// Notifications (the bell, /notifications): what needs a person, for that person only and within
// their agency; read marks per person (one, all; computed ones come back the next day while they
// still hold); a task moved on the board by someone else is stored for its assignee.
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { countUnreadNotifications, listNotifications } from "~/models/notifications.server";
import { moveTask } from "~/models/swim-lanes.server";
import { loader as appLoader } from "~/routes/_app";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/_app.notifications";
import { action as preferencesAction, loader as preferencesLoader } from "~/routes/_app.preferences";
import { addDays } from "~/utils/days";
import type { Database } from "~/utils/db-types";
import type { Role } from "~/utils/vocabulary";
import { type Json, type SignedIn, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createAgency, createFacility, createPlacement, createTask, isoDate, nextId } from "../support/factories";
import { args, formPost, get, settle } from "../support/http";

const db = testDb();
const today = isoDate(0);

/** A document row as an upload leaves it, about `related`, expiring on `expires`. */
export async function insertDocument(
  db: Kysely<Database>,
  agencyId: string,
  values: {
    uploadedBy: string;
    related: ["Client" | "Facility" | "Placement" | "Task", string];
    expires: string | null;
    accessLevel?: "public" | "internal" | "restricted";
    category?: string;
  },
): Promise<string> {
  const n = nextId();
  const row = await db
    .insertInto("resources")
    .values({
      agency_id: agencyId,
      original_name: `Document ${n}.pdf`,
      file_name: `doc-${n}.pdf`,
      mime_type: "application/pdf",
      size_bytes: 100,
      category: values.category ?? "Licenses",
      access_level: values.accessLevel ?? "internal",
      related_type: values.related[0],
      related_id: values.related[1],
      expiration_date: values.expires,
      uploaded_by: values.uploadedBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const ctxOf = (who: SignedIn, role: Role) => ({ userId: who.user.id, agencyId: who.user.agency_id, role });
const keysOf = async (who: SignedIn, role: Role, day = today) =>
  (await listNotifications(db, ctxOf(who, role), day)).map((item) => item.key).sort();

let agencyId: string;
let me: SignedIn;
let other: SignedIn;
let coordinator: SignedIn;

beforeEach(async () => {
  await resetDb(db);
  // UTC: the agency's day is the tests' isoDate(0).
  agencyId = (await createAgency(db, { time_zone: "UTC" })).id;
  me = await signInUser(db, agencyId, { first_name: "Mia", last_name: "Agent" });
  other = await signInUser(db, agencyId, { first_name: "Omar", last_name: "Agent" });
  coordinator = await signInUser(db, agencyId, { role: "coordinator", first_name: "Cora", last_name: "Lead" });
});

describe("what needs a person", () => {
  it("lists each kind for the right person only, within the agency", async () => {
    const task = (assigned_to: string, days: number, extra: object = {}) =>
      createTask(db, { agencyId, assigned_to, due_date: isoDate(days), ...extra });
    const overdue = await task(me.user.id, -3);
    const dueToday = await task(me.user.id, 0);
    await task(me.user.id, 1); // tomorrow: not yet
    await task(me.user.id, -2, { is_completed: true, completed_at: new Date() }); // done
    const othersOverdue = await task(other.user.id, -1);

    const placement = (values: object) => createPlacement(db, { agencyId, agent_id: other.user.id, ...values });
    const mineMovingIn = await placement({ agent_id: me.user.id, move_in_date: isoDate(2) });
    const madeByMe = await placement({ created_by: me.user.id, move_in_date: isoDate(0), status: "Confirmed" });
    await placement({ agent_id: me.user.id, move_in_date: isoDate(8) }); // next week
    await placement({ agent_id: me.user.id, move_in_date: isoDate(1), status: "Cancelled" });
    const othersMoveIn = await placement({ move_in_date: isoDate(1) });

    const doc = (values: Parameters<typeof insertDocument>[2]) => insertDocument(db, agencyId, values);
    const uploaded = await doc({
      uploadedBy: me.user.id,
      related: ["Client", othersMoveIn.client_id],
      expires: isoDate(20),
    });
    const ofMyPlacement = await doc({
      uploadedBy: other.user.id,
      related: ["Placement", mineMovingIn.id],
      expires: isoDate(5),
    });
    await doc({ uploadedBy: me.user.id, related: ["Client", othersMoveIn.client_id], expires: isoDate(40) }); // later
    await doc({ uploadedBy: me.user.id, related: ["Client", othersMoveIn.client_id], expires: isoDate(-1) }); // expired
    const facility = await createFacility(db, { agencyId });
    const licence = await doc({ uploadedBy: other.user.id, related: ["Facility", facility.id], expires: isoDate(10) });
    const restricted = await doc({
      uploadedBy: coordinator.user.id,
      related: ["Placement", mineMovingIn.id],
      expires: isoDate(3),
      accessLevel: "restricted",
    });

    // Someone else moves my task: I am told. Moves of one's own task tell no one.
    const moved = await moveTask(db, ctxOf(coordinator, "coordinator"), overdue.id, "Active Client", "New Client");
    expect(moved.ok).toBe(true);
    await moveTask(db, ctxOf(other, "agent"), othersOverdue.id, "Target", "New Client");
    await moveTask(db, ctxOf(me, "agent"), dueToday.id, "Target", "New Client");
    const stored = await db.selectFrom("notifications").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: me.user.id, task_id: overdue.id, actor_id: coordinator.user.id });

    // Another agency's look-alikes never show.
    const elsewhere = await createAgency(db, { time_zone: "UTC" });
    const stranger = await signInUser(db, elsewhere.id);
    await createTask(db, { agencyId: elsewhere.id, assigned_to: stranger.user.id, due_date: isoDate(-1) });

    const mine = await listNotifications(db, ctxOf(me, "agent"), today);
    expect(mine.map((item) => item.key).sort()).toEqual(
      [
        `task:${overdue.id}`,
        `task:${dueToday.id}`,
        `moved:${stored[0].id}`,
        `move-in:${mineMovingIn.id}`,
        `move-in:${madeByMe.id}`,
        `document:${uploaded}`,
        `document:${ofMyPlacement}`,
      ].sort(),
    );
    const byKey = new Map(mine.map((item) => [item.key, item]));
    expect(byKey.get(`task:${overdue.id}`)).toMatchObject({
      kind: "task-overdue",
      label: "Overdue task",
      href: `/tasks/${overdue.id}`,
      read: false,
    });
    expect(byKey.get(`task:${overdue.id}`)?.detail).toMatch(/\(3 days ago\)$/);
    expect(byKey.get(`task:${dueToday.id}`)).toMatchObject({ kind: "task-due", detail: "Due today" });
    expect(byKey.get(`moved:${stored[0].id}`)).toMatchObject({
      kind: "task-moved",
      detail: "Cora Lead moved it from New Client to Active Client",
    });
    expect(byKey.get(`document:${ofMyPlacement}`)).toMatchObject({ detail: "Expires in 5 days" });
    expect(byKey.get(`move-in:${mineMovingIn.id}`)?.href).toBe(`/placements/${mineMovingIn.id}`);

    // The other agent sees their own; the coordinator, who keeps the directory, the licence and the restricted one.
    expect(await keysOf(other, "agent")).toEqual(
      [
        `task:${othersOverdue.id}`,
        `move-in:${othersMoveIn.id}`,
        // Made by me, with them as its agent: theirs too.
        `move-in:${madeByMe.id}`,
        // Uploaded by them; about the client of their open placement.
        `document:${licence}`,
        `document:${ofMyPlacement}`,
        `document:${uploaded}`,
      ].sort(),
    );
    expect(await keysOf(coordinator, "coordinator")).toEqual([`document:${licence}`, `document:${restricted}`].sort());
    expect(await keysOf(stranger, "agent")).toHaveLength(1);
  });

  it("the bell counts the unread; the page lists them, and only the unread when asked", async () => {
    const overdue = await createTask(db, {
      agencyId,
      assigned_to: me.user.id,
      due_date: isoDate(-1),
      title: "Call the family",
    });
    await createTask(db, { agencyId, assigned_to: me.user.id, due_date: isoDate(0) });
    const shell = async () => (await (await settle(appLoader(args(get("/dashboard", me.cookie))))).json()) as Json;
    // Every page counts them; none lists them (the bell's menu loads the unread page when opened).
    expect((await shell()).bell).toEqual({ unread: 2 });

    await settle(
      notificationsAction(args(formPost("/notifications", { intent: "read", key: `task:${overdue.id}` }, me.cookie))),
    );
    const all = (await (await settle(notificationsLoader(args(get("/notifications", me.cookie))))).json()) as Json;
    expect(all).toMatchObject({ total: 2, unread: 1, filters: { show: "" } });
    const unread = (await (
      await settle(notificationsLoader(args(get("/notifications?show=unread", me.cookie))))
    ).json()) as Json;
    expect(unread).toMatchObject({ total: 1, unread: 1, filters: { show: "unread" } });
    expect(unread.notifications.map((item: Json) => item.key)).not.toContain(`task:${overdue.id}`);
    expect((await shell()).bell).toEqual({ unread: 1 });
  });
});

describe("read marks", () => {
  it("are per person: one marked, then all; computed ones come back the next day, stored ones stay read", async () => {
    const facility = await createFacility(db, { agencyId });
    // Uploaded by me about a facility: mine (the uploader) and the coordinator's (the directory).
    const licence = await insertDocument(db, agencyId, {
      uploadedBy: me.user.id,
      related: ["Facility", facility.id],
      expires: isoDate(20),
    });
    const task = await createTask(db, { agencyId, assigned_to: me.user.id, due_date: isoDate(-1) });
    await moveTask(db, ctxOf(coordinator, "coordinator"), task.id, "Target", "New Client");

    const answer = await settle(
      notificationsAction(
        args(
          formPost(
            "/notifications",
            { intent: "read", key: `document:${licence}`, redirectTo: "/tasks?page=2" },
            me.cookie,
          ),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/tasks?page=2");
    // The bell's count (one statement) agrees with the list, whatever is read.
    const unreadOf = async (who: SignedIn, role: Role, day = today) => {
      const keys = (await listNotifications(db, ctxOf(who, role), day))
        .filter((item) => !item.read)
        .map((item) => item.key);
      expect(await countUnreadNotifications(db, ctxOf(who, role), day)).toBe(keys.length);
      return keys;
    };
    expect(await unreadOf(me, "agent")).not.toContain(`document:${licence}`);
    expect(await unreadOf(coordinator, "coordinator")).toEqual([`document:${licence}`]);

    // Another site is never where the form sends the browser.
    const all = await settle(
      notificationsAction(
        args(formPost("/notifications", { intent: "read-all", redirectTo: "//evil.example" }, me.cookie)),
      ),
    );
    expect(all.headers.get("Location")).toBe("/notifications");
    expect(all.headers.get("Set-Cookie")).toContain("__toast");
    expect(await unreadOf(me, "agent")).toEqual([]);
    expect(await unreadOf(coordinator, "coordinator")).toEqual([`document:${licence}`]);

    // Tomorrow: the task is still overdue and the licence still expiring; the move was read for good.
    const tomorrow = addDays(today, 1);
    expect((await unreadOf(me, "agent", tomorrow)).sort()).toEqual([`document:${licence}`, `task:${task.id}`].sort());
  });

  it("a key that names nothing of theirs changes nothing", async () => {
    const task = await createTask(db, { agencyId, assigned_to: other.user.id, due_date: isoDate(-1) });
    await moveTask(db, ctxOf(coordinator, "coordinator"), task.id, "Target", "New Client");
    const [stored] = await db.selectFrom("notifications").select("id").execute();
    // Someone else's stored notification: not theirs to read.
    await settle(
      notificationsAction(args(formPost("/notifications", { intent: "read", key: `moved:${stored.id}` }, me.cookie))),
    );
    expect(await db.selectFrom("notifications").select("read_at").executeTakeFirst()).toEqual({ read_at: null });
    const bad = await settle(
      notificationsAction(args(formPost("/notifications", { intent: "read", key: "nope" }, me.cookie))),
    );
    expect(bad.headers.get("Location")).toBe("/notifications");
    expect(await db.selectFrom("notification_reads").selectAll().execute()).toEqual([]);
  });
});

describe("the daily digest preference", () => {
  it("is on by default and turned off by unticking it", async () => {
    const load = async () =>
      ((await (await settle(preferencesLoader(args(get("/preferences", me.cookie))))).json()) as Json).preferences;
    expect(await load()).toEqual({ landingPage: "/dashboard", dailyDigest: true });
    const saved = await settle(preferencesAction(args(formPost("/preferences", { landingPage: "/tasks" }, me.cookie))));
    expect(saved.status).toBe(302);
    expect(await load()).toEqual({ landingPage: "/tasks", dailyDigest: false });
    await settle(
      preferencesAction(args(formPost("/preferences", { landingPage: "/tasks", dailyDigest: "on" }, me.cookie))),
    );
    expect(await load()).toEqual({ landingPage: "/tasks", dailyDigest: true });
  });
});

// The task form (docs/screens.md, "Task form"): its screens' loaders and actions called as a
// browser without JavaScript calls them. Every message of spec 002 §5, the checklist's steps
// (lines added, an item removed, nothing saved meanwhile) and its items trimmed, the related
// client kept whatever the type and chosen from a client's page, references of
// another agency refused by field, the toasts, and another agency's task unseen.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agencyDay } from "~/models/agency.server";
import { loader as editLoader, action as editAction } from "~/routes/_app.tasks.$id.edit";
import { loader as newLoader, action as newAction } from "~/routes/_app.tasks.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.tasks.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.tasks._index";
import { takeToast } from "~/services/session.server";
import { TASK_TYPES } from "~/utils/vocabulary";
import { apiClient, type Json, signInNewAgency } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createTask, createUser, type TestUser } from "../support/factories";
import { taskFormFields } from "../support/form-fields";
import { args, cookiesFrom, formPost, get, settle } from "../support/http";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

const api = apiClient(
  { collection: { loader: listLoader, action: createAction }, item: { loader: itemLoader, action: itemAction } },
  () => token,
);

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
});

const form = (overrides: Record<string, string> = {}) => taskFormFields(user.id, overrides);

/** Posts the new-task form (or, with `id`, the edit form) and reads the answer. */
async function post(fields: Record<string, string>, id?: string) {
  const response = await settle(
    id === undefined
      ? newAction(args(formPost("/tasks/new", fields, cookie)))
      : editAction(args(formPost(`/tasks/${id}/edit`, fields, cookie), { id })),
  );
  const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as Json) : null;
  return { status: response.status, location: response.headers.get("Location"), body, response };
}

/** The toast the page redirected to shows. */
async function toastAfter(response: Response) {
  return (await takeToast(get(response.headers.get("Location") ?? "/", cookiesFrom(response)))).toast;
}

const tasks = () => db.selectFrom("tasks").select(["id", "title", "type", "client_id"]).orderBy("created_at").execute();

const itemsOf = (taskId: string) =>
  db
    .selectFrom("task_checklist_items")
    .select(["text", "is_completed"])
    .where("task_id", "=", taskId)
    .orderBy("position")
    .execute()
    .then((rows) => rows.map((r) => [r.text, r.is_completed]));

describe("the messages", () => {
  it("an empty form: every required field's message of spec 002 §5, from the server, nothing saved", async () => {
    const empty = Object.fromEntries(Object.keys(form()).map((k) => [k, k === "intent" ? "enter" : ""]));
    const { status, body } = await post(empty);
    expect(status).toBe(400);
    expect(body?.result.error).toEqual({
      title: ["Title is required"],
      type: ["Type is required"],
      priority: ["Priority is required"],
      status: ["Status is required"],
      dueDate: ["Due date is required"],
      assignedTo: ["Assignee is required"],
    });
    expect(await tasks()).toEqual([]);
  });

  it("a title of spaces is no title; what was typed comes back", async () => {
    const { status, body } = await post(form({ title: "   ", estimatedHours: "1.5", "checklist[0].item": "Call" }));
    expect(status).toBe(400);
    expect(body?.result.error).toEqual({ title: ["Title is required"] });
    expect(body?.result.initialValue).toMatchObject({ estimatedHours: "1.5", checklist: [{ item: "Call" }] });
  });

  it("an unexpected failure keeps the form with 'Failed to save task'", async () => {
    await sql`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(db);
    await sql`CREATE TRIGGER test_refuse BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION test_refuse()`.execute(
      db,
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, body } = await post(form({ title: "Boom" }));
    expect(status).toBe(500);
    expect(body?.result.error).toEqual({ "": ["Failed to save task"] });
    expect(body?.result.initialValue).toMatchObject({ title: "Boom" });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await sql`DROP TRIGGER IF EXISTS test_refuse ON tasks`.execute(db);
    await sql`DROP FUNCTION IF EXISTS test_refuse()`.execute(db);
  });
});

describe("the checklist", () => {
  it("without JavaScript, Add to checklist appends the lines, trimmed, empty ones dropped, nothing saved", async () => {
    const { status, body } = await post(
      form({
        intent: "add-items",
        "checklist[0].item": "Call back",
        "checklist[0].completed": "on",
        newItems: " Send brochure \r\n\r\n   \nAsk about Medicare\n",
      }),
    );
    expect(status).toBe(200);
    const echoed = body?.result.initialValue;
    expect(echoed.checklist).toEqual([
      { item: "Call back", completed: "on" },
      { item: "Send brochure" },
      { item: "Ask about Medicare" },
    ]);
    // The box is emptied, the rest of the form is as typed, and no message is shown for a step.
    expect(echoed.newItems).toBeUndefined();
    expect(echoed.title).toBe("Call the daughter back");
    expect(body?.result.error).toEqual({});
    expect(await tasks()).toEqual([]);
  });

  it("without JavaScript, an item's Remove sends the form back without it, the others' boxes kept", async () => {
    const { status, body } = await post(
      form({
        intent: "remove-item:1",
        title: "",
        "checklist[0].item": "Call back",
        "checklist[0].completed": "on",
        "checklist[1].item": "Send brochure",
        "checklist[2].item": "Ask about Medicare",
        "checklist[2].completed": "on",
      }),
    );
    expect(status).toBe(200);
    // An empty title is not complained about yet: the step checks nothing.
    expect(body?.result.error).toEqual({});
    expect(body?.result.initialValue.checklist).toEqual([
      { item: "Call back", completed: "on" },
      { item: "Ask about Medicare", completed: "on" },
    ]);
    expect(await tasks()).toEqual([]);
  });

  it("saved: items trimmed, empty ones dropped, the lines still in the box added, the boxes kept", async () => {
    const { location } = await post(
      form({
        "checklist[0].item": "  Call back  ",
        "checklist[0].completed": "on",
        "checklist[1].item": "   ",
        "checklist[2].item": "Send brochure",
        newItems: "Ask about Medicare\n\n",
      }),
    );
    const [task] = await tasks();
    expect(location).toBe(`/tasks/${task.id}`);
    expect(await itemsOf(task.id)).toEqual([
      ["Call back", true],
      ["Send brochure", false],
      ["Ask about Medicare", false],
    ]);
  });

  it("the API still refuses the form's own fields", async () => {
    for (const name of ["newItems", "intent", "clientSearch"]) {
      const { status, json } = await api("/api/tasks", {
        body: {
          title: "Call",
          type: "Other",
          priority: "Medium",
          status: "New Client",
          dueDate: "2026-12-01",
          assignedTo: user.id,
          [name]: "x",
        },
      });
      expect(status, name).toBe(400);
      expect(json.errors, name).toEqual([{ path: name, msg: `Unknown field: ${name}` }]);
    }
  });
});

describe("the related client", () => {
  it("kept whatever the task's type", async () => {
    // Before, only four types kept it: the others dropped the chosen client (issue 31).
    const client = await createClient(db, { agencyId: user.agency_id });
    for (const type of TASK_TYPES) {
      expect((await post(form({ title: type, type, clientId: client.id }))).location).toMatch(
        /^\/tasks\/[0-9a-f-]{36}$/,
      );
    }
    expect((await tasks()).map((t) => [t.type, t.client_id])).toEqual(TASK_TYPES.map((type) => [type, client.id]));
  });

  it("from a client's page (?clientId=) the client comes chosen, for an Initial Contact; else the defaults", async () => {
    const client = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
    const { today } = await agencyDay(db, { userId: user.id, agencyId: user.agency_id });
    const load = async (query: string) =>
      (await (await settle(newLoader(args(get(`/tasks/new${query}`, cookie))))).json()) as Json;

    const chosen = await load(`?clientId=${client.id}`);
    expect(chosen.defaultValue).toEqual({
      type: "Initial Contact",
      clientId: client.id,
      priority: "Medium",
      status: "New Client",
      dueDate: today,
      assignedTo: user.id,
    });
    expect(chosen.options.clients.map((c: Json) => c.id)).toContain(client.id);

    const defaults = { type: "Other", clientId: "", priority: "Medium", status: "New Client", assignedTo: user.id };
    expect((await load("")).defaultValue).toMatchObject(defaults);
    // Another agency's client, or no uuid at all, is not chosen.
    const stranger = await createClient(db, { agencyId: (await createAgency(db)).id });
    expect((await load(`?clientId=${stranger.id}`)).defaultValue).toMatchObject(defaults);
    expect((await load("?clientId=nope")).defaultValue).toMatchObject(defaults);
  });

  it("without JavaScript, the picker's search step offers the matches and saves nothing", async () => {
    await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
    await createClient(db, { agencyId: user.agency_id, first_name: "Walter", last_name: "Brennan" });
    const { status, body } = await post(form({ type: "Assessment", clientSearch: "adler", title: "Kept" }));
    expect(status).toBe(200);
    expect(body?.options.clients.map((c: Json) => c.label)).toEqual(["Ruth Adler"]);
    expect(body?.options.searched.client).toMatchObject({ term: "adler", total: 1 });
    expect(body?.result.initialValue).toMatchObject({ title: "Kept", type: "Assessment" });
    expect(await tasks()).toEqual([]);
  });

  it("a client or an assignee of another agency comes back as field errors, nothing saved", async () => {
    const other = await createAgency(db);
    const theirClient = await createClient(db, { agencyId: other.id });
    const stranger = await createUser(db, { agencyId: other.id });
    const { status, body } = await post(
      form({ type: "Assessment", clientId: theirClient.id, assignedTo: stranger.id, "checklist[0].item": "Call" }),
    );
    expect(status).toBe(400);
    // Messages of their fields, as the form shows them by the picker and the select and in its banner.
    expect(body?.result.error).toEqual({ clientId: ["Client not found"], assignedTo: ["Assignee not found"] });
    expect(body?.result.initialValue).toMatchObject({ title: "Call the daughter back", checklist: [{ item: "Call" }] });
    expect(body?.options.assignees.map((a: Json) => a.id)).toEqual([user.id]);
    expect(await tasks()).toEqual([]);
  });
});

describe("saving", () => {
  it("a new task opens on its own page with 'Task created successfully'", async () => {
    const { location, response } = await post(form({ title: "Tour Maple Grove", estimatedHours: "2.5" }));
    const [created] = await tasks();
    expect(location).toBe(`/tasks/${created.id}`);
    expect(await toastAfter(response)).toMatchObject({ type: "success", title: "Task created successfully" });
    const saved = await db
      .selectFrom("tasks")
      .select(["title", "type", "priority", "stage", "due_date", "assigned_to", "estimated_hours", "created_by"])
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      title: "Tour Maple Grove",
      type: "Other",
      priority: "Medium",
      stage: "New Client",
      assigned_to: user.id,
      estimated_hours: "2.5",
      created_by: user.id,
    });
  });

  it("an edit starts from the stored task and goes to /tasks with 'Task updated successfully'", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    const task = await createTask(db, {
      agencyId: user.agency_id,
      assigned_to: user.id,
      title: "Tour Maple Grove",
      type: "Facility Visit",
      client_id: client.id,
      priority: "High",
      stage: "Target",
      due_date: "2026-12-03",
      estimated_hours: "1.5",
    });
    await db
      .insertInto("task_checklist_items")
      .values([
        { agency_id: user.agency_id, task_id: task.id, text: "Book the tour", is_completed: true, position: 0 },
        { agency_id: user.agency_id, task_id: task.id, text: "Bring the brochure", is_completed: false, position: 1 },
      ])
      .execute();
    const loaded = (await (
      await settle(editLoader(args(get(`/tasks/${task.id}/edit`, cookie), { id: task.id })))
    ).json()) as Json;
    expect(loaded.defaultValue).toEqual({
      title: "Tour Maple Grove",
      description: "",
      type: "Facility Visit",
      estimatedHours: "1.5",
      clientId: client.id,
      placementId: "",
      checklist: [
        { item: "Book the tour", completed: "on" },
        { item: "Bring the brochure", completed: "" },
      ],
      priority: "High",
      status: "Target",
      dueDate: "2026-12-03",
      assignedTo: user.id,
      version: "1",
    });

    const { location, response } = await post(
      form({
        title: "Tour Maple Grove again",
        type: "Facility Visit",
        clientId: client.id,
        priority: "High",
        status: "Target",
        "checklist[0].item": "Book the tour",
        "checklist[0].completed": "on",
        newItems: "Ask about respite stays",
      }),
      task.id,
    );
    expect(location).toBe("/tasks");
    expect(await toastAfter(response)).toMatchObject({ type: "success", title: "Task updated successfully" });
    expect(await tasks()).toEqual([
      { id: task.id, title: "Tour Maple Grove again", type: "Facility Visit", client_id: client.id },
    ]);
    expect(await itemsOf(task.id)).toEqual([
      ["Book the tour", true],
      ["Ask about respite stays", false],
    ]);
  });

  it("another agency's task, or an unknown one, is a 404 to edit and stays as it was", async () => {
    const other = await createAgency(db);
    const theirs = await createTask(db, { agencyId: other.id, title: "Theirs" });
    for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
      const loaded = await settle(editLoader(args(get(`/tasks/${id}/edit`, cookie), { id })));
      expect(loaded.status).toBe(404);
      expect(await loaded.text()).toBe("Failed to fetch task details");
      const posted = await post(form({ title: "Mine now" }), id);
      expect(posted.status).toBe(404);
    }
    expect(await db.selectFrom("tasks").select("title").execute()).toEqual([{ title: "Theirs" }]);
  });
});

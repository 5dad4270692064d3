// Tasks belong to placements (issue 35; docs/screens.md, "Placement detail" and "Task form";
// docs/data-model.md, "Tasks of a placement's checklist"): the task form's placement (screen and
// API) refused from another client or agency, the placement page's Tasks card, a checklist step
// made a task, and the two ticked together both ways, each change audited once.
import { beforeEach, describe, expect, it } from "vitest";
import { action as placementAction, loader as placementLoader } from "~/routes/_app.placements.$id._index";
import { action as editPlacementAction } from "~/routes/_app.placements.$id.edit";
import { action as taskPageAction } from "~/routes/_app.tasks.$id._index";
import { action as editTaskAction } from "~/routes/_app.tasks.$id.edit";
import { action as newTaskAction, loader as newTaskLoader } from "~/routes/_app.tasks.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.tasks.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.tasks._index";
import { takeToast } from "~/services/session.server";
import { apiClient, type Json, signInNewAgency, signInUser } from "../support/api";
import { placementFormFields } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createPlacement, createTask, type TestUser } from "../support/factories";
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

/** A placement of the signed-in user's agency, with its client. */
async function placementOf(overrides: Omit<Parameters<typeof createPlacement>[1], "agencyId" | "agency_id"> = {}) {
  return createPlacement(db, { agencyId: user.agency_id, agent_id: user.id, ...overrides });
}

async function read(response: Response) {
  const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as Json) : null;
  return { status: response.status, location: response.headers.get("Location"), body, response };
}

const toastAfter = async (response: Response) =>
  (await takeToast(get(response.headers.get("Location") ?? "/", cookiesFrom(response)))).toast;

/** Posts one of the placement page's forms. */
const postPlacement = async (id: string, fields: Record<string, string>, as = cookie) =>
  read(await settle(placementAction(args(formPost(`/placements/${id}`, fields, as), { id }))));

const makeTask = (id: string, step: string, overrides: Record<string, string> = {}, as = cookie) =>
  postPlacement(id, { intent: "make-task", step, assignedTo: user.id, dueDate: "2026-12-20", ...overrides }, as);

const tick = (id: string, step: string, done: boolean) =>
  postPlacement(id, { intent: "tick-step", step, done: String(done) });

const taskPage = async (id: string, fields: Record<string, string>) =>
  read(await settle(taskPageAction(args(formPost(`/tasks/${id}`, fields, cookie), { id }))));

const placementRow = (id: string) =>
  db.selectFrom("placements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const taskRow = (id: string) => db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const stepTask = (placementId: string) =>
  db.selectFrom("tasks").selectAll().where("placement_id", "=", placementId).executeTakeFirstOrThrow();

/** The audit entries of a record, oldest first, as action and the fields they name. */
const auditOf = (id: string) =>
  db
    .selectFrom("audit_events")
    .select(["action", "entity_type", "details"])
    .where("entity_id", "=", id)
    .orderBy("created_at")
    .orderBy("id")
    .execute()
    .then((rows) => rows.map((r) => [r.entity_type, r.action, (r.details as { fields?: string[] }).fields ?? null]));

const timelineOf = (id: string) =>
  db
    .selectFrom("placement_events")
    .select(["event", "description"])
    .where("placement_id", "=", id)
    .orderBy("occurred_at")
    .execute()
    .then((rows) => rows.map((r) => [r.event, r.description]));

describe("the task form's placement", () => {
  const post = async (fields: Record<string, string>) =>
    read(await settle(newTaskAction(args(formPost("/tasks/new", fields, cookie)))));

  it("a placement of the chosen client is saved; from the placement's page the form comes filled in and returns there", async () => {
    const placement = await placementOf();
    const url = `/tasks/new?clientId=${placement.client_id}&placementId=${placement.id}`;
    const loaded = (await (await settle(newTaskLoader(args(get(url, cookie))))).json()) as Json;
    expect(loaded.defaultValue).toMatchObject({ clientId: placement.client_id, placementId: placement.id });
    expect(loaded.returnTo).toBe(`/placements/${placement.id}`);
    expect(loaded.options.placements.map((p: Json) => p.id)).toEqual([placement.id]);

    const fields = { clientId: placement.client_id, placementId: placement.id, returnTo: loaded.returnTo };
    const saved = await post(taskFormFields(user.id, fields));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/placements/${placement.id}`);
    expect(await toastAfter(saved.response)).toMatchObject({ title: "Task created successfully" });
    expect(await stepTask(placement.id)).toMatchObject({
      client_id: placement.client_id,
      title: "Call the daughter back",
    });
  });

  it("a returnTo that is not a placement's page is ignored: on to the new task, as any new task", async () => {
    const placement = await placementOf();
    const fields = { clientId: placement.client_id, placementId: placement.id, returnTo: "https://evil.example/x" };
    const saved = await post(taskFormFields(user.id, fields));
    const [task] = await db.selectFrom("tasks").select("id").execute();
    expect(saved.location).toBe(`/tasks/${task.id}`);
  });

  it("a placement of another client is refused under its field, nothing saved", async () => {
    const placement = await placementOf();
    const other = await createClient(db, { agencyId: user.agency_id });
    const { status, body } = await post(taskFormFields(user.id, { clientId: other.id, placementId: placement.id }));
    expect(status).toBe(400);
    expect(body?.result.error).toEqual({ placementId: ["Placement must be one of the related client's placements"] });
    expect(await db.selectFrom("tasks").select("id").execute()).toEqual([]);
  });

  it("a placement of another agency is refused as not found", async () => {
    const theirs = await createPlacement(db, { agencyId: (await createAgency(db)).id });
    const client = await createClient(db, { agencyId: user.agency_id });
    const { status, body } = await post(taskFormFields(user.id, { clientId: client.id, placementId: theirs.id }));
    expect(status).toBe(400);
    expect(body?.result.error).toEqual({ placementId: ["Placement not found"] });
  });

  it("the client may be of any status, and its placements are offered after the search step without JavaScript", async () => {
    const client = await createClient(db, { agencyId: user.agency_id, tracker_status: "Follow-up" });
    const placement = await placementOf({ client_id: client.id });
    const step = await post(taskFormFields(user.id, { clientId: client.id, intent: "search" }));
    expect(step.status).toBe(200);
    expect(step.body?.options.clients.map((c: Json) => c.id)).toContain(client.id);
    expect(step.body?.options.placementsOf).toBe(client.id);
    expect(step.body?.options.placements.map((p: Json) => p.id)).toEqual([placement.id]);
  });
});

describe("the API's placementId", () => {
  const body = (overrides: Json) => ({
    title: "Collect the deposit",
    type: "Other",
    priority: "Medium",
    status: "New Client",
    dueDate: "2026-12-20",
    assignedTo: user.id,
    ...overrides,
  });

  it("is taken and answered populated, on create, read and update", async () => {
    const placement = await placementOf();
    const created = await api("/api/tasks", {
      body: body({ clientId: placement.client_id, placementId: placement.id }),
    });
    expect(created.status).toBe(201);
    const id = created.json.data.task._id;
    expect(created.json.data.task.placementId).toMatchObject({ _id: placement.id, checklistItem: null });
    const shown = await api(`/api/tasks/${id}`, {}, id);
    expect(shown.json.data.task.placementId._id).toBe(placement.id);
    const cleared = await api(`/api/tasks/${id}`, { method: "PUT", body: body({ placementId: null }) }, id);
    expect(cleared.status).toBe(200);
    expect(cleared.json.data.task.placementId).toBeNull();
  });

  it("refuses a placement of another client or of another agency, naming the field", async () => {
    const placement = await placementOf();
    const other = await createClient(db, { agencyId: user.agency_id });
    const theirs = await createPlacement(db, { agencyId: (await createAgency(db)).id });
    const wrongClient = await api("/api/tasks", { body: body({ clientId: other.id, placementId: placement.id }) });
    expect(wrongClient.status).toBe(400);
    expect(wrongClient.json.errors).toEqual([
      { path: "placementId", msg: "Placement must be one of the related client's placements" },
    ]);
    const wrongAgency = await api("/api/tasks", { body: body({ clientId: other.id, placementId: theirs.id }) });
    expect(wrongAgency.status).toBe(400);
    expect(wrongAgency.json.errors).toEqual([{ path: "placementId", msg: "Placement not found" }]);
    expect(await db.selectFrom("tasks").select("id").execute()).toEqual([]);
  });
});

describe("the placement page", () => {
  const load = async (id: string) =>
    (await (await settle(placementLoader(args(get(`/placements/${id}`, cookie), { id })))).json()) as Json;

  it("lists the placement's tasks, open ones first by due date, with their assignee; none says so", async () => {
    const placement = await placementOf();
    expect((await load(placement.id)).tasks.tasks).toEqual([]);
    const base = { agencyId: user.agency_id, assigned_to: user.id, client_id: placement.client_id };
    await createTask(db, { ...base, title: "Done one", placement_id: placement.id, is_completed: true });
    await createTask(db, { ...base, title: "Later", placement_id: placement.id, due_date: "2026-12-30" });
    await createTask(db, { ...base, title: "Sooner", placement_id: placement.id, due_date: "2026-12-10" });
    await createTask(db, { ...base, title: "Not this placement's" });
    const { tasks } = (await load(placement.id)).tasks;
    expect(tasks.map((t: Json) => [t.title, t.isCompleted])).toEqual([
      ["Sooner", false],
      ["Later", false],
      ["Done one", true],
    ]);
    expect(tasks[0].assignee).toMatchObject({ firstName: "Dana", lastName: "Morgan" });
  });

  it("makes a task of an unticked step: titled for it, of the placement and its client, linked, audited once", async () => {
    const placement = await placementOf({ priority: "High" });
    const made = await makeTask(placement.id, "contractSigned");
    expect(made.status).toBe(302);
    expect(made.location).toBe(`/placements/${placement.id}`);
    expect(await toastAfter(made.response)).toMatchObject({ title: "Task created from the checklist" });
    const task = await stepTask(placement.id);
    expect(task).toMatchObject({
      title: "Sign the contract",
      type: "Contract Review",
      priority: "High",
      client_id: placement.client_id,
      placement_checklist_item: "contractSigned",
      assigned_to: user.id,
      due_date: "2026-12-20",
      is_completed: false,
    });
    expect(await auditOf(task.id)).toEqual([["task", "create", null]]);
    expect((await load(placement.id)).tasks.tasks[0]).toMatchObject({ placementStep: "contractSigned" });
  });

  it("refuses a second task of a step, a step done already, and an agent's task for someone else", async () => {
    const placement = await placementOf({ deposit_paid: true });
    await makeTask(placement.id, "contractSigned");
    const again = await makeTask(placement.id, "contractSigned");
    expect(again.status).toBe(400);
    expect(again.body?.stepTask).toMatchObject({
      step: "contractSigned",
      errors: { step: "This step already has a task." },
    });
    const done = await makeTask(placement.id, "depositPaid");
    expect(done.body?.stepTask.errors).toEqual({ step: "This step is done already." });
    const blank = await makeTask(placement.id, "familyNotified", { dueDate: "" });
    expect(blank.body?.stepTask.errors).toEqual({ dueDate: "Due date is required" });
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    const forOthers = await makeTask(placement.id, "familyNotified", {}, agent.cookie);
    expect(forOthers.status).toBe(403);
    expect(forOthers.body?.stepTask.errors).toEqual({
      assignedTo: "Only a coordinator or an admin can assign tasks to others.",
    });
    expect(await db.selectFrom("tasks").select("id").execute()).toHaveLength(1);
  });

  it("another agency's placement is not found", async () => {
    const theirs = await createPlacement(db, { agencyId: (await createAgency(db)).id });
    expect((await makeTask(theirs.id, "contractSigned")).status).toBe(404);
    expect((await tick(theirs.id, "contractSigned", true)).status).toBe(404);
    expect((await placementRow(theirs.id)).contract_signed).toBe(false);
  });
});

describe("ticking one ticks the other", () => {
  async function linked() {
    const placement = await placementOf();
    await makeTask(placement.id, "insuranceVerified");
    const task = await stepTask(placement.id);
    return { placement, task };
  }

  it("completing the task ticks the step (dated, on the timeline); reopening it unticks it; each audited once", async () => {
    const { placement, task } = await linked();
    const before = await placementRow(placement.id);
    const completed = await taskPage(task.id, { intent: "complete" });
    expect(completed.status).toBe(302);
    const ticked = await placementRow(placement.id);
    expect(ticked.insurance_verified).toBe(true);
    expect(ticked.insurance_verified_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ticked.version).toBe(before.version + 1);
    expect(await timelineOf(placement.id)).toContainEqual([
      "Insurance verified",
      "Task completed: Verify the insurance",
    ]);

    await taskPage(task.id, { intent: "reopen" });
    expect(await placementRow(placement.id)).toMatchObject({
      insurance_verified: false,
      insurance_verified_date: null,
    });
    expect(await timelineOf(placement.id)).toContainEqual([
      "Insurance Verified undone",
      "Task reopened: Verify the insurance",
    ]);

    const fields = ["insurance_verified", "insurance_verified_date"];
    expect(await auditOf(placement.id)).toEqual([
      ["placement", "update", fields],
      ["placement", "update", fields],
    ]);
    expect(await auditOf(task.id)).toEqual([
      ["task", "create", null],
      ["task", "update", ["completed_at", "is_completed"]],
      ["task", "update", ["completed_at", "is_completed"]],
    ]);
  });

  it("ticking the step on the placement's page completes the task; unticking it reopens the task", async () => {
    const { placement, task } = await linked();
    const ticked = await tick(placement.id, "insuranceVerified", true);
    expect(ticked.status).toBe(302);
    expect(await toastAfter(ticked.response)).toMatchObject({ title: "Checklist updated" });
    expect(await taskRow(task.id)).toMatchObject({ is_completed: true });
    expect((await taskRow(task.id)).completed_at).not.toBeNull();

    await tick(placement.id, "insuranceVerified", false);
    expect(await taskRow(task.id)).toMatchObject({ is_completed: false, completed_at: null });
    expect(await auditOf(task.id)).toEqual([
      ["task", "create", null],
      ["task", "update", ["completed_at", "is_completed"]],
      ["task", "update", ["completed_at", "is_completed"]],
    ]);
    expect((await auditOf(placement.id)).length).toBe(2);
  });

  it("a step ticked on the placement form completes its task; other steps' changes leave it", async () => {
    const { placement, task } = await linked();
    const chosen = { clientId: placement.client_id, facilityId: placement.facility_id, agentId: placement.agent_id };
    const { version } = await placementRow(placement.id);
    const edit = (overrides: Record<string, string>, v: number) =>
      settle(
        editPlacementAction(
          args(
            formPost(
              `/placements/${placement.id}/edit`,
              placementFormFields(chosen, { version: String(v), ...overrides }),
              cookie,
            ),
            { id: placement.id },
          ),
        ),
      );
    expect((await edit({ contractSigned: "on", contractSignedDate: "2026-12-01" }, version)).status).toBe(302);
    expect(await taskRow(task.id)).toMatchObject({ is_completed: false });
    const next = (await placementRow(placement.id)).version;
    const saved = await edit({ insuranceVerified: "on", insuranceVerifiedDate: "2026-12-02" }, next);
    expect(saved.status).toBe(302);
    expect(await taskRow(task.id)).toMatchObject({ is_completed: true });
  });

  it("the API's isCompleted ticks the step too, and a task moved to another placement leaves its step", async () => {
    const { placement, task } = await linked();
    const body = {
      title: "Verify the insurance",
      type: "Insurance Verification",
      priority: "Medium",
      status: "New Client",
      dueDate: "2026-12-20",
      assignedTo: user.id,
      isCompleted: true,
    };
    const done = await api(`/api/tasks/${task.id}`, { method: "PUT", body }, task.id);
    expect(done.status).toBe(200);
    expect(done.json.data.task.placementId.checklistItem).toBe("insuranceVerified");
    expect((await placementRow(placement.id)).insurance_verified).toBe(true);

    const other = await placementOf({ client_id: placement.client_id });
    const moved = await api(
      `/api/tasks/${task.id}`,
      { method: "PUT", body: { ...body, placementId: other.id } },
      task.id,
    );
    expect(moved.status).toBe(200);
    expect(await taskRow(task.id)).toMatchObject({ placement_id: other.id, placement_checklist_item: null });
    await api(`/api/tasks/${task.id}`, { method: "PUT", body: { ...body, isCompleted: false } }, task.id);
    expect((await placementRow(placement.id)).insurance_verified).toBe(true);
  });

  it("a task edited on its form keeps its step", async () => {
    const { placement, task } = await linked();
    const fields = taskFormFields(user.id, {
      title: "Verify the insurance (Medicare)",
      clientId: placement.client_id,
      placementId: placement.id,
      version: String(task.version),
    });
    const saved = await settle(
      editTaskAction(args(formPost(`/tasks/${task.id}/edit`, fields, cookie), { id: task.id })),
    );
    expect(saved.status).toBe(302);
    expect(await taskRow(task.id)).toMatchObject({ placement_checklist_item: "insuranceVerified" });
  });

  it("deleting the placement keeps the task, without its placement or step", async () => {
    const { placement, task } = await linked();
    await db.deleteFrom("placements").where("id", "=", placement.id).execute();
    expect(await taskRow(task.id)).toMatchObject({ placement_id: null, placement_checklist_item: null });
  });
});

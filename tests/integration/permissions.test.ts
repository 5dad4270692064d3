import { beforeEach, describe, expect, it } from "vitest";
import { action as deleteClientAction, loader as deleteClientPage } from "~/routes/_app.clients.$id.delete";
import { action as deleteFacilityAction, loader as deleteFacilityPage } from "~/routes/_app.facilities.$id.delete";
import { action as deletePlacementAction, loader as deletePlacementPage } from "~/routes/_app.placements.$id.delete";
import { action as clientApi } from "~/routes/api.clients.$id";
import { action as facilityApi } from "~/routes/api.facilities.$id";
import { action as placementApi } from "~/routes/api.placements.$id";
import { action as newTaskAction, loader as newTaskPage } from "~/routes/_app.tasks.new";
import { action as taskApi } from "~/routes/api.tasks.$id";
import { action as tasksApi } from "~/routes/api.tasks._index";
import { loader as exportClients } from "~/routes/clients.export";
import { loader as exportFacilities } from "~/routes/facilities.export";
import { loader as exportResources } from "~/routes/resources.export";
import { PERMISSION_MESSAGES } from "~/utils/permissions";
import { signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createTask } from "../support/factories";
import { taskFormFields } from "../support/form-fields";
import { apiRequest, args, formPost, get, settle } from "../support/http";

// DESIGN.md §12 on the server: an agent's delete of a client, facility or placement and its
// exports are refused (403) on the screens and in the API, and change nothing; a coordinator's and
// an admin's go through. The table itself: tests/unit/permissions.test.ts.

const db = testDb();
let agencyId: string;
let coordinator: SignedIn;
let agent: SignedIn;
let admin: SignedIn;

beforeEach(async () => {
  await resetDb();
  coordinator = await signInNewAgency(db);
  agencyId = coordinator.user.agency_id;
  agent = await signInUser(db, agencyId);
  admin = await signInUser(db, agencyId, { role: "admin" });
});

type Handler = (a: ReturnType<typeof args>) => unknown;

const KINDS = [
  {
    table: "clients",
    page: deleteClientPage as Handler,
    action: deleteClientAction as Handler,
    api: clientApi as Handler,
    create: async () => (await createClient(db, { agencyId })).id,
  },
  {
    table: "facilities",
    page: deleteFacilityPage as Handler,
    action: deleteFacilityAction as Handler,
    api: facilityApi as Handler,
    create: async () => (await createFacility(db, { agencyId })).id,
  },
  {
    table: "placements",
    page: deletePlacementPage as Handler,
    action: deletePlacementAction as Handler,
    api: placementApi as Handler,
    create: async () => (await createPlacement(db, { agencyId })).id,
  },
] as const;

const exists = async (table: (typeof KINDS)[number]["table"], id: string) =>
  Boolean(await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst());

describe("deleting clients, facilities and placements", () => {
  for (const kind of KINDS) {
    it(`an agent is refused on ${kind.table}' delete page, its form and the API; nothing is deleted`, async () => {
      const id = await kind.create();
      const page = await settle(kind.page(args(get(`/${kind.table}/${id}/delete`, agent.cookie), { id })));
      expect(page.status).toBe(403);
      expect(await page.text()).toBe(PERMISSION_MESSAGES["records.delete"]);

      const posted = await settle(kind.action(args(formPost(`/${kind.table}/${id}/delete`, {}, agent.cookie), { id })));
      expect(posted.status).toBe(403);

      const api = await settle(
        kind.api(args(apiRequest(`/api/${kind.table}/${id}`, { method: "DELETE", token: agent.token }), { id })),
      );
      expect(api.status).toBe(403);
      expect(await api.json()).toEqual({ success: false, message: PERMISSION_MESSAGES["records.delete"] });
      expect(await exists(kind.table, id)).toBe(true);
    });

    it(`a coordinator deletes on ${kind.table}' form, an admin through the API`, async () => {
      const first = await kind.create();
      const page = await settle(
        kind.page(args(get(`/${kind.table}/${first}/delete`, coordinator.cookie), { id: first })),
      );
      expect(page.status).toBe(200);
      const posted = await settle(
        kind.action(args(formPost(`/${kind.table}/${first}/delete`, {}, coordinator.cookie), { id: first })),
      );
      expect(posted.status).toBe(302);
      expect(await exists(kind.table, first)).toBe(false);

      const second = await kind.create();
      const api = await settle(
        kind.api(
          args(apiRequest(`/api/${kind.table}/${second}`, { method: "DELETE", token: admin.token }), { id: second }),
        ),
      );
      expect(api.status).toBe(200);
      expect(await exists(kind.table, second)).toBe(false);
    });
  }

  it("an agent may still mark a facility inactive (the delete page's other choice)", async () => {
    const id = (await createFacility(db, { agencyId })).id;
    const posted = await settle(
      deleteFacilityAction(args(formPost(`/facilities/${id}/delete`, { intent: "deactivate" }, agent.cookie), { id })),
    );
    expect(posted.status).toBe(302);
    const row = await db.selectFrom("facilities").select("is_active").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(false);
  });
});

describe("exports", () => {
  const EXPORTS = [
    ["clients", exportClients],
    ["facilities", exportFacilities],
    ["resources", exportResources],
  ] as const;

  for (const [name, loader] of EXPORTS) {
    it(`/${name}/export: 403 for an agent, a CSV for a coordinator and an admin`, async () => {
      const refused = await settle(loader(args(get(`/${name}/export`, agent.cookie))));
      expect(refused.status).toBe(403);
      expect(await refused.text()).toBe(PERMISSION_MESSAGES["lists.export"]);
      for (const user of [coordinator, admin]) {
        const answer = await settle(loader(args(get(`/${name}/export`, user.cookie))));
        expect(answer.status).toBe(200);
        expect(answer.headers.get("Content-Type")).toMatch(/^text\/csv/);
        await answer.text();
      }
    });
  }
});

describe("assigning tasks", () => {
  const body = (assignedTo: string, version?: number) => ({
    title: "Call the daughter back",
    type: "Other",
    priority: "Medium",
    status: "New Client",
    dueDate: "2026-12-01",
    assignedTo,
    ...(version === undefined ? {} : { version }),
  });
  const post = (user: SignedIn, assignedTo: string) =>
    settle(tasksApi(args(apiRequest("/api/tasks", { token: user.token, body: body(assignedTo) }))));
  const put = async (user: SignedIn, id: string, assignedTo: string) => {
    const { version } = await db.selectFrom("tasks").select("version").where("id", "=", id).executeTakeFirstOrThrow();
    return settle(
      taskApi(
        args(apiRequest(`/api/tasks/${id}`, { method: "PUT", token: user.token, body: body(assignedTo, version) }), {
          id,
        }),
      ),
    );
  };
  const assigneeOf = async (id: string) =>
    (await db.selectFrom("tasks").select("assigned_to").where("id", "=", id).executeTakeFirstOrThrow()).assigned_to;

  it("an agent creates tasks for themselves only; a coordinator for anyone", async () => {
    expect((await post(agent, agent.user.id)).status).toBe(201);
    const refused = await post(agent, coordinator.user.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: PERMISSION_MESSAGES["tasks.assignOthers"] });
    expect((await post(coordinator, agent.user.id)).status).toBe(201);
    const tasks = await db.selectFrom("tasks").select("assigned_to").where("agency_id", "=", agencyId).execute();
    expect(tasks.map((t) => t.assigned_to)).toEqual([agent.user.id, agent.user.id]);
  });

  it("an agent edits someone else's task but cannot hand it to a third person; a coordinator can", async () => {
    const other = await signInUser(db, agencyId);
    const task = await createTask(db, { agencyId, assigned_to: coordinator.user.id });
    expect((await put(agent, task.id, coordinator.user.id)).status).toBe(200);
    expect((await put(agent, task.id, other.user.id)).status).toBe(403);
    expect(await assigneeOf(task.id)).toBe(coordinator.user.id);
    expect((await put(coordinator, task.id, other.user.id)).status).toBe(200);
    expect(await assigneeOf(task.id)).toBe(other.user.id);
  });

  it("the task form offers an agent only themselves, and says why next to the field when sent another", async () => {
    const page = await settle(newTaskPage(args(get("/tasks/new", agent.cookie))));
    const { options } = (await page.json()) as { options: { assignees: { id: string }[] } };
    expect(options.assignees.map((a) => a.id)).toEqual([agent.user.id]);
    const coordinatorsPage = await settle(newTaskPage(args(get("/tasks/new", coordinator.cookie))));
    const all = ((await coordinatorsPage.json()) as { options: { assignees: unknown[] } }).options.assignees;
    expect(all).toHaveLength(3);

    const refused = await settle(
      newTaskAction(args(formPost("/tasks/new", taskFormFields(admin.user.id), agent.cookie))),
    );
    expect(refused.status).toBe(403);
    const reply = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error.assignedTo).toEqual([PERMISSION_MESSAGES["tasks.assignOthers"]]);
    expect(await db.selectFrom("tasks").select("id").where("agency_id", "=", agencyId).execute()).toEqual([]);
  });
});

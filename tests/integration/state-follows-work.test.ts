import { beforeEach, describe, expect, it } from "vitest";
import { getFacilityDashboard } from "~/models/facilities.server";
import { DUPLICATE_OPEN_PLACEMENT, facilityFullMessage } from "~/models/follow-work.server";
import { matchClient } from "~/models/matching.server";
import { createPlacement, deletePlacement, updatePlacement } from "~/models/placements.server";
import { moveTask } from "~/models/swim-lanes.server";
import { createTask, deleteTask, setTaskCompleted, updateTask } from "~/models/tasks/writes.server";
import { loader as clientPageLoader } from "~/routes/_app.clients.$id._index";
import { action as editAction } from "~/routes/_app.placements.$id.edit";
import { action as newAction } from "~/routes/_app.placements.new";
import { loader as boardLoader } from "~/routes/_app.swim-lanes";
import { loader as matchesLoader } from "~/routes/api.clients.$id_.matches";
import { loader as itemLoader, action as itemAction } from "~/routes/api.placements.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.placements._index";
import { PlacementSchema } from "~/schemas/placement";
import { TaskSchema } from "~/schemas/task";
import type { ClientStatus, PlacementStatus } from "~/utils/vocabulary";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, type TestUser } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";
import { placementFormFields } from "../support/api-bodies";

// docs/data-model.md, "How a client's status follows the work": the client's status, the
// facilities' beds and the one open placement per client and facility, after every write.

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

const ctx = () => ({ userId: user.id, agencyId: user.agency_id, role: "coordinator" as const });

const api = apiClient(
  { collection: { loader: listLoader, action: createAction }, item: { loader: itemLoader, action: itemAction } },
  () => token,
);

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
});

const placementInput = (
  clientId: string,
  facilityId: string,
  status: PlacementStatus,
  more: { endDate?: string; moveInDate?: string; version?: number } = {},
) => PlacementSchema.parse({ clientId, facilityId, status, priority: "Medium", startDate: "2026-12-01", ...more });

const taskInput = (clientId: string, stage: ClientStatus, more: { isCompleted?: boolean } = {}) =>
  TaskSchema.parse({
    title: `Work at ${stage}`,
    type: "Other",
    priority: "Medium",
    status: stage,
    dueDate: "2026-12-20",
    assignedTo: user.id,
    clientId,
    ...more,
  });

async function placed(clientId: string, facilityId: string, status: PlacementStatus, more = {}) {
  const result = await createPlacement(db, ctx(), placementInput(clientId, facilityId, status, more));
  if (!result.ok) throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.id;
}

async function changePlacement(id: string, clientId: string, facilityId: string, status: PlacementStatus, more = {}) {
  const result = await updatePlacement(db, ctx(), id, placementInput(clientId, facilityId, status, more));
  if (!result.ok) throw new Error(`not updated: ${JSON.stringify(result)}`);
}

async function task(clientId: string, stage: ClientStatus, more: { isCompleted?: boolean } = {}) {
  const result = await createTask(db, ctx(), taskInput(clientId, stage, more));
  if (!result.ok) throw new Error(`task not created: ${JSON.stringify(result)}`);
  return result.id;
}

const statusOf = async (clientId: string) =>
  (await db.selectFrom("clients").select("tracker_status").where("id", "=", clientId).executeTakeFirstOrThrow())
    .tracker_status;

const occupancyOf = async (facilityId: string) =>
  (await db.selectFrom("facilities").select("current_occupancy").where("id", "=", facilityId).executeTakeFirstOrThrow())
    .current_occupancy;

interface World {
  client: string;
  other: string;
  a: string;
  b: string;
  /** What `given` made, by name. */
  made: Record<string, string>;
}

interface Row {
  start: ClientStatus;
  given?: (w: World) => Promise<void>;
  event: string;
  run: (w: World) => Promise<unknown>;
  expected: ClientStatus;
}

/** The rule table of docs/data-model.md, row by row: starting status and work, one write, the status after. */
const RULES: Row[] = [
  // Placements move the client forward.
  {
    start: "New Client",
    event: "an In Progress placement is created",
    run: (w) => placed(w.client, w.a, "In Progress"),
    expected: "Active Client",
  },
  {
    start: "New Client",
    event: "a Confirmed placement is created",
    run: (w) => placed(w.client, w.a, "Confirmed"),
    expected: "Target",
  },
  {
    start: "Active Client",
    event: "a Completed (moved-in) placement is created",
    run: (w) => placed(w.client, w.a, "Completed"),
    expected: "Placed",
  },
  {
    start: "Active Client",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "In Progress")),
    event: "its placement is confirmed",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Confirmed"),
    expected: "Target",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Confirmed")),
    event: "its placement is completed (moved in)",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Completed", { moveInDate: "2026-12-05" }),
    expected: "Placed",
  },
  // Never backwards on its own.
  {
    start: "Follow-up",
    event: "a Completed placement is created",
    run: (w) => placed(w.client, w.a, "Completed"),
    expected: "Follow-up",
  },
  {
    start: "Placed",
    event: "an In Progress placement is created",
    run: (w) => placed(w.client, w.a, "In Progress"),
    expected: "Placed",
  },
  {
    start: "Placed",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Completed")),
    event: "the resident moves out (end date)",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Completed", { endDate: "2027-01-10" }),
    expected: "Placed",
  },
  // …but for the last live placement ending.
  {
    start: "Target",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Confirmed")),
    event: "its only open placement is cancelled",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Cancelled", { endDate: "2026-12-03" }),
    expected: "Active Client",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Confirmed")),
    event: "its only open placement is deleted",
    run: (w) => deletePlacement(db, ctx(), w.made.p),
    expected: "Active Client",
  },
  {
    start: "Placed",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Completed")),
    event: "its moved-in placement is cancelled",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Cancelled", { endDate: "2026-12-03" }),
    expected: "Active Client",
  },
  {
    start: "Target",
    given: async (w) => {
      w.made.p = await placed(w.client, w.a, "Confirmed");
      await task(w.client, "Target");
    },
    event: "its only open placement is cancelled, an open task is at Target",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Cancelled"),
    expected: "Target",
  },
  {
    start: "Target",
    given: async (w) => {
      w.made.p = await placed(w.client, w.a, "Confirmed");
      await placed(w.client, w.b, "In Progress");
    },
    event: "one of two open placements is cancelled",
    run: (w) => changePlacement(w.made.p, w.client, w.a, "Cancelled"),
    expected: "Target",
  },
  {
    start: "Placed",
    given: async (w) => {
      await placed(w.client, w.a, "Completed");
      w.made.p = await placed(w.client, w.b, "In Progress");
    },
    event: "an open placement is cancelled while another is moved in",
    run: (w) => changePlacement(w.made.p, w.client, w.b, "Cancelled"),
    expected: "Placed",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.p = await placed(w.client, w.a, "Confirmed")),
    event: "its only placement is given to another client",
    run: (w) => changePlacement(w.made.p, w.other, w.a, "Confirmed"),
    expected: "Active Client",
  },
  // Tasks move the client forward, to the furthest stage of their open tasks.
  {
    start: "New Client",
    event: "a task is created at Target",
    run: (w) => task(w.client, "Target"),
    expected: "Target",
  },
  {
    start: "New Client",
    given: async (w) => void (w.made.t = await task(w.client, "New Client")),
    event: "its task is moved on the board to Target",
    run: (w) => moveTask(db, ctx(), w.made.t, "Target", "New Client"),
    expected: "Target",
  },
  {
    start: "Active Client",
    given: async (w) => void (w.made.t = await task(w.client, "Active Client")),
    event: "its task is edited to Follow-up",
    run: (w) => updateTask(db, ctx(), w.made.t, taskInput(w.client, "Follow-up")),
    expected: "Follow-up",
  },
  {
    start: "New Client",
    given: async (w) => void (w.made.t = await task(w.client, "Placed", { isCompleted: true })),
    event: "its completed task at Placed is reopened",
    run: (w) => setTaskCompleted(db, ctx(), w.made.t, false),
    expected: "Placed",
  },
  {
    start: "Active Client",
    event: "a completed task is created at Placed",
    run: (w) => task(w.client, "Placed", { isCompleted: true }),
    expected: "Active Client",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.t = await task(w.client, "Target")),
    event: "its task is moved back to New Client",
    run: (w) => moveTask(db, ctx(), w.made.t, "New Client", "Target"),
    expected: "Target",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.t = await task(w.client, "Target")),
    event: "its task is completed",
    run: (w) => setTaskCompleted(db, ctx(), w.made.t, true),
    expected: "Target",
  },
  {
    start: "Target",
    given: async (w) => void (w.made.t = await task(w.client, "Target")),
    event: "its task is deleted",
    run: (w) => deleteTask(db, ctx(), w.made.t),
    expected: "Target",
  },
];

describe("a client's status follows the work", () => {
  it.each(RULES)("$start + $event → $expected", async (row) => {
    const agencyId = user.agency_id;
    const w: World = {
      client: (await createClient(db, { agencyId, first_name: "Margaret", last_name: "Hale" })).id,
      other: (await createClient(db, { agencyId })).id,
      a: (await createFacility(db, { agencyId, name: "Maple House" })).id,
      b: (await createFacility(db, { agencyId, name: "Oak House" })).id,
      made: {},
    };
    await row.given?.(w);
    await db.updateTable("clients").set({ tracker_status: row.start }).where("id", "=", w.client).execute();
    await row.run(w);
    expect(await statusOf(w.client)).toBe(row.expected);
  });

  it("is changed as the writer's change: counted in the client's version and audited", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    const facility = await createFacility(db, { agencyId: user.agency_id });
    await placed(client.id, facility.id, "Confirmed");
    const after = await db.selectFrom("clients").selectAll().where("id", "=", client.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ tracker_status: "Target", version: client.version + 1, updated_by: user.id });
    const entries = await db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("entity_type", "=", "client")
      .where("entity_id", "=", client.id)
      .execute();
    expect(entries).toEqual([{ action: "update", details: { fields: ["tracker_status"] } }]);
  });

  it("follows a board move made through the API too (PATCH /api/tasks/:id/status)", async () => {
    const { action: statusAction } = await import("~/routes/api.tasks.$id_.status");
    const client = await createClient(db, { agencyId: user.agency_id });
    const taskId = await task(client.id, "New Client");
    const request = apiRequest(`/api/tasks/${taskId}/status`, {
      token,
      method: "PATCH",
      body: { status: "Target", fromStatus: "New Client" },
    });
    expect((await settle(statusAction(args(request, { id: taskId })))).status).toBe(200);
    expect(await statusOf(client.id)).toBe("Target");
  });
});

describe("facility occupancy follows move-ins", () => {
  async function facilityWith(capacity: number, occupancy: number) {
    return (
      await createFacility(db, {
        agencyId: user.agency_id,
        name: "Maple House",
        capacity,
        current_occupancy: occupancy,
      })
    ).id;
  }

  it("a move-in takes a bed; a move-out, a cancellation after move-in and a delete give it back", async () => {
    const facility = await facilityWith(20, 5);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const p = await placed(client, facility, "Confirmed");
    expect(await occupancyOf(facility)).toBe(5);
    await changePlacement(p, client, facility, "Completed", { moveInDate: "2026-12-05" });
    expect(await occupancyOf(facility)).toBe(6);
    await changePlacement(p, client, facility, "Completed", { moveInDate: "2026-12-05" });
    expect(await occupancyOf(facility)).toBe(6);
    await changePlacement(p, client, facility, "Completed", { moveInDate: "2026-12-05", endDate: "2027-02-01" });
    expect(await occupancyOf(facility)).toBe(5);

    const q = await placed(client, facility, "Completed", { moveInDate: "2026-12-05" });
    expect(await occupancyOf(facility)).toBe(6);
    await changePlacement(q, client, facility, "Cancelled", { moveInDate: "2026-12-05", endDate: "2026-12-09" });
    expect(await occupancyOf(facility)).toBe(5);

    const r = await placed(client, facility, "Completed");
    expect(await occupancyOf(facility)).toBe(6);
    expect((await deletePlacement(db, ctx(), r)).ok).toBe(true);
    expect(await occupancyOf(facility)).toBe(5);
  });

  it("a moved-in placement changed to another facility moves the bed with it", async () => {
    const from = await facilityWith(20, 5);
    const to = await facilityWith(20, 7);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const p = await placed(client, from, "Completed");
    await changePlacement(p, client, to, "Completed");
    expect([await occupancyOf(from), await occupancyOf(to)]).toEqual([5, 8]);
  });

  it("never goes below 0: a bed given back to an empty facility leaves it at 0", async () => {
    const facility = await facilityWith(20, 0);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const p = await placed(client, facility, "Completed");
    expect(await occupancyOf(facility)).toBe(1);
    // Someone corrects the figure by hand meanwhile.
    await db.updateTable("facilities").set({ current_occupancy: 0 }).where("id", "=", facility).execute();
    await changePlacement(p, client, facility, "Cancelled");
    expect(await occupancyOf(facility)).toBe(0);
  });

  it("never goes above capacity: a move-in to a full facility is refused, nothing saved", async () => {
    const facility = await facilityWith(2, 2);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const refused = await createPlacement(db, ctx(), placementInput(client, facility, "Completed"));
    expect(refused).toEqual({
      ok: false,
      reason: "conflict",
      errors: [{ path: "facilityId", msg: facilityFullMessage("Maple House", 2) }],
    });
    expect(facilityFullMessage("Maple House", 2)).toBe(
      "Maple House has no bed free (2 of 2 taken). Correct its occupancy on its page, or choose another facility.",
    );
    expect(await occupancyOf(facility)).toBe(2);
    expect(await db.selectFrom("placements").select("id").execute()).toEqual([]);
    expect(await statusOf(client)).toBe("New Client");

    // An open placement there is fine (no bed yet); completing it is refused and leaves it as it was.
    const p = await placed(client, facility, "Confirmed");
    const completing = await updatePlacement(db, ctx(), p, placementInput(client, facility, "Completed"));
    expect(completing).toMatchObject({ ok: false, reason: "conflict" });
    expect(
      (await db.selectFrom("placements").select("status").where("id", "=", p).executeTakeFirstOrThrow()).status,
    ).toBe("Confirmed");
  });

  it("the dashboard's beds available follows (the running totals)", async () => {
    const facility = await facilityWith(20, 5);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const beds = async () => {
      const { occupancyStats } = await getFacilityDashboard(db, ctx());
      return occupancyStats.totalCapacity - occupancyStats.totalOccupied;
    };
    expect(await beds()).toBe(15);
    const p = await placed(client, facility, "Completed");
    expect(await beds()).toBe(14);
    await changePlacement(p, client, facility, "Completed", { endDate: "2027-01-01" });
    expect(await beds()).toBe(15);
  });

  it("the move-in through the placement form answers the full facility on the Facility field (409)", async () => {
    const facility = await facilityWith(1, 1);
    const client = (await createClient(db, { agencyId: user.agency_id })).id;
    const fields = placementFormFields(
      { clientId: client, facilityId: facility, agentId: user.id },
      { status: "Completed" },
    );
    const response = await settle(newAction(args(formPost("/placements/new", fields, cookie))));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).errors).toEqual([
      { path: "facilityId", msg: facilityFullMessage("Maple House", 1) },
    ]);
  });
});

describe("one open placement per client and facility", () => {
  async function pair() {
    const client = (await createClient(db, { agencyId: user.agency_id, first_name: "Margaret" })).id;
    const facility = (await createFacility(db, { agencyId: user.agency_id, name: "Maple House" })).id;
    return { client, facility };
  }

  it("the placement form refuses a second one with the message on Facility", async () => {
    const { client, facility } = await pair();
    await placed(client, facility, "In Progress");
    const fields = placementFormFields({ clientId: client, facilityId: facility, agentId: user.id });
    const response = await settle(newAction(args(formPost("/placements/new", fields, cookie))));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).errors).toEqual([{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }]);
    expect(await db.selectFrom("placements").select("id").execute()).toHaveLength(1);
  });

  it("the edit form refuses reopening a cancelled one beside an open one", async () => {
    const { client, facility } = await pair();
    await placed(client, facility, "In Progress");
    const cancelled = await placed(client, facility, "Cancelled");
    const fields = placementFormFields(
      { clientId: client, facilityId: facility, agentId: user.id },
      { status: "Confirmed" },
    );
    const response = await settle(
      editAction(args(formPost(`/placements/${cancelled}/edit`, fields, cookie), { id: cancelled })),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).errors).toEqual([{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }]);
  });

  it("the API answers 409 naming the field, on POST and on PUT", async () => {
    const { client, facility } = await pair();
    await placed(client, facility, "Confirmed");
    const body = {
      clientId: client,
      facilityId: facility,
      status: "in-progress",
      priority: "medium",
      startDate: "2026-12-01",
    };
    const created = await api("/api/placements", { method: "POST", body });
    expect(created.status).toBe(409);
    expect(created.json).toEqual({
      success: false,
      message: DUPLICATE_OPEN_PLACEMENT,
      errors: [{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }],
    });
    const done = await placed(client, facility, "Completed");
    const reopened = await api(
      `/api/placements/${done}`,
      { method: "PUT", body: { ...body, status: "Confirmed" } },
      done,
    );
    expect(reopened.status).toBe(409);
    expect(reopened.json.errors).toEqual([{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }]);
  });

  it("allows another at the same facility once the first is closed, and one at another facility", async () => {
    const { client, facility } = await pair();
    const first = await placed(client, facility, "In Progress");
    await changePlacement(first, client, facility, "Cancelled");
    await placed(client, facility, "In Progress");
    const other = (await createFacility(db, { agencyId: user.agency_id })).id;
    await placed(client, other, "In Progress");
    expect(await db.selectFrom("placements").select("id").execute()).toHaveLength(3);
  });

  it("two saves at the same moment: one is created, the other refused by the database", async () => {
    const { client, facility } = await pair();
    const input = placementInput(client, facility, "In Progress");
    const results = await Promise.all([createPlacement(db, ctx(), input), createPlacement(db, ctx(), input)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      reason: "conflict",
      errors: [{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }],
    });
    expect(await db.selectFrom("placements").select("id").execute()).toHaveLength(1);
  });

  it("the database refuses a second open one written past the models", async () => {
    const { client, facility } = await pair();
    const id = await placed(client, facility, "In Progress");
    const row = await db.selectFrom("placements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const { id: _id, search_names: _s, version: _v, ...copy } = row;
    await expect(db.insertInto("placements").values(copy).execute()).rejects.toThrow(
      /placements_one_open_per_client_facility/,
    );
  });
});

describe("matching marks the client's open placements", () => {
  async function matchable() {
    const client = (await createClient(db, { agencyId: user.agency_id, care_level: "assisted" })).id;
    const facility = (await createFacility(db, { agencyId: user.agency_id, name: "Maple House" })).id;
    return { client, facility };
  }

  it("the model, the API and the client page mark it and offer no second one there", async () => {
    const { client, facility } = await matchable();
    expect((await matchClient(db, ctx(), client))![0]).toMatchObject({ facilityId: facility, openPlacement: null });

    const p = await placed(client, facility, "In Progress");
    const marked = { facilityId: facility, openPlacement: { placementId: p, status: "In Progress" } };
    expect((await matchClient(db, ctx(), client))![0]).toMatchObject(marked);

    const request = apiRequest(`/api/clients/${client}/matches`, { token });
    const answer = await settle(matchesLoader(args(request, { id: client })));
    expect(((await answer.json()) as Json).data.matches[0]).toMatchObject(marked);

    const page = await settle(clientPageLoader(args(get(`/clients/${client}`, cookie), { id: client })));
    expect(((await page.json()) as Json).matches[0]).toMatchObject(marked);

    // Closed, it is offered again.
    await changePlacement(p, client, facility, "Cancelled");
    expect((await matchClient(db, ctx(), client))![0]).toMatchObject({ facilityId: facility, openPlacement: null });
  });
});

describe("Smart Matching", () => {
  it("skips placed and moved-in clients; suggests the others", async () => {
    const agencyId = user.agency_id;
    const facility = (await createFacility(db, { agencyId, name: "Maple House", capacity: 50, current_occupancy: 1 }))
      .id;
    const searching = (await createClient(db, { agencyId, first_name: "Sam", care_level: "assisted" })).id;
    const placedClient = (await createClient(db, { agencyId, first_name: "Ruth", care_level: "assisted" })).id;
    const movedIn = (await createClient(db, { agencyId, first_name: "Margaret", care_level: "assisted" })).id;
    await task(searching, "Active Client");
    await task(placedClient, "Active Client");
    await db.updateTable("clients").set({ tracker_status: "Placed" }).where("id", "=", placedClient).execute();
    await task(movedIn, "Active Client");
    await placed(movedIn, facility, "Completed");
    // Set back by hand: the moved-in placement still counts.
    await db.updateTable("clients").set({ tracker_status: "Active Client" }).where("id", "=", movedIn).execute();

    const response = await settle(boardLoader(args(get("/swim-lanes?view=matching", cookie))));
    const { suggestions } = (await response.json()) as Json;
    expect(suggestions.map((s: Json) => s.client.firstName)).toEqual(["Sam"]);
    expect(suggestions[0]).toMatchObject({ client: { id: searching }, match: { facilityId: facility } });
  });
});

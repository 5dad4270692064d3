import { beforeEach, describe, expect, it } from "vitest";
import * as clientItem from "~/routes/api.clients.$id";
import * as clientCollection from "~/routes/api.clients._index";
import * as facilityItem from "~/routes/api.facilities.$id";
import * as facilityCollection from "~/routes/api.facilities._index";
import * as placementItem from "~/routes/api.placements.$id";
import * as placementCollection from "~/routes/api.placements._index";
import * as taskItem from "~/routes/api.tasks.$id";
import * as taskCollection from "~/routes/api.tasks._index";
import { action as communicationsAction } from "~/routes/api.tasks.$id_.communications";
import { action as statusAction } from "~/routes/api.tasks.$id_.status";
import { addClientNote } from "~/models/clients.server";
import { createResource, deleteResource, updateResource } from "~/models/resources.server";
import { ResourceDetailsSchema } from "~/schemas/resource";
import type { AuditAction, AuditEntity } from "~/utils/vocabulary";
import { apiClient, type SignedIn, signInNewAgency, signInUser } from "../support/api";
import { validClientBody, validFacilityBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { apiRequest, args, settle } from "../support/http";

// Every create, update and delete of the records writes exactly one audit entry, in the
// transaction of the change, naming who, which agency, which record; an update names the fields
// it changed (never their values); a refused change writes none.

const db = testDb();
let coordinator: SignedIn;
let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  coordinator = await signInNewAgency(db, { role: "coordinator" });
  agencyId = coordinator.user.agency_id;
});

const token = () => coordinator.token;
const clients = apiClient({ collection: clientCollection, item: clientItem }, token);
const facilities = apiClient({ collection: facilityCollection, item: facilityItem }, token);
const placements = apiClient({ collection: placementCollection, item: placementItem }, token);
const tasks = apiClient({ collection: taskCollection, item: taskItem }, token);
const ctx = () => ({ userId: coordinator.user.id, agencyId, role: "coordinator" as const });

/** The entries written since the last call, besides sign-ins (each test's users sign in). */
let seen = 0;
async function newEntries() {
  const rows = await db
    .selectFrom("audit_events")
    .select(["action", "entity_type", "entity_id", "actor_id", "agency_id", "details", "ip"])
    .where("action", "not in", ["sign_in"])
    .orderBy("created_at")
    .execute();
  const fresh = rows.slice(seen);
  seen = rows.length;
  return fresh;
}
beforeEach(() => {
  seen = 0;
});

/** Exactly one new entry, of this action on this record, by the coordinator in their agency. */
async function expectOneEntry(action: AuditAction, entity: AuditEntity, id: string, details?: object) {
  const entries = await newEntries();
  expect(entries).toEqual([
    {
      action,
      entity_type: entity,
      entity_id: id,
      actor_id: coordinator.user.id,
      agency_id: agencyId,
      details: details ?? expect.anything(),
      ip: "203.0.113.7",
    },
  ]);
}

describe("clients", () => {
  it("create, update (the changed fields' names), note, delete: one entry each; refusals none", async () => {
    const created = await clients("/api/clients", { body: validClientBody() });
    const id = created.json.data.client._id;
    await expectOneEntry("create", "client", id);

    const body = { ...validClientBody(), phone: "(503) 555-0199", medicalNotes: "Needs a walker" };
    expect((await clients(`/api/clients/${id}`, { method: "PUT", body }, id)).status).toBe(200);
    await expectOneEntry("update", "client", id, { fields: ["medical_notes", "phone"] });

    // Refused: invalid, stale, another agency's: nothing written.
    expect((await clients(`/api/clients/${id}`, { method: "PUT", body: { ...body, email: "x" } }, id)).status).toBe(
      400,
    );
    const stale = { method: "PUT", body, headers: { "If-Match": '"1"' } };
    expect((await clients(`/api/clients/${id}`, stale, id)).status).toBe(412);
    const stranger = await signInNewAgency(db);
    const theirs = apiClient({ collection: clientCollection, item: clientItem }, () => stranger.token);
    expect((await theirs(`/api/clients/${id}`, { method: "DELETE" }, id)).status).toBe(404);
    expect(await newEntries()).toEqual([]);

    expect(await addClientNote(db, { ...ctx(), ip: "203.0.113.7" }, id, "Daughter called")).toBe(true);
    await expectOneEntry("note_add", "client", id);

    expect((await clients(`/api/clients/${id}`, { method: "DELETE" }, id)).status).toBe(200);
    await expectOneEntry("delete", "client", id, {});
  });
});

describe("facilities", () => {
  it("create, update, delete: one entry each", async () => {
    const created = await facilities("/api/facilities", { body: validFacilityBody() });
    const id = created.json.data.facility._id;
    await expectOneEntry("create", "facility", id);
    const body = { ...validFacilityBody(), capacity: 30 };
    expect((await facilities(`/api/facilities/${id}`, { method: "PUT", body }, id)).status).toBe(200);
    await expectOneEntry("update", "facility", id, { fields: ["capacity"] });
    expect((await facilities(`/api/facilities/${id}`, { method: "DELETE" }, id)).status).toBe(200);
    await expectOneEntry("delete", "facility", id, {});
  });
});

describe("placements and tasks", () => {
  it("a placement's create, update and delete; a task's create, move, communication, update and delete", async () => {
    const client = (await clients("/api/clients", { body: validClientBody() })).json.data.client._id;
    const facility = (await facilities("/api/facilities", { body: validFacilityBody() })).json.data.facility._id;
    await newEntries();

    const body = {
      clientId: client,
      facilityId: facility,
      status: "in-progress",
      priority: "high",
      startDate: "2026-12-01",
    };
    const placement = (await placements("/api/placements", { body })).json.data.placement._id;
    const [created, followed, ...more] = await newEntries();
    const who = { actor_id: coordinator.user.id, agency_id: agencyId, ip: "203.0.113.7" };
    expect(created).toMatchObject({ action: "create", entity_type: "placement", entity_id: placement, ...who });
    // Its client's status followed (New Client → Active Client): the same person's change.
    expect(followed).toMatchObject({
      action: "update",
      entity_type: "client",
      entity_id: client,
      details: { fields: ["tracker_status"] },
      ...who,
    });
    expect(more).toEqual([]);
    const put = { method: "PUT", body: { ...body, priority: "urgent" } };
    expect((await placements(`/api/placements/${placement}`, put, placement)).status).toBe(200);
    await expectOneEntry("update", "placement", placement, { fields: ["priority"] });

    const agent = await signInUser(db, agencyId);
    const taskBody = {
      title: "Call the daughter",
      type: "Other",
      priority: "Medium",
      status: "New Client",
      dueDate: "2026-12-01",
      assignedTo: agent.user.id,
    };
    const task = (await tasks("/api/tasks", { body: taskBody })).json.data.task._id;
    await expectOneEntry("create", "task", task);

    const move = apiRequest(`/api/tasks/${task}/status`, {
      method: "PATCH",
      token: token(),
      body: { status: "Placed" },
    });
    expect((await settle(statusAction(args(move, { id: task })))).status).toBe(200);
    await expectOneEntry("update", "task", task, { fields: ["position", "stage"] });

    const note = apiRequest(`/api/tasks/${task}/communications`, {
      token: token(),
      body: { type: "call", content: "Spoke with the daughter" },
    });
    const noted = await settle(communicationsAction(args(note, { id: task })));
    expect(noted.status).toBe(201);
    const [communication] = await newEntries();
    expect(communication).toMatchObject({ action: "create", entity_type: "communication", details: { task } });

    const retitled = { method: "PUT", body: { ...taskBody, status: "Placed", title: "Call Maria" } };
    expect((await tasks(`/api/tasks/${task}`, retitled, task)).status).toBe(200);
    await expectOneEntry("update", "task", task, { fields: ["title"] });

    expect((await tasks(`/api/tasks/${task}`, { method: "DELETE" }, task)).status).toBe(200);
    await expectOneEntry("delete", "task", task, {});
    expect((await placements(`/api/placements/${placement}`, { method: "DELETE" }, placement)).status).toBe(200);
    await expectOneEntry("delete", "placement", placement, {});
  });
});

describe("documents", () => {
  it("an upload, an edit of its details and a delete: one entry each", async () => {
    const client = (await clients("/api/clients", { body: validClientBody() })).json.data.client._id;
    await newEntries();
    const who = { ...ctx(), ip: "203.0.113.7" };
    const file = { key: "k1", originalName: "care-plan.pdf", mimeType: "application/pdf", sizeBytes: 10, metadata: {} };
    const details = ResourceDetailsSchema.parse({
      category: "Care Plans",
      accessLevel: "internal",
      relatedToType: "Client",
      relatedToId: client,
    });
    const created = await createResource(db, who, file, details);
    await expectOneEntry("create", "resource", created!.id);
    expect(await updateResource(db, who, created!.id, { ...details, description: "Signed" })).toEqual({ ok: true });
    await expectOneEntry("update", "resource", created!.id, { fields: ["description"] });
    expect(await deleteResource(db, who, created!.id)).toEqual({ keys: ["k1"] });
    await expectOneEntry("delete", "resource", created!.id, {});
  });
});

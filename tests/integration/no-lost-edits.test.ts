// No lost edits (DESIGN §7; docs/architecture.md, "A stale save is refused"; docs/api.md,
// "Versions"). Two people read the same version of a client, facility, placement, task and
// document, and both save, through the edit screen and through the API: the second save is
// refused (409 with what they typed and who changed it; 412 with the record as it is now) and
// both people's data is intact. Then the refused one saves again over the new version. Also the
// task of issue 31, which lost its client when its description was edited.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addClientNote } from "~/models/clients.server";
import { setFacilityActive } from "~/models/facilities.server";
import * as clientEdit from "~/routes/_app.clients.$id.edit";
import * as facilityEdit from "~/routes/_app.facilities.$id.edit";
import * as placementEdit from "~/routes/_app.placements.$id.edit";
import * as resourceEdit from "~/routes/_app.resources.$id.edit";
import * as taskEdit from "~/routes/_app.tasks.$id.edit";
import * as taskPage from "~/routes/_app.tasks.$id._index";
import * as clientApi from "~/routes/api.clients.$id";
import * as facilityApi from "~/routes/api.facilities.$id";
import * as placementApi from "~/routes/api.placements.$id";
import * as resourceApi from "~/routes/api.resources.$id";
import * as taskApi from "~/routes/api.tasks.$id";
import * as taskStatusApi from "~/routes/api.tasks.$id_.status";
import { localStorage, setFileStorage } from "~/utils/storage.server";
import { createApp } from "../../server/app";
import { placementFormFields, validClientBody, validFacilityBody } from "../support/api-bodies";
import { type Json, type SignedIn, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createTask } from "../support/factories";
import { clientFormFields, facilityFormFields, taskFormFields } from "../support/form-fields";
import { apiRequest, args, formPost, get, settle } from "../support/http";

const db = testDb();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "placement-versions-"));
  setFileStorage(localStorage(dir));
});
afterAll(async () => {
  setFileStorage(null);
  await rm(dir, { recursive: true, force: true });
});

/** Dana Ruiz saves first; Sam Lee read the same version and saves second. */
let dana: SignedIn;
let sam: SignedIn;
let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  dana = await signInNewAgency(db, { first_name: "Dana", last_name: "Ruiz" });
  agencyId = dana.user.agency_id;
  sam = await signInUser(db, agencyId, { role: "agent", first_name: "Sam", last_name: "Lee" });
});

type Handler = (a: ReturnType<typeof args>) => unknown;
type Route = { loader: Handler; action: Handler };

async function json(response: Response): Promise<Json> {
  return (await response.json()) as Json;
}

/** A form as a browser posts it: nested values with dots, lists repeated or indexed, empty ones left out. */
function formFields(value: Record<string, unknown>, prefix = ""): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(entry)) {
      entry.forEach((item, i) => {
        if (item && typeof item === "object") Object.assign(fields, formFields(item as never, `${name}[${i}]`));
        else if (item !== "") fields[`${name}[${i}]`] = String(item);
      });
    } else if (entry && typeof entry === "object") Object.assign(fields, formFields(entry as never, name));
    else if (entry !== "" && entry !== null && entry !== undefined) fields[name] = String(entry);
  }
  return fields;
}

/** Each record type: how to make one, open its edit form, post it, read it, and reach its API. */
interface RecordType {
  name: string;
  noun: string;
  path: (id: string) => string;
  edit: Route;
  api: Route;
  /** The body field of its version ("version"; a document's "revision"). */
  field: string;
  create: () => Promise<string>;
  /** The fields the edit form starts with, as loaded by `who`. */
  opened: (id: string, who: SignedIn) => Promise<Record<string, string>>;
  /** The text field both people change, its column, and a valid API body with it. */
  text: { field: string; column: string };
  body: (id: string, text: string) => Promise<Json>;
  table: "clients" | "facilities" | "placements" | "tasks" | "resources";
}

async function load(route: Route, path: string, id: string, who: SignedIn): Promise<Json> {
  return json(await settle(route.loader(args(get(path, who.cookie), { id }))));
}

const TYPES: RecordType[] = [
  {
    name: "client",
    noun: "client",
    path: (id) => `/clients/${id}`,
    edit: clientEdit,
    api: clientApi,
    field: "version",
    create: async () => (await createClient(db, { agencyId, first_name: "Walter", last_name: "Brennan" })).id,
    opened: async (id, who) => {
      const { client } = await load(clientEdit, `/clients/${id}/edit`, id, who);
      return clientFormFields({ version: String(client.version) });
    },
    text: { field: "medicalNotes", column: "medical_notes" },
    body: async (_id, text) => ({ ...validClientBody(), medicalNotes: text }),
    table: "clients",
  },
  {
    name: "facility",
    noun: "facility",
    path: (id) => `/facilities/${id}`,
    edit: facilityEdit,
    api: facilityApi,
    field: "version",
    create: async () => (await createFacility(db, { agencyId, name: "Oak Hollow" })).id,
    opened: async (id, who) => {
      const { facility } = await load(facilityEdit, `/facilities/${id}/edit`, id, who);
      return facilityFormFields({ version: String(facility.version), isActive: "on" });
    },
    text: { field: "notes", column: "notes" },
    body: async (_id, text) => ({ ...validFacilityBody(), notes: text }),
    table: "facilities",
  },
  {
    name: "placement",
    noun: "placement",
    path: (id) => `/placements/${id}`,
    edit: placementEdit,
    api: placementApi,
    field: "version",
    create: async () => (await createPlacement(db, { agencyId, agent_id: dana.user.id })).id,
    opened: async (id, who) => {
      const { defaultValue } = await load(placementEdit, `/placements/${id}/edit`, id, who);
      const chosen = { clientId: defaultValue.clientId, facilityId: defaultValue.facilityId, agentId: dana.user.id };
      return { ...placementFormFields(chosen), ...formFields(defaultValue) };
    },
    text: { field: "notes", column: "notes" },
    body: async (id, text) => {
      const row = await db.selectFrom("placements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return {
        clientId: row.client_id,
        facilityId: row.facility_id,
        status: "In Progress",
        priority: "Medium",
        startDate: "2026-12-10",
        notes: text,
      };
    },
    table: "placements",
  },
  {
    name: "task",
    noun: "task",
    path: (id) => `/tasks/${id}`,
    edit: taskEdit,
    api: taskApi,
    field: "version",
    create: async () => (await createTask(db, { agencyId, title: "Call the daughter", assigned_to: dana.user.id })).id,
    opened: async (id, who) => {
      const { defaultValue } = await load(taskEdit, `/tasks/${id}/edit`, id, who);
      return { ...taskFormFields(dana.user.id), ...formFields(defaultValue) };
    },
    text: { field: "description", column: "description" },
    body: async (_id, text) => ({
      title: "Call the daughter",
      type: "Other",
      priority: "Medium",
      status: "New Client",
      dueDate: "2026-12-01",
      assignedTo: dana.user.id,
      description: text,
    }),
    table: "tasks",
  },
  {
    name: "resource",
    noun: "document",
    path: (id) => `/resources/${id}`,
    edit: resourceEdit,
    api: resourceApi,
    field: "revision",
    create: async () => {
      const client = await createClient(db, { agencyId });
      const row = await db
        .insertInto("resources")
        .values({
          agency_id: agencyId,
          original_name: "care-plan.pdf",
          file_name: "care-plan-key.pdf",
          mime_type: "application/pdf",
          size_bytes: 1234,
          category: "Care Plans",
          related_type: "Client",
          related_id: client.id,
          uploaded_by: dana.user.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    opened: async (id, who) => formFields((await load(resourceEdit, `/resources/${id}/edit`, id, who)).stored),
    text: { field: "description", column: "description" },
    body: async (id, text) => {
      const row = await db.selectFrom("resources").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      return {
        relatedToType: row.related_type,
        relatedToId: row.related_id,
        category: row.category,
        accessLevel: "internal",
        description: text,
      };
    },
    table: "resources",
  },
];

/** The record's stored text, its version and who changed it last. */
async function stored(type: RecordType, id: string) {
  const column = type.field as "version";
  return db
    .selectFrom(type.table as "clients")
    .select([`${type.text.column as "medical_notes"} as text`, `${column} as version`, "updated_by"])
    .where("id", "=", id)
    .executeTakeFirst();
}

function postEdit(type: RecordType, id: string, who: SignedIn, fields: Record<string, string>) {
  return settle(type.edit.action(args(formPost(`${type.path(id)}/edit`, fields, who.cookie), { id })));
}

function callApi(
  type: RecordType,
  id: string,
  who: SignedIn,
  init: { method: string; body?: unknown; headers?: Record<string, string> },
  route: Route = type.api,
) {
  const request = apiRequest(`/api/${type.name}s/${id}`, { token: who.token, ...init });
  return settle((request.method === "GET" ? route.loader : route.action)(args(request, { id })));
}

const CHANGED_AT = (who: string, noun: string) =>
  new RegExp(`^${who} changed this ${noun} at \\d{1,2}:\\d{2} [AP]M, after you opened it\\.$`);

describe.each(TYPES)("two people saving the same $name", (type) => {
  it("through the edit screen: the second save comes back as typed (409), names who changed it; saving again works", async () => {
    const id = await type.create();
    const danaForm = await type.opened(id, dana);
    const samForm = await type.opened(id, sam);
    expect(samForm[type.field]).toBe("1");

    const first = await postEdit(type, id, dana, { ...danaForm, [type.text.field]: "Dana's note" });
    expect(first.status).toBe(302);
    expect(await stored(type, id)).toEqual({ text: "Dana's note", version: 2, updated_by: dana.user.id });

    const second = await postEdit(type, id, sam, { ...samForm, [type.text.field]: "Sam's note" });
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.conflict).toEqual({
      message: expect.stringMatching(CHANGED_AT("Dana Ruiz", type.noun)),
      href: type.path(id),
      version: 2,
      byYou: false,
    });
    // What Sam typed comes back to the form, over Dana's version (2), which the form now holds.
    expect(answer.result.initialValue[type.text.field]).toBe("Sam's note");
    expect(answer.result.initialValue[type.field]).toBe("2");
    expect(answer.result.error ?? {}).toEqual({});
    // Dana's save is intact.
    expect(await stored(type, id)).toEqual({ text: "Dana's note", version: 2, updated_by: dana.user.id });

    // Sam saves again, as the form now is: over Dana's version.
    const again = await postEdit(type, id, sam, { ...samForm, [type.text.field]: "Sam's note", [type.field]: "2" });
    expect(again.status).toBe(302);
    expect(await stored(type, id)).toEqual({ text: "Sam's note", version: 3, updated_by: sam.user.id });
  });

  it("the caller's own change in another window is said as such", async () => {
    const id = await type.create();
    const opened = await type.opened(id, dana);
    expect((await postEdit(type, id, dana, { ...opened, [type.text.field]: "In one tab" })).status).toBe(302);
    const answer = await json(await postEdit(type, id, dana, { ...opened, [type.text.field]: "In another" }));
    expect(answer.conflict.message).toMatch(
      new RegExp(
        `^You changed this ${type.noun} at \\d{1,2}:\\d{2} [AP]M in another tab or window, after you opened this form\\.$`,
      ),
    );
    expect(answer.conflict.byYou).toBe(true);
  });

  it("through the API: GET sends the ETag; a stale If-Match or body version is 412 with the current record", async () => {
    const id = await type.create();
    const read = await callApi(type, id, sam, { method: "GET" });
    expect(read.headers.get("ETag")).toBe('"1"');
    expect((await json(read)).data[type.name][type.field]).toBe(1);

    const danaPut = await callApi(type, id, dana, {
      method: "PUT",
      body: await type.body(id, "Dana's note"),
      headers: { "If-Match": '"1"' },
    });
    expect(danaPut.status).toBe(200);
    expect(danaPut.headers.get("ETag")).toBe('"2"');
    expect((await json(danaPut)).data[type.name][type.field]).toBe(2);

    for (const stale of [{ headers: { "If-Match": '"1"' } }, { fields: { [type.field]: 1 } }]) {
      const samPut = await callApi(type, id, sam, {
        method: "PUT",
        body: { ...(await type.body(id, "Sam's note")), ...stale.fields },
        headers: stale.headers,
      });
      expect(samPut.status).toBe(412);
      expect(samPut.headers.get("ETag")).toBe('"2"');
      const refused = await json(samPut);
      expect(refused).toMatchObject({ success: false });
      expect(refused.message).toMatch(
        new RegExp(`^The ${type.name} has changed since the version you sent: Dana Ruiz changed it at \\d{4}-`),
      );
      expect(refused.message).toContain(
        `Nothing was saved. data.${type.name} is the ${type.name} as it is now (version 2)`,
      );
      // The record as it is now: Dana's.
      expect(refused.data[type.name][type.field]).toBe(2);
      expect(JSON.stringify(refused.data[type.name])).toContain("Dana's note");
      expect(await stored(type, id)).toEqual({ text: "Dana's note", version: 2, updated_by: dana.user.id });
    }

    // Over the current version it saves, and answers the next ETag.
    const samAgain = await callApi(type, id, sam, {
      method: "PUT",
      body: await type.body(id, "Sam's note"),
      headers: { "If-Match": '"2"' },
    });
    expect(samAgain.status).toBe(200);
    expect(samAgain.headers.get("ETag")).toBe('"3"');
    expect(await stored(type, id)).toEqual({ text: "Sam's note", version: 3, updated_by: sam.user.id });
  });

  it("If-Match: a list holding the current version, or *, saves; a weak or foreign tag does not; none at all saves as before", async () => {
    const id = await type.create();
    const put = async (headers: Record<string, string> | undefined, text: string) =>
      callApi(type, id, dana, { method: "PUT", body: await type.body(id, text), headers });
    expect((await put({ "If-Match": '"7", "1"' }, "listed")).status).toBe(200);
    expect((await put({ "If-Match": "*" }, "any")).status).toBe(200);
    for (const tag of ['W/"3"', "3", '"abc"']) expect((await put({ "If-Match": tag }, "refused")).status).toBe(412);
    // A body version and If-Match that disagree: one of them is not current.
    const both = await callApi(type, id, dana, {
      method: "PUT",
      body: { ...(await type.body(id, "refused")), [type.field]: 1 },
      headers: { "If-Match": '"3"' },
    });
    expect(both.status).toBe(412);
    expect((await put(undefined, "no version")).status).toBe(200);
    expect(await stored(type, id)).toMatchObject({ text: "no version", version: 4 });
  });

  it("a version that is not a whole number of 1 or more is a 400 naming the field", async () => {
    const id = await type.create();
    const answer = await callApi(type, id, dana, {
      method: "PUT",
      body: { ...(await type.body(id, "x")), [type.field]: "two" },
    });
    expect(answer.status).toBe(400);
    expect((await json(answer)).errors).toEqual([
      { path: type.field, msg: `${type.field} must be a whole number of 1 or more` },
    ]);
  });

  it("DELETE with a stale If-Match is 412 and deletes nothing; with the current one it deletes", async () => {
    const id = await type.create();
    await callApi(type, id, sam, { method: "PUT", body: await type.body(id, "Sam's note") });
    const refused = await callApi(type, id, dana, { method: "DELETE", headers: { "If-Match": '"1"' } });
    expect(refused.status).toBe(412);
    expect((await json(refused)).data[type.name][type.field]).toBe(2);
    expect(await stored(type, id)).toMatchObject({ text: "Sam's note", version: 2 });
    const deleted = await callApi(type, id, dana, { method: "DELETE", headers: { "If-Match": '"2"' } });
    expect(deleted.status).toBe(200);
    expect(await stored(type, id)).toBeUndefined();
  });
});

describe("the database counts the changes people make, not its own upkeep", () => {
  it("a client's rename (which renames its placements and tasks), a download count and a note do not change versions", async () => {
    const client = await createClient(db, { agencyId, first_name: "Ruth", last_name: "Adler" });
    const placement = await createPlacement(db, { agencyId, client_id: client.id });
    const task = await createTask(db, { agencyId, client_id: client.id, assigned_to: dana.user.id });
    const put = await callApi(TYPES[0], client.id, dana, {
      method: "PUT",
      body: { ...validClientBody(), firstName: "Ruthie" },
    });
    expect(put.status).toBe(200);
    const versions = async () =>
      Promise.all([
        db.selectFrom("clients").select("version").where("id", "=", client.id).executeTakeFirstOrThrow(),
        db.selectFrom("placements").select("version").where("id", "=", placement.id).executeTakeFirstOrThrow(),
        db.selectFrom("tasks").select("version").where("id", "=", task.id).executeTakeFirstOrThrow(),
      ]);
    expect((await versions()).map((v) => v.version)).toEqual([2, 1, 1]);
    await addClientNote(db, { userId: sam.user.id, agencyId }, client.id, "Called the son");
    expect((await versions()).map((v) => v.version)).toEqual([2, 1, 1]);
    const resource = await TYPES[4].create();
    await db.updateTable("resources").set({ download_count: 5 }).where("id", "=", resource).execute();
    expect(await stored(TYPES[4], resource)).toMatchObject({ version: 1 });
  });

  it("a ticked checklist item is a change of its task: an edit form opened before is refused, and keeps the tick", async () => {
    const task = await createTask(db, { agencyId, title: "Tour", assigned_to: dana.user.id });
    const [item] = await db
      .insertInto("task_checklist_items")
      .values({ agency_id: agencyId, task_id: task.id, text: "Book the tour", position: 0 })
      .returning("id")
      .execute();
    const samForm = await TYPES[3].opened(task.id, sam);
    const toggle = formPost(
      `/tasks/${task.id}`,
      { intent: "toggle-item", itemId: item.id, completed: "true" },
      dana.cookie,
    );
    expect((await settle(taskPage.action(args(toggle, { id: task.id })))).status).toBe(302);

    const refused = await postEdit(TYPES[3], task.id, sam, { ...samForm, description: "Sam's note" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).conflict.message).toMatch(CHANGED_AT("Dana Ruiz", "task"));
    const items = await db.selectFrom("task_checklist_items").select("is_completed").execute();
    expect(items).toEqual([{ is_completed: true }]);
  });

  it("completing a task, and a board move, are changes of it too", async () => {
    const task = await createTask(db, { agencyId, assigned_to: dana.user.id });
    const complete = formPost(`/tasks/${task.id}`, { intent: "complete" }, dana.cookie);
    await settle(taskPage.action(args(complete, { id: task.id })));
    const move = await callApi(TYPES[3], task.id, dana, { method: "PATCH", body: { status: "Target" } }, taskStatusApi);
    expect(move.status).toBe(200);
    expect(await stored(TYPES[3], task.id)).toMatchObject({ version: 3, updated_by: dana.user.id });
  });
});

it("marking a facility inactive is a change of it", async () => {
  const facility = await createFacility(db, { agencyId });
  expect(await setFacilityActive(db, { userId: sam.user.id, agencyId }, facility.id, false)).toBe(true);
  expect(await stored(TYPES[1], facility.id)).toMatchObject({ version: 2, updated_by: sam.user.id });
});

describe("PATCH /api/tasks/{id}/status", () => {
  const patch = (id: string, who: SignedIn, body: Json, headers?: Record<string, string>) =>
    callApi(TYPES[3], id, who, { method: "PATCH", body, headers: headers ?? {} }, taskStatusApi);

  it("with a stale If-Match or version is 412 with the task as it is now; with the current one it moves", async () => {
    const task = await createTask(db, { agencyId, assigned_to: dana.user.id });
    await callApi(TYPES[3], task.id, dana, { method: "PUT", body: await TYPES[3].body(task.id, "Dana's note") });
    for (const [body, headers] of [
      [{ status: "Placed" }, { "If-Match": '"1"' }],
      [{ status: "Placed", version: 1 }, {}],
    ] as const) {
      const refused = await patch(task.id, sam, body, headers);
      expect(refused.status).toBe(412);
      const answer = await json(refused);
      expect(answer.data.task).toMatchObject({ status: "New Client", description: "Dana's note", version: 2 });
      expect(answer.message).toMatch(/^The task has changed since the version you sent: Dana Ruiz changed it at/);
    }
    const moved = await patch(task.id, sam, { status: "Placed" }, { "If-Match": '"2"' });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("ETag")).toBe('"3"');
    expect((await json(moved)).data.task).toMatchObject({ status: "Placed", description: "Dana's note", version: 3 });
  });
});

describe("the task of issue 31 keeps its client (and placement)", () => {
  async function demoTask() {
    const client = await createClient(db, { agencyId, first_name: "Ruth", last_name: "Adler" });
    const facility = await createFacility(db, { agencyId, name: "Brookside Assisted Living" });
    const placement = await createPlacement(db, { agencyId, client_id: client.id, facility_id: facility.id });
    const task = await createTask(db, {
      agencyId,
      title: "Review admission agreement with Brookside",
      type: "Contract Review",
      client_id: client.id,
      placement_id: placement.id,
      assigned_to: dana.user.id,
    });
    return { client, placement, task };
  }

  const relations = (id: string) =>
    db
      .selectFrom("tasks")
      .select(["client_id", "placement_id", "description"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("after an edit of its description on the screen", async () => {
    const { client, placement, task } = await demoTask();
    const opened = await TYPES[3].opened(task.id, dana);
    expect(opened).toMatchObject({ clientId: client.id, placementId: placement.id, type: "Contract Review" });
    const saved = await postEdit(TYPES[3], task.id, dana, { ...opened, description: "Check the fee schedule" });
    expect(saved.status).toBe(302);
    expect(await relations(task.id)).toEqual({
      client_id: client.id,
      placement_id: placement.id,
      description: "Check the fee schedule",
    });
  });

  it("after a PUT of its description by a program that sends no client or placement (or sends them)", async () => {
    const { client, placement, task } = await demoTask();
    const body = { ...(await TYPES[3].body(task.id, "Check the fee schedule")), type: "Contract Review" };
    const put = await callApi(TYPES[3], task.id, dana, { method: "PUT", body });
    expect(put.status).toBe(200);
    expect((await json(put)).data.task).toMatchObject({
      clientId: { _id: client.id, firstName: "Ruth", lastName: "Adler" },
      placementId: { _id: placement.id, facilityId: { name: "Brookside Assisted Living" } },
    });
    expect(await relations(task.id)).toMatchObject({ client_id: client.id, placement_id: placement.id });
    const sent = await callApi(TYPES[3], task.id, dana, {
      method: "PUT",
      body: { ...body, clientId: client.id, placementId: placement.id },
    });
    expect(sent.status).toBe(200);
    expect(await relations(task.id)).toMatchObject({ client_id: client.id, placement_id: placement.id });
    // null clears them.
    await callApi(TYPES[3], task.id, dana, { method: "PUT", body: { ...body, clientId: null, placementId: null } });
    expect(await relations(task.id)).toMatchObject({ client_id: null, placement_id: null });
  });

  it("a placement must be one of the client's (screen and API), and another agency's is not found", async () => {
    const { task } = await demoTask();
    const otherClient = await createClient(db, { agencyId });
    const theirs = await createPlacement(db, { agencyId, client_id: otherClient.id });
    const foreign = await createPlacement(db, { agencyId: (await signInNewAgency(db)).user.agency_id });
    const opened = await TYPES[3].opened(task.id, dana);
    const screen = await postEdit(TYPES[3], task.id, dana, { ...opened, placementId: theirs.id });
    expect(screen.status).toBe(400);
    expect((await json(screen)).result.error).toEqual({
      placementId: ["Placement must be one of the related client's placements"],
    });
    const body = await TYPES[3].body(task.id, "x");
    const api = await callApi(TYPES[3], task.id, dana, { method: "PUT", body: { ...body, placementId: foreign.id } });
    expect(api.status).toBe(400);
    expect((await json(api)).errors).toEqual([{ path: "placementId", msg: "Placement not found" }]);
    // Another client without saying the placement: the stored one is not theirs.
    const moved = await callApi(TYPES[3], task.id, dana, {
      method: "PUT",
      body: { ...body, clientId: otherClient.id },
    });
    expect(moved.status).toBe(400);
    expect((await json(moved)).errors).toEqual([
      { path: "placementId", msg: "Placement must be one of the related client's placements" },
    ]);
  });

  it("the edit form offers the client's placements", async () => {
    const { client, placement, task } = await demoTask();
    await createPlacement(db, { agencyId });
    const { options } = await load(taskEdit, `/tasks/${task.id}/edit`, task.id, dana);
    expect(options.placementsOf).toBe(client.id);
    expect(options.placements).toEqual([
      { id: placement.id, label: "Brookside Assisted Living", hint: expect.stringMatching(/^In Progress · from /) },
    ]);
  });
});

describe("through the real server (Express, compression)", () => {
  it("the ETag and If-Match pass as a program sends and reads them", async () => {
    const app = createApp({
      handleRequest: async (request) => {
        const id = new URL(request.url).pathname.split("/").pop() ?? "";
        const handler = request.method === "GET" ? clientApi.loader : clientApi.action;
        return settle(handler(args(request, { id })));
      },
      mode: "production",
      appUrl: "http://localhost:3000",
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = await createClient(db, { agencyId, first_name: "Walter" });
      const auth = { Authorization: `Bearer ${dana.token}` };
      const read = await fetch(`${base}/api/clients/${client.id}`, { headers: { ...auth, "Accept-Encoding": "gzip" } });
      expect(read.headers.get("Content-Encoding")).toBe("gzip");
      expect(read.headers.get("ETag")).toBe('"1"');
      const put = (ifMatch: string) =>
        fetch(`${base}/api/clients/${client.id}`, {
          method: "PUT",
          headers: { ...auth, "Content-Type": "application/json", "If-Match": ifMatch },
          body: JSON.stringify(validClientBody()),
        });
      const saved = await put('"1"');
      expect(saved.status).toBe(200);
      expect(saved.headers.get("ETag")).toBe('"2"');
      const refused = await put('"1"');
      expect(refused.status).toBe(412);
      expect(refused.headers.get("ETag")).toBe('"2"');
      expect(((await refused.json()) as Json).data.client.version).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

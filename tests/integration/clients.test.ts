import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { listClients, streamClients } from "~/models/clients.server";
import { ClientListQuerySchema } from "~/schemas/client";
import { action as detailAction, loader as detailLoader } from "~/routes/_app.clients.$id._index";
import { action as deleteAction } from "~/routes/_app.clients.$id.delete";
import { action as editAction } from "~/routes/_app.clients.$id.edit";
import { loader as listScreenLoader } from "~/routes/_app.clients._index";
import { action as newAction } from "~/routes/_app.clients.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.clients.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.clients._index";
import { loader as dashboardLoader } from "~/routes/api.clients.dashboard";
import { loader as exportLoader } from "~/routes/clients.export";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createPlacement, createTask, type TestUser } from "../support/factories";
import { clientFormFields } from "../support/form-fields";
import { apiRequest, args, cookiesFrom, formPost, get, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

const api = apiClient(
  {
    collection: { loader: listLoader, action: createAction },
    item: { loader: itemLoader, action: itemAction },
    dashboard: { loader: dashboardLoader },
  },
  () => token,
);

/** A complete, valid body for POST/PUT /api/clients. */
const body = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Eleanor",
  lastName: "Whitfield",
  email: "eleanor.whitfield@example.com",
  phone: "(555) 123-4567",
  dateOfBirth: "1941-03-09",
  gender: "Female",
  address: { street: "12 Elm St", city: "Portland", state: "or", zip: "97201" },
  emergencyContact: { name: "Ruth Whitfield", relationship: "Daughter", phone: "555-987-6543" },
  medicalNotes: "Medical Condition: Diabetes\nMedication: Metformin 500mg\nNotes: Uses a walker.",
  careLevel: "memory-care",
  trackerStatus: "active-client",
  financialInfo: { budgetRange: "$3,000 - $5,000" },
  preferences: { location: "Portland", amenities: ["WiFi", "Pet Friendly"], roomType: "studio" },
  ...overrides,
});

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db));
});

async function seedClients(agencyId: string) {
  const rows = [
    {
      first_name: "Alice",
      last_name: "Zimmer",
      email: "alice@example.com",
      phone: "(555) 100-0001",
      tracker_status: "New Client",
      care_level: "assisted",
    },
    {
      first_name: "Bob",
      last_name: "Young",
      email: "bob@example.com",
      phone: "(555) 100-0002",
      tracker_status: "Placed",
      care_level: "memory",
    },
    {
      first_name: "Carol",
      last_name: "Xu",
      email: "carol@sample.org",
      phone: "(555) 100-0003",
      tracker_status: "Follow-up",
      care_level: "skilled",
    },
    {
      first_name: "Dan",
      last_name: "Walker",
      email: "dan@example.com",
      phone: "(555) 100-0004",
      tracker_status: "Active Client",
      care_level: "memory",
    },
  ] as const;
  for (const [i, row] of rows.entries()) {
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    await createClient(db, { agencyId, ...row, created_at: at, updated_at: at });
  }
  // updated_at is set by a trigger on update, not on insert: the values above stand.
}

describe("GET /api/clients", () => {
  it("lists newest-updated first, 12 a page, with the pagination block", async () => {
    await seedClients(user.agency_id);
    const { status, json } = await api("/api/clients");
    expect(status).toBe(200);
    expect(json.data.clients.map((c: Json) => c.firstName)).toEqual(["Dan", "Carol", "Bob", "Alice"]);
    expect(json.data.pagination).toEqual({ page: 1, limit: 12, totalPages: 1, totalClients: 4 });
  });

  it.each([
    ["search=zim", ["Alice"]],
    ["search=SAMPLE.ORG", ["Carol"]],
    ["search=555-100-0002", ["Bob"]],
    ["search=1000004", ["Dan"]],
    ["search=%25", []],
    ["status=Placed", ["Bob"]],
    ["status=follow-up", ["Carol"]],
    ["careLevel=memory", ["Dan", "Bob"]],
    ["careLevel=memory-care&status=placed", ["Bob"]],
    ["careLevel=skilled-nursing", ["Carol"]],
    ["sort=firstName", ["Alice", "Bob", "Carol", "Dan"]],
    ["sort=-firstName", ["Dan", "Carol", "Bob", "Alice"]],
    ["sort=lastName", ["Dan", "Carol", "Bob", "Alice"]],
    ["sort=-lastName", ["Alice", "Bob", "Carol", "Dan"]],
    ["sort=createdAt", ["Alice", "Bob", "Carol", "Dan"]],
    ["sort=-createdAt", ["Dan", "Carol", "Bob", "Alice"]],
    ["sort=updatedAt", ["Alice", "Bob", "Carol", "Dan"]],
  ])("?%s", async (query, names) => {
    await seedClients(user.agency_id);
    const { json } = await api(`/api/clients?${query}`);
    expect(json.data.clients.map((c: Json) => c.firstName)).toEqual(names);
    expect(json.data.pagination.totalClients).toBe(names.length);
  });

  it("orders equal last names by first name (and equal first names by last name), pages and exports alike", async () => {
    const agencyId = user.agency_id;
    // Inserted out of order, so neither the insertion order nor the ids can explain the result.
    for (const [first, last] of [
      ["Zoe", "Smith"],
      ["Adam", "Smith"],
      ["Mia", "Jones"],
      ["Adam", "Baker"],
      ["Liam", "Smith"],
    ]) {
      await createClient(db, { agencyId, first_name: first, last_name: last });
    }
    const names = (clients: Json[]) => clients.map((c: Json) => `${c.firstName} ${c.lastName}`);
    const byLast = ["Adam Baker", "Mia Jones", "Adam Smith", "Liam Smith", "Zoe Smith"];
    expect(names((await api("/api/clients?sort=lastName")).json.data.clients)).toEqual(byLast);
    expect(names((await api("/api/clients?sort=-lastName")).json.data.clients)).toEqual([...byLast].reverse());
    const pages = [1, 2, 3].map((page) => api(`/api/clients?sort=lastName&limit=2&page=${page}`));
    expect((await Promise.all(pages)).flatMap((p) => names(p.json.data.clients))).toEqual(byLast);
    const byFirst = ["Adam Baker", "Adam Smith", "Liam Smith", "Mia Jones", "Zoe Smith"];
    expect(names((await api("/api/clients?sort=firstName")).json.data.clients)).toEqual(byFirst);

    // The export reads in batches: each batch starts after the last row of the one before, ties too.
    const ctx = { agencyId, userId: user.id };
    for (const [sort, expected] of [
      ["lastName", byLast],
      ["-lastName", [...byLast].reverse()],
      ["firstName", byFirst],
    ] as const) {
      const query = ClientListQuerySchema.parse({ sort });
      const exported: string[] = [];
      for await (const batch of streamClients(db, ctx, query, 2)) exported.push(...names(batch as Json[]));
      expect(exported).toEqual(expected);
    }
  });

  it("pages: a full page, the last partial page, and a page past the end", async () => {
    for (let i = 0; i < 5; i++) await createClient(db, { agencyId: user.agency_id, first_name: `P${i}` });
    const first = await api("/api/clients?limit=2&sort=firstName");
    expect(first.json.data.clients.map((c: Json) => c.firstName)).toEqual(["P0", "P1"]);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 2, totalPages: 3, totalClients: 5 });
    const last = await api("/api/clients?limit=2&sort=firstName&page=3");
    expect(last.json.data.clients.map((c: Json) => c.firstName)).toEqual(["P4"]);
    const past = await api("/api/clients?limit=2&page=4");
    expect(past.json.data.clients).toEqual([]);
    expect(past.json.data.pagination.totalPages).toBe(3);
  });

  it.each([
    [
      "status=lost",
      "status",
      'Invalid status "lost". Allowed values: New Client, Active Client, Target, Placed, Follow-up',
    ],
    ["careLevel=luxury", "careLevel", 'Invalid care level "luxury"'],
    ["sort=-age", "sort", 'Invalid sort "-age"'],
    ["limit=101", "limit", "limit must be a whole number from 1 to 100"],
    ["page=0", "page", "page must be a whole number of 1 or more"],
    ["page=two", "page", "page must be a whole number of 1 or more"],
    ["colour=red", "colour", "Unknown field: colour"],
  ])("refuses ?%s with a 400 naming the parameter", async (query, path, message) => {
    const { status, json } = await api(`/api/clients?${query}`);
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(json.errors).toEqual([{ path, msg: expect.stringContaining(message) }]);
  });

  it("a search counts up to the cap it is given, and says when there are more", async () => {
    for (let i = 0; i < 5; i++) await createClient(db, { agencyId: user.agency_id, first_name: `Cap${i}` });
    const ctx = { agencyId: user.agency_id, userId: user.id };
    const query = ClientListQuerySchema.parse({ search: "cap", limit: "2", sort: "firstName" });
    expect(await listClients(db, ctx, query, { countCap: 3 })).toMatchObject({ total: 3, capped: true, totalPages: 2 });
    expect(await listClients(db, ctx, query, { countCap: 5 })).toMatchObject({
      total: 5,
      capped: false,
      totalPages: 3,
    });
    const deep = await listClients(db, ctx, { ...query, page: 3 }, { countCap: 3 });
    expect(deep.clients.map((c) => c.firstName)).toEqual(["Cap4"]);
  });

  it("shows only the caller's agency", async () => {
    const other = await createAgency(db);
    await createClient(db, { agencyId: other.id, first_name: "Outsider" });
    await createClient(db, { agencyId: user.agency_id, first_name: "Insider" });
    const { json } = await api("/api/clients?search=sider");
    expect(json.data.clients.map((c: Json) => c.firstName)).toEqual(["Insider"]);
  });

  it("needs a token", async () => {
    const response = await listLoader(args(apiRequest("/api/clients")));
    expect(response.status).toBe(401);
  });
});

describe("POST /api/clients", () => {
  it("creates a client, normalising aliases, the state, the medicalNotes encoding and the budget range", async () => {
    const { status, json } = await api("/api/clients", { body: body() });
    expect(status).toBe(201);
    expect(json.message).toBe("Client created successfully!");
    const client = json.data.client;
    expect(client).toMatchObject({
      firstName: "Eleanor",
      careLevel: "memory",
      trackerStatus: "Active Client",
      address: { state: "OR", city: "Portland" },
      medicalConditions: ["Diabetes"],
      medications: ["Metformin 500mg"],
      medicalNotes: "Medical Condition: Diabetes\nMedication: Metformin 500mg\nNotes: Uses a walker.",
      budget: { min: 3000, max: 5000 },
      financialInfo: { budgetRange: "$3,000 - $5,000" },
      preferences: { location: "Portland", amenities: ["WiFi", "Pet Friendly"], roomType: "studio" },
    });
    const row = await db.selectFrom("clients").selectAll().where("id", "=", client._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      medical_conditions: ["Diabetes"],
      medical_notes: "Uses a walker.",
      care_level: "memory",
      created_by: user.id,
    });

    const dashboard = await api("/api/clients/dashboard");
    expect(dashboard.json.data).toMatchObject({ totalClients: 1, statusCounts: { "Active Client": 1 } });
  });

  it("defaults status and care level", async () => {
    const { json } = await api("/api/clients", { body: body({ careLevel: undefined, trackerStatus: undefined }) });
    expect(json.data.client).toMatchObject({ careLevel: "independent", trackerStatus: "New Client" });
  });

  it("lists every failing field", async () => {
    const { status, json } = await api("/api/clients", {
      body: { firstName: "", email: "nope", dateOfBirth: "yesterday", budget: { min: -1 } },
    });
    expect(status).toBe(400);
    expect(json.message).toBe("Validation failed");
    expect(Object.fromEntries(json.errors.map((e: Json) => [e.path, e.msg]))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Please enter a valid email address",
      phone: "Phone is required",
      dateOfBirth: "Please enter a valid date",
      "emergencyContact.name": "Emergency contact name is required",
      "emergencyContact.relationship": "Relationship is required",
      "emergencyContact.phone": "Emergency contact phone is required",
      "budget.min": "Minimum budget cannot be negative",
    });
  });

  it("refuses unknown fields, malformed JSON and other content types", async () => {
    expect((await api("/api/clients", { body: body({ ssn: "123" }) })).status).toBe(400);
    expect((await api("/api/clients", { body: "{not json" })).json.message).toBe("Malformed JSON body");
    const form = await api("/api/clients", {
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });
});

describe("GET, PUT and DELETE /api/clients/{id}", () => {
  it("reads one client with its notes; another agency's or a malformed id is a 404", async () => {
    const own = await createClient(db, { agencyId: user.agency_id });
    await db
      .insertInto("client_notes")
      .values({ agency_id: user.agency_id, client_id: own.id, author_id: user.id, content: "Called the family" })
      .execute();
    const { status, json } = await api(`/api/clients/${own.id}`, {}, own.id);
    expect(status).toBe(200);
    expect(json.data.client.notes).toEqual([expect.objectContaining({ content: "Called the family" })]);

    const other = await createClient(db, { agencyId: (await createAgency(db)).id });
    expect((await api(`/api/clients/${other.id}`, {}, other.id)).status).toBe(404);
    expect((await api(`/api/clients/${other.id}`, { method: "PUT", body: body() }, other.id)).status).toBe(404);
    expect((await api(`/api/clients/${other.id}`, { method: "DELETE" }, other.id)).status).toBe(404);
    expect((await api("/api/clients/not-a-uuid", {}, "not-a-uuid")).status).toBe(404);
  });

  it("updates a client; absent status and care level stay as they were", async () => {
    const created = (await api("/api/clients", { body: body() })).json.data.client;
    const { status, json } = await api(
      `/api/clients/${created._id}`,
      {
        method: "PUT",
        body: body({ lastName: "Whitfield-Hart", careLevel: undefined, trackerStatus: undefined, medicalNotes: "" }),
      },
      created._id,
    );
    expect(status).toBe(200);
    expect(json.message).toBe("Client updated successfully!");
    expect(json.data.client).toMatchObject({
      lastName: "Whitfield-Hart",
      careLevel: "memory",
      trackerStatus: "Active Client",
      medicalConditions: [],
    });
    const invalid = await api(`/api/clients/${created._id}`, { method: "PUT", body: body({ phone: "" }) }, created._id);
    expect(invalid.status).toBe(400);
  });

  it("refuses to delete a client with placements or open tasks, and deletes one without", async () => {
    const placed = await createClient(db, { agencyId: user.agency_id });
    await createPlacement(db, { agencyId: user.agency_id, client_id: placed.id, agent_id: user.id });
    const tasked = await createClient(db, { agencyId: user.agency_id });
    await createTask(db, { agencyId: user.agency_id, client_id: tasked.id, assigned_to: user.id });
    await createTask(db, { agencyId: user.agency_id, client_id: tasked.id, assigned_to: user.id, is_completed: true });
    const free = await createClient(db, { agencyId: user.agency_id });
    await createTask(db, { agencyId: user.agency_id, client_id: free.id, assigned_to: user.id, is_completed: true });

    const refusedPlaced = await api(`/api/clients/${placed.id}`, { method: "DELETE" }, placed.id);
    expect(refusedPlaced.status).toBe(409);
    expect(refusedPlaced.json.message).toBe(
      "This client has 1 placement, so it cannot be deleted. Delete or reassign it first.",
    );
    const refusedTasked = await api(`/api/clients/${tasked.id}`, { method: "DELETE" }, tasked.id);
    expect(refusedTasked.json.message).toBe(
      "This client has 1 open task, so it cannot be deleted. Delete or reassign it first.",
    );

    const deleted = await api(`/api/clients/${free.id}`, { method: "DELETE" }, free.id);
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe("Client deleted successfully");
    expect(await db.selectFrom("clients").select("id").where("id", "=", free.id).executeTakeFirst()).toBeUndefined();
    // The completed task stays, unlinked.
    expect(await db.selectFrom("tasks").select("client_id").where("is_completed", "=", true).execute()).toContainEqual({
      client_id: null,
    });
  });
});

describe("the screens", () => {
  const form = (overrides: Record<string, string> = {}) =>
    clientFormFields({ medicalConditions: "Glaucoma, COPD", "budget.min": "4000", "budget.max": "6000", ...overrides });

  it("the list screen drops parameters it cannot use, and goes back to the last page past the end", async () => {
    await seedClients(user.agency_id);
    const page = await settle(listScreenLoader(args(get("/clients?status=lost&careLevel=memory", cookie))));
    const data = (await page.json()) as Json;
    expect(data.problems).toEqual([
      { param: "status", value: "lost", message: 'Status "lost" is not one of the choices.' },
    ]);
    expect(data.clients.map((c: Json) => c.firstName)).toEqual(["Dan", "Bob"]);
    const past = await settle(listScreenLoader(args(get("/clients?page=9&sort=firstName", cookie))));
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/clients?page=1&sort=firstName");
  });

  it("creating shows field errors, then saves and opens the new client with the toast", async () => {
    const invalid = await settle(
      newAction(args(formPost("/clients/new", form({ firstName: "", "budget.max": "100" }), cookie))),
    );
    expect(invalid.status).toBe(400);
    const errors = ((await invalid.json()) as Json).result.error;
    expect(errors).toEqual({
      firstName: ["First name is required"],
      "budget.max": ["Maximum budget must be greater than the minimum budget"],
    });

    const created = await settle(newAction(args(formPost("/clients/new", form(), cookie))));
    expect(created.status).toBe(302);
    expect(cookiesFrom(created)).toContain("__toast=");
    const row = await db.selectFrom("clients").selectAll().executeTakeFirstOrThrow();
    expect(created.headers.get("Location")).toBe(`/clients/${row.id}`);
    expect(row).toMatchObject({
      medical_conditions: ["Glaucoma", "COPD"],
      care_level: "skilled",
      tracker_status: "Target",
      budget_min: "4000.00",
    });
  });

  it("warns about a client with the same e-mail or phone, and lets the user go on", async () => {
    const existing = await createClient(db, {
      agencyId: user.agency_id,
      email: "WALTER@example.com",
      phone: "+15552223333",
    });
    const warned = await settle(newAction(args(formPost("/clients/new", form(), cookie))));
    expect(warned.status).toBe(409);
    const data = (await warned.json()) as Json;
    expect(data.duplicates).toEqual([
      { id: existing.id, name: `${existing.first_name} ${existing.last_name}`, matches: ["email", "phone"] },
    ]);
    expect(data.result.initialValue.firstName).toBe("Walter"); // nothing typed is lost
    const created = await settle(
      newAction(args(formPost("/clients/new", { ...form(), intent: "create-anyway" }, cookie))),
    );
    expect(created.status).toBe(302);
    expect(
      await db
        .selectFrom("clients")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirst(),
    ).toEqual({ n: 2 });
  });

  it("room type may be left blank ('No preference'): stored as none, and set back to none on edit", async () => {
    const created = await settle(
      newAction(args(formPost("/clients/new", form({ "preferences.roomType": "none" }), cookie))),
    );
    expect(created.status).toBe(302);
    const row = await db.selectFrom("clients").select(["id", "room_type"]).executeTakeFirstOrThrow();
    expect(row.room_type).toBeNull();
    const page = await settle(detailLoader(args(get(`/clients/${row.id}`, cookie), { id: row.id })));
    expect(((await page.json()) as Json).client.preferences.roomType).toBeNull();

    const params = { id: row.id };
    const studio = form({ "preferences.roomType": "studio", version: "1" });
    expect((await settle(editAction(args(formPost(`/clients/${row.id}/edit`, studio, cookie), params)))).status).toBe(
      302,
    );
    const roomOf = async () =>
      await db.selectFrom("clients").select(["room_type", "version"]).executeTakeFirstOrThrow();
    expect((await roomOf()).room_type).toBe("studio");
    const none = form({ "preferences.roomType": "none", version: String((await roomOf()).version) });
    expect((await settle(editAction(args(formPost(`/clients/${row.id}/edit`, none, cookie), params)))).status).toBe(
      302,
    );
    expect((await roomOf()).room_type).toBeNull();
  });

  it("the API keeps a room type left out, clears it with null, and still defaults a new client's to private", async () => {
    const { preferences: _preferences, ...withoutRoom } = body();
    const created = await api("/api/clients", { body: withoutRoom });
    expect(created.json.data.client.preferences.roomType).toBe("private");
    const id = created.json.data.client._id;
    const kept = await api(`/api/clients/${id}`, { method: "PUT", body: withoutRoom }, id);
    expect(kept.json.data.client.preferences.roomType).toBe("private");
    const cleared = await api(
      `/api/clients/${id}`,
      { method: "PUT", body: { ...withoutRoom, preferences: { roomType: null } } },
      id,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.json.data.client.preferences.roomType).toBeNull();
  });

  it("records a referral source from the form, shows it on the client, and clears it when left empty", async () => {
    const created = await settle(
      newAction(args(formPost("/clients/new", form({ referralSource: "Social worker" }), cookie))),
    );
    expect(created.status).toBe(302);
    const row = await db.selectFrom("clients").select(["id", "referral_source"]).executeTakeFirstOrThrow();
    expect(row.referral_source).toBe("Social worker");
    const page = await settle(detailLoader(args(get(`/clients/${row.id}`, cookie), { id: row.id })));
    expect(((await page.json()) as Json).client.referralSource).toBe("Social worker");

    const cleared = form({ referralSource: "", version: "1" });
    const params = { id: row.id };
    expect((await settle(editAction(args(formPost(`/clients/${row.id}/edit`, cleared, cookie), params)))).status).toBe(
      302,
    );
    expect((await db.selectFrom("clients").select("referral_source").executeTakeFirstOrThrow()).referral_source).toBe(
      null,
    );
    const refused = await settle(
      newAction(args(formPost("/clients/new", form({ referralSource: "Billboard" }), cookie))),
    );
    expect(refused.status).toBe(400);
  });

  it("the API takes a referral source by name or slug, answers it, and lists the allowed values", async () => {
    const created = await api("/api/clients", { body: body({ referralSource: "past-client" }) });
    expect(created.status).toBe(201);
    expect(created.json.data.client.referralSource).toBe("Past client");
    const none = await api("/api/clients", {
      body: body({ email: "someone.else@example.com", phone: "555-111-2222" }),
    });
    expect(none.json.data.client.referralSource).toBeNull();
    const refused = await api("/api/clients", {
      body: body({ email: "third@example.com", referralSource: "Billboard" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toContainEqual({
      path: "referralSource",
      msg: expect.stringMatching(
        /^Invalid referral source "Billboard"\. Allowed values: Hospital, Physician, Social worker/,
      ),
    });

    const csv = await (await exportLoader(args(get("/clients/export", cookie)))).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header.split(",").slice(5, 7)).toEqual(["Gender", "Referral Source"]);
    expect(lines.map((l) => l.split(",")[6]).sort()).toEqual(["", "Past client"]);
  });

  it("editing another agency's client is a 404", async () => {
    const other = await createClient(db, { agencyId: (await createAgency(db)).id });
    const response = await settle(
      editAction(args(formPost(`/clients/${other.id}/edit`, form(), cookie), { id: other.id })),
    );
    expect(response.status).toBe(404);
    const page = await settle(detailLoader(args(get(`/clients/${other.id}`, cookie), { id: other.id })));
    expect(page.status).toBe(404);
  });

  it("adds a note, refusing an empty one", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    const empty = await settle(
      detailAction(args(formPost(`/clients/${client.id}`, { content: " " }, cookie), { id: client.id })),
    );
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Json).result.error).toEqual({ content: ["Please describe what happened"] });
    const added = await settle(
      detailAction(
        args(formPost(`/clients/${client.id}`, { content: "Visited Maple Grove" }, cookie), { id: client.id }),
      ),
    );
    expect(added.status).toBe(302);
    const notes = await db.selectFrom("client_notes").select(["content", "author_id"]).execute();
    expect(notes).toEqual([{ content: "Visited Maple Grove", author_id: user.id }]);
  });

  it("deleting a client with placements goes back to it with the reason", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    await createPlacement(db, { agencyId: user.agency_id, client_id: client.id, agent_id: user.id });
    const response = await settle(
      deleteAction(args(formPost(`/clients/${client.id}/delete`, {}, cookie), { id: client.id })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/clients/${client.id}`);
    expect(await db.selectFrom("clients").select("id").execute()).toHaveLength(1);
  });

  it("exports every matching client (all pages) as CSV, with formulas neutralised", async () => {
    await seedClients(user.agency_id);
    await createClient(db, {
      agencyId: user.agency_id,
      first_name: '=HYPERLINK("x")',
      last_name: "Mallory, Jr.",
      tracker_status: "Placed",
    });
    for (let i = 0; i < 13; i++)
      await createClient(db, { agencyId: user.agency_id, first_name: `Bulk${i}`, tracker_status: "Target" });

    const response = await exportLoader(args(get("/clients/export?status=placed&sort=firstName", cookie)));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^First Name,Last Name,Email,Phone,Date of Birth/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(['"\'=HYPERLINK(""x"")"', "Bob"]);
    expect(lines[1]).toContain('"Mallory, Jr."');

    const all = await (await exportLoader(args(get("/clients/export", cookie)))).text();
    expect(all.trim().split("\n")).toHaveLength(1 + 4 + 1 + 13); // every page, not just the first 12
  });

  it("refuses a filter it cannot read instead of exporting every client", async () => {
    for (const query of ["search=%00", "status=nonsense", "careLevel=x&status=placed"]) {
      const response = await exportLoader(args(get(`/clients/export?${query}`, cookie)));
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Disposition")).toBeNull();
      expect(await response.text()).toMatch(/^This export's filters could not be read \((search|status|careLevel)\)\./);
    }
  });
});

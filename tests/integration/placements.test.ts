import { beforeEach, describe, expect, it } from "vitest";
import { loader as detailLoader } from "~/routes/_app.placements.$id._index";
import { action as deleteAction } from "~/routes/_app.placements.$id.delete";
import { action as editAction } from "~/routes/_app.placements.$id.edit";
import { loader as listScreenLoader } from "~/routes/_app.placements._index";
import { action as newAction, loader as newLoader } from "~/routes/_app.placements.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.placements.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.placements._index";
import { loader as dashboardLoader } from "~/routes/api.placements.dashboard";
import { loader as optionsLoader } from "~/routes/placement-options";
import { resetDb, testDb } from "../support/db";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createUser,
  type TestUser,
} from "../support/factories";
import { args, cookiesFrom, formPost, get, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";
import { placementFormFields } from "../support/api-bodies";

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

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
});

/** A client and a facility of the signed-in user's agency, to place. */
async function people() {
  const client = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
  const facility = await createFacility(db, {
    agencyId: user.agency_id,
    name: "Maple Grove",
    address_city: "Tucson",
    address_state: "AZ",
  });
  return { client, facility };
}

const eventsOf = async (placementId: string) =>
  (
    await db
      .selectFrom("placement_events")
      .select(["event", "description", "actor_id"])
      .where("placement_id", "=", placementId)
      .orderBy("occurred_at")
      .execute()
  ).map((e) => ({ ...e }));

/**
 * Six placements of known shape, created one day apart (oldest first):
 * clients Ruth Adler / Sam Baker, facilities Maple Grove / Oak Ridge.
 */
async function seedPlacements() {
  const agencyId = user.agency_id;
  const ruth = await createClient(db, { agencyId, first_name: "Ruth", last_name: "Adler" });
  const sam = await createClient(db, { agencyId, first_name: "Sam", last_name: "Baker" });
  const maple = await createFacility(db, { agencyId, name: "Maple Grove" });
  const oak = await createFacility(db, { agencyId, name: "Oak Ridge" });
  // Ruth's second open placement is at another facility: one open placement per client and facility.
  const court = await createFacility(db, { agencyId, name: "Maple Court" });
  const rows = [
    { client_id: ruth.id, facility_id: maple.id, status: "In Progress", priority: "Low" },
    { client_id: ruth.id, facility_id: oak.id, status: "Confirmed", priority: "High", contract_signed: true },
    {
      client_id: sam.id,
      facility_id: maple.id,
      status: "Completed",
      priority: "Medium",
      contract_signed: true,
      deposit_paid: true,
    },
    { client_id: sam.id, facility_id: oak.id, status: "Cancelled", priority: "Urgent" },
    {
      client_id: sam.id,
      facility_id: maple.id,
      status: "In Progress",
      priority: "High",
      contract_signed: true,
      deposit_paid: true,
      insurance_verified: true,
      move_in_date: "2026-12-01",
    },
    {
      client_id: ruth.id,
      facility_id: court.id,
      status: "Confirmed",
      priority: "Medium",
      insurance_verified: true,
      medical_records_transferred: true,
    },
  ] as const;
  const ids: string[] = [];
  for (const [i, row] of rows.entries()) {
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    ids.push((await createPlacement(db, { agencyId, agent_id: user.id, ...row, created_at: at, updated_at: at })).id);
  }
  return { ids, ruth, sam, maple, oak };
}

const apiBody = (clientId: string, facilityId: string, overrides: Record<string, unknown> = {}) => ({
  clientId,
  facilityId,
  status: "in-progress",
  priority: "high",
  startDate: "2026-11-20",
  monthlyRate: 5250.5,
  depositAmount: 1000,
  paymentMethod: "Private Pay",
  ...overrides,
});

describe("GET /api/placements", () => {
  it("lists newest first, populated, with the progress of the six steps (as on the detail)", async () => {
    const { ids } = await seedPlacements();
    const { status, json } = await api("/api/placements");
    expect(status).toBe(200);
    expect(json.data.placements.map((p: Json) => p._id)).toEqual([...ids].reverse());
    // Newest first: insurance and medical records (2 of 6), then contract, deposit, insurance and
    // move-in (4 of 6), nothing, contract and deposit, contract, nothing.
    expect(json.data.placements.map((p: Json) => p.progress.percentage)).toEqual([33, 67, 0, 33, 17, 0]);
    expect(json.data.placements[1]).toMatchObject({
      clientId: { firstName: "Sam", lastName: "Baker" },
      facilityId: { name: "Maple Grove", address: { city: "Springfield", state: "IL" } },
      agentId: { _id: user.id, firstName: "Dana", lastName: "Morgan" },
      status: "In Progress",
      priority: "High",
      moveInDate: "2026-12-01",
    });
    expect(json.data).toMatchObject({
      page: 1,
      totalPages: 1,
      totalCount: 6,
      statusCounts: { "In Progress": 2, Confirmed: 2, Completed: 1, Cancelled: 1 },
    });
  });

  it.each([
    ["status=Confirmed", [5, 1], { "In Progress": 0, Confirmed: 2, Completed: 0, Cancelled: 0 }],
    ["status=in-progress", [4, 0], { "In Progress": 2, Confirmed: 0, Completed: 0, Cancelled: 0 }],
    ["status=canceled", [3], { "In Progress": 0, Confirmed: 0, Completed: 0, Cancelled: 1 }],
    ["priority=high", [4, 1], { "In Progress": 1, Confirmed: 1, Completed: 0, Cancelled: 0 }],
    ["search=ruth", [5, 1, 0], { "In Progress": 1, Confirmed: 2, Completed: 0, Cancelled: 0 }],
    ["search=OAK", [3, 1], { "In Progress": 0, Confirmed: 1, Completed: 0, Cancelled: 1 }],
    ["search=sam%20baker", [4, 3, 2], { "In Progress": 1, Confirmed: 0, Completed: 1, Cancelled: 1 }],
    ["search=100%25", [], { "In Progress": 0, Confirmed: 0, Completed: 0, Cancelled: 0 }],
    [
      "search=maple&status=in-progress&priority=low",
      [0],
      { "In Progress": 1, Confirmed: 0, Completed: 0, Cancelled: 0 },
    ],
  ])("?%s filters, and the tiles count the whole filtered result", async (query, expected, counts) => {
    const { ids } = await seedPlacements();
    const { status, json } = await api(`/api/placements?${query}`);
    expect(status).toBe(200);
    expect(json.data.placements.map((p: Json) => p._id)).toEqual(expected.map((i) => ids[i]));
    expect(json.data.statusCounts).toEqual(counts);
    expect(json.data.totalCount).toBe(expected.length);
  });

  it("filters by facilityId and clientId", async () => {
    const { ids, maple, sam } = await seedPlacements();
    const byFacility = await api(`/api/placements?facilityId=${maple.id}`);
    expect(byFacility.json.data.placements.map((p: Json) => p._id)).toEqual([4, 2, 0].map((i) => ids[i]));
    const both = await api(`/api/placements?facilityId=${maple.id}&clientId=${sam.id}`);
    expect(both.json.data.placements.map((p: Json) => p._id)).toEqual([4, 2].map((i) => ids[i]));
    expect(both.json.data.statusCounts).toEqual({ "In Progress": 1, Confirmed: 0, Completed: 1, Cancelled: 0 });
  });

  it("pages, and the tiles still count every page", async () => {
    const { ids } = await seedPlacements();
    const { json } = await api("/api/placements?limit=4&page=2");
    expect(json.data.placements.map((p: Json) => p._id)).toEqual([ids[1], ids[0]]);
    expect(json.data).toMatchObject({ page: 2, totalPages: 2, totalCount: 6 });
    const beyond = await api("/api/placements?limit=4&page=3");
    expect(beyond.json.data.placements).toEqual([]);
  });

  it("shows only the caller's agency", async () => {
    await createPlacement(db, { agencyId: (await createAgency(db)).id });
    const { json } = await api("/api/placements");
    expect(json.data.placements).toEqual([]);
    expect(json.data.totalCount).toBe(0);
  });

  it.each([
    ["status=pending", "status", 'Invalid status "pending"'],
    ["priority=critical", "priority", 'Invalid priority "critical"'],
    ["facilityId=42", "facilityId", "facilityId must be an id"],
    ["clientId=abc", "clientId", "clientId must be an id"],
    ["page=0", "page", ""],
    ["agent=me", "agent", "Unknown field: agent"],
  ])("refuses ?%s with a 400", async (query, path, message) => {
    const { status, json } = await api(`/api/placements?${query}`);
    expect(status).toBe(400);
    expect(json.errors).toEqual([{ path, msg: expect.stringContaining(message) }]);
  });
});

describe("POST, GET, PUT, DELETE /api/placements", () => {
  it("creates with aliases mapped and the signed-in agent, populated; the timeline starts", async () => {
    const { client, facility } = await people();
    const { status, json } = await api("/api/placements", {
      body: apiBody(client.id, facility.id, { contractSigned: true, contractSignedDate: "2026-11-21" }),
    });
    expect(status).toBe(201);
    expect(json.message).toBe("Placement created successfully!");
    const p = json.data.placement;
    expect(p).toMatchObject({
      clientId: { _id: client.id, firstName: "Ruth", lastName: "Adler" },
      facilityId: { _id: facility.id, name: "Maple Grove", address: { city: "Tucson", state: "AZ" } },
      agentId: { _id: user.id, firstName: "Dana", role: "coordinator" },
      status: "In Progress",
      priority: "High",
      startDate: "2026-11-20",
      monthlyRate: 5250.5,
      depositAmount: 1000,
      contractSigned: true,
      contractSignedDate: "2026-11-21",
      depositPaid: false,
      depositPaidDate: null,
      endDate: null,
      moveInDate: null,
      progress: { percentage: 17 },
    });
    expect(p.timeline.map((t: Json) => [t.event, t.actor])).toEqual([
      ["Contract signed", "Dana Morgan"],
      ["Placement created", "Dana Morgan"],
    ]);
    expect(p.timeline[1].description).toBe("Ruth Adler → Maple Grove");
  });

  it("lists every required field with the spec's message", async () => {
    const { status, json } = await api("/api/placements", { body: {} });
    expect(status).toBe(400);
    expect(Object.fromEntries(json.errors.map((e: Json) => [e.path, e.msg]))).toEqual({
      clientId: "Client is required",
      facilityId: "Facility is required",
      status: "Status is required",
      priority: "Priority is required",
      startDate: "Start date is required",
    });
  });

  it.each([
    [{ monthlyRate: -1 }, "monthlyRate", "Monthly rate cannot be negative"],
    [{ monthlyRate: "lots" }, "monthlyRate", "Monthly rate must be an amount in dollars"],
    [{ paymentMethod: "Bitcoin" }, "paymentMethod", "Payment method must be one of Private Pay"],
    [{ moveInDate: "2026-02-30" }, "moveInDate", "Move-in date must be a valid date"],
    [{ startDate: "next week" }, "startDate", "Start date must be a valid date"],
    [{ status: "pending" }, "status", 'Invalid status "pending"'],
    [{ agentId: "me" }, "agentId", "Agent is not valid"],
    [{ rating: 5 }, "rating", "Unknown field"],
  ])("refuses %o", async (overrides, path, message) => {
    const { client, facility } = await people();
    const { status, json } = await api("/api/placements", { body: apiBody(client.id, facility.id, overrides) });
    expect(status).toBe(400);
    expect(json.errors).toEqual([{ path, msg: expect.stringContaining(message) }]);
    expect(await db.selectFrom("placements").select("id").execute()).toEqual([]);
  });

  it("refuses another agency's client, facility or agent", async () => {
    const other = await createAgency(db);
    const theirClient = await createClient(db, { agencyId: other.id });
    const theirFacility = await createFacility(db, { agencyId: other.id });
    const theirAgent = await createUser(db, { agencyId: other.id });
    const { status, json } = await api("/api/placements", {
      body: apiBody(theirClient.id, theirFacility.id, { agentId: theirAgent.id }),
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual([
      { path: "clientId", msg: "Client not found" },
      { path: "facilityId", msg: "Facility not found" },
      { path: "agentId", msg: "Agent not found" },
    ]);
  });

  it("a checklist date counts only when its box is ticked, and cents are kept", async () => {
    const { client, facility } = await people();
    const { json } = await api("/api/placements", {
      body: apiBody(client.id, facility.id, {
        depositPaid: false,
        depositPaidDate: "2026-11-22",
        monthlyRate: 4199.999,
      }),
    });
    expect(json.data.placement).toMatchObject({ depositPaid: false, depositPaidDate: null, monthlyRate: 4200 });
    const row = await db
      .selectFrom("placements")
      .select(["deposit_paid_date", "monthly_rate"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deposit_paid_date: null, monthly_rate: "4200.00" });
  });

  it("updates: each status change and step done or undone goes on the timeline; detail progress over six steps", async () => {
    const { client, facility } = await people();
    const created = await api("/api/placements", { body: apiBody(client.id, facility.id) });
    const id = created.json.data.placement._id;
    const put = (overrides: Record<string, unknown>) =>
      api(`/api/placements/${id}`, { method: "PUT", body: apiBody(client.id, facility.id, overrides) }, id);

    const first = await put({
      status: "confirmed",
      contractSigned: true,
      depositPaid: true,
      insuranceVerified: true,
      moveInDate: "2026-12-15",
    });
    expect(first.status).toBe(200);
    expect(first.json.message).toBe("Placement updated successfully!");
    expect(first.json.data.placement.progress).toEqual({ percentage: 67 }); // 4 of 6
    const second = await put({
      status: "confirmed",
      contractSigned: true,
      insuranceVerified: true,
      moveInDate: "2026-12-15",
    });
    expect(second.json.data.placement.progress).toEqual({ percentage: 50 });
    const unchanged = await put({
      status: "confirmed",
      contractSigned: true,
      insuranceVerified: true,
      moveInDate: "2026-12-15",
    });
    expect(unchanged.status).toBe(200);

    expect((await eventsOf(id)).map((e) => [e.event, e.description, e.actor_id])).toEqual([
      ["Placement created", "Ruth Adler → Maple Grove", user.id],
      ["Status changed", "In Progress → Confirmed", user.id],
      ["Contract signed", null, user.id],
      ["Deposit paid", null, user.id],
      ["Insurance verified", null, user.id],
      ["Move-in date set", "Dec 15, 2026", user.id],
      ["Deposit Paid undone", "Unticked on the checklist", user.id],
    ]);
    // Newest first on the placement.
    const got = await api(`/api/placements/${id}`, {}, id);
    expect(got.json.data.placement.timeline[0]).toMatchObject({ event: "Deposit Paid undone", actor: "Dana Morgan" });
    expect(got.json.data.placement.timeline).toHaveLength(7);
  });

  it("all six steps make 100 %", async () => {
    const { client, facility } = await people();
    const { json } = await api("/api/placements", {
      body: apiBody(client.id, facility.id, {
        contractSigned: true,
        depositPaid: true,
        insuranceVerified: true,
        medicalRecordsTransferred: true,
        familyNotified: true,
        moveInDate: "2027-01-04",
      }),
    });
    expect(json.data.placement.progress).toEqual({ percentage: 100 });
    const list = await api("/api/placements");
    expect(list.json.data.placements[0].progress).toEqual({ percentage: 100 });
  });

  it("another agency's placement is a 404 to read, update and delete; a bad id too", async () => {
    const theirs = await createPlacement(db, { agencyId: (await createAgency(db)).id });
    const { client, facility } = await people();
    expect((await api(`/api/placements/${theirs.id}`, {}, theirs.id)).status).toBe(404);
    const put = await api(
      `/api/placements/${theirs.id}`,
      { method: "PUT", body: apiBody(client.id, facility.id) },
      theirs.id,
    );
    expect(put.status).toBe(404);
    expect((await api(`/api/placements/${theirs.id}`, { method: "DELETE" }, theirs.id)).status).toBe(404);
    expect((await api("/api/placements/nope", {}, "nope")).status).toBe(404);
    expect(await db.selectFrom("placements").select("status").where("id", "=", theirs.id).executeTakeFirst()).toEqual({
      status: "In Progress",
    });
  });

  it("deletes with its timeline; the client's and facility's counts follow", async () => {
    const { client, facility } = await people();
    const created = await api("/api/placements", { body: apiBody(client.id, facility.id) });
    const id = created.json.data.placement._id;
    expect((await api("/api/placements/dashboard")).json.data.totalPlacements).toBe(1);
    const deleted = await api(`/api/placements/${id}`, { method: "DELETE" }, id);
    expect(deleted).toMatchObject({ status: 200, json: { message: "Placement deleted successfully" } });
    expect(await eventsOf(id)).toEqual([]);
    expect((await api("/api/placements/dashboard")).json.data.totalPlacements).toBe(0);
    expect((await api(`/api/placements?clientId=${client.id}`)).json.data.placements).toEqual([]);
  });

  it("dashboard: active is In Progress + Confirmed; the newest three, populated", async () => {
    const { ids } = await seedPlacements();
    const { status, json } = await api("/api/placements/dashboard");
    expect(status).toBe(200);
    expect(json.data.activePlacements).toBe(4);
    expect(json.data.totalPlacements).toBe(6);
    expect(json.data.recentPlacements.map((p: Json) => p._id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(json.data.recentPlacements[0]).toMatchObject({
      status: "Confirmed",
      clientId: { firstName: "Ruth", lastName: "Adler" },
      facilityId: { name: "Maple Court" },
    });
  });
});

describe("the screens", () => {
  const form = (clientId: string, facilityId: string, overrides: Record<string, string> = {}) =>
    placementFormFields(
      { clientId, facilityId, agentId: user.id },
      {
        startDate: "2026-11-23",
        monthlyRate: "4500.25",
        // Without JavaScript every checklist date field is posted, ticked or not.
        contractSignedDate: "2026-11-20",
        depositPaidDate: "2026-11-21",
        ...overrides,
      },
    );

  it("the form preselects a facility or client from the query, among its options", async () => {
    const { client, facility } = await people();
    const response = await settle(
      newLoader(args(get(`/placements/new?facilityId=${facility.id}&clientId=${client.id}`, cookie))),
    );
    const data = (await response.json()) as Json;
    expect(data.defaultValue).toMatchObject({
      facilityId: facility.id,
      clientId: client.id,
      agentId: user.id,
      status: "In Progress",
      priority: "Medium",
    });
    expect(data.options.facilities.map((f: Json) => f.id)).toContain(facility.id);
    const theirs = await createFacility(db, { agencyId: (await createAgency(db)).id });
    const foreign = (await (
      await settle(newLoader(args(get(`/placements/new?facilityId=${theirs.id}`, cookie))))
    ).json()) as Json;
    expect(foreign.defaultValue.facilityId).toBe("");
  });

  it("the pickers search clients and facilities of the agency only", async () => {
    await people();
    await createClient(db, { agencyId: (await createAgency(db)).id, first_name: "Ruth", last_name: "Other" });
    const answer = async (query: string) =>
      (await (await settle(optionsLoader(args(get(`/placement-options?${query}`, cookie))))).json()) as Json;
    expect((await answer("kind=client&q=ruth")).options.map((o: Json) => o.label)).toEqual(["Ruth Adler"]);
    expect((await answer("kind=facility&q=map")).options).toEqual([
      expect.objectContaining({ label: "Maple Grove", hint: expect.stringContaining("Tucson, AZ") }),
    ]);
    expect((await settle(optionsLoader(args(get("/placement-options?kind=agent", cookie))))).status).toBe(400);
  });

  it("creating shows the required messages, then saves; unticked dates are dropped", async () => {
    const { client, facility } = await people();
    const invalid = await settle(
      newAction(args(formPost("/placements/new", form("", facility.id, { startDate: "" }), cookie))),
    );
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as Json).result.error).toEqual({
      clientId: ["Client is required"],
      startDate: ["Start date is required"],
    });
    const created = await settle(
      newAction(args(formPost("/placements/new", form(client.id, facility.id, { contractSigned: "on" }), cookie))),
    );
    expect(created.status).toBe(302);
    expect(cookiesFrom(created)).toContain("__toast=");
    const row = await db.selectFrom("placements").selectAll().executeTakeFirstOrThrow();
    expect(created.headers.get("Location")).toBe(`/placements/${row.id}`);
    expect(row).toMatchObject({
      contract_signed: true,
      contract_signed_date: "2026-11-20",
      deposit_paid: false,
      deposit_paid_date: null,
      monthly_rate: "4500.25",
      deposit_amount: null,
      payment_method: null,
      agent_id: user.id,
    });
  });

  it("a client or facility of another agency is refused next to its field", async () => {
    const { client } = await people();
    const theirs = await createFacility(db, { agencyId: (await createAgency(db)).id });
    const response = await settle(newAction(args(formPost("/placements/new", form(client.id, theirs.id), cookie))));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).errors).toEqual([{ path: "facilityId", msg: "Facility not found" }]);
  });

  it("editing writes the timeline, and the detail shows progress and who did what", async () => {
    const { client, facility } = await people();
    const placement = await createPlacement(db, {
      agencyId: user.agency_id,
      client_id: client.id,
      facility_id: facility.id,
      agent_id: user.id,
    });
    const edited = await settle(
      editAction(
        args(
          formPost(
            `/placements/${placement.id}/edit`,
            form(client.id, facility.id, { status: "Confirmed", familyNotified: "on" }),
            cookie,
          ),
          {
            id: placement.id,
          },
        ),
      ),
    );
    expect(edited.status).toBe(302);
    expect(edited.headers.get("Location")).toBe("/placements"); // the form returns to the list
    const detail = (await (
      await settle(detailLoader(args(get(`/placements/${placement.id}`, cookie), { id: placement.id })))
    ).json()) as Json;
    const record = detail.placement ?? detail;
    expect(record.progress).toBe(17);
    expect(record.timeline.map((t: Json) => [t.event, t.actor])).toEqual([
      ["Family notified", "Dana Morgan"],
      ["Status changed", "Dana Morgan"],
    ]);
  });

  it("another agency's placement is a 404 on every screen", async () => {
    const { client, facility } = await people();
    const theirs = await createPlacement(db, { agencyId: (await createAgency(db)).id });
    const params = { id: theirs.id };
    expect((await settle(detailLoader(args(get(`/placements/${theirs.id}`, cookie), params)))).status).toBe(404);
    expect(
      (
        await settle(
          editAction(args(formPost(`/placements/${theirs.id}/edit`, form(client.id, facility.id), cookie), params)),
        )
      ).status,
    ).toBe(404);
    const refused = await settle(deleteAction(args(formPost(`/placements/${theirs.id}/delete`, {}, cookie), params)));
    expect(refused.headers.get("Location")).toBe("/placements");
    expect(await db.selectFrom("placements").select("id").where("id", "=", theirs.id).executeTakeFirst()).toEqual({
      id: theirs.id,
    });
  });

  it("the list screen filters by facility, names the filter, and counts the tiles over the result", async () => {
    const { maple } = await seedPlacements();
    const response = await settle(
      listScreenLoader(args(get(`/placements?facilityId=${maple.id}&priority=high`, cookie))),
    );
    const data = (await response.json()) as Json;
    expect(data.placements).toHaveLength(1);
    expect(data.facility).toMatchObject({ id: maple.id, name: "Maple Grove" });
    expect(data.total).toBe(1);
  });

  it("deleting from the screen goes back to the list with a toast", async () => {
    const placement = await createPlacement(db, { agencyId: user.agency_id, agent_id: user.id });
    const response = await settle(
      deleteAction(args(formPost(`/placements/${placement.id}/delete`, {}, cookie), { id: placement.id })),
    );
    expect(response.headers.get("Location")).toBe("/placements");
    expect(cookiesFrom(response)).toContain("__toast=");
    expect(await db.selectFrom("placements").select("id").execute()).toEqual([]);
  });
});

describe("search by name", () => {
  it("follows a client's or a facility's rename, and never matches across the two names", async () => {
    const { ids, ruth, oak } = await seedPlacements();
    const found = async (search: string) =>
      (await api(`/api/placements?search=${encodeURIComponent(search)}`)).json.data.placements.map((p: Json) => p._id);
    expect(await found("adler oak")).toEqual([]);
    await db.updateTable("clients").set({ last_name: "Zeller" }).where("id", "=", ruth.id).execute();
    await db.updateTable("facilities").set({ name: "Pine Hollow" }).where("id", "=", oak.id).execute();
    expect(await found("adler")).toEqual([]);
    expect(await found("ruth zeller")).toEqual([5, 1, 0].map((i) => ids[i]));
    expect(await found("pine hol")).toEqual([3, 1].map((i) => ids[i]));
    expect(await found("oak")).toEqual([]);
    // Moving a placement to another client carries that client's name.
    const { sam } = {
      sam: await db.selectFrom("clients").select("id").where("first_name", "=", "Sam").executeTakeFirstOrThrow(),
    };
    await db.updateTable("placements").set({ client_id: sam.id }).where("id", "=", ids[1]).execute();
    expect(await found("ruth")).toEqual([5, 0].map((i) => ids[i]));
  });
});

// The placement form beyond saving (docs/screens.md, "Placements"): the pickers' search step
// without JavaScript, and the dates kept in their order on the screens and in the API.
import { beforeEach, describe, expect, it } from "vitest";
import { action as editAction } from "~/routes/_app.placements.$id.edit";
import { action as newAction } from "~/routes/_app.placements.new";
import { loader as optionsLoader } from "~/routes/placement-options";
import { action as itemAction, loader as itemLoader } from "~/routes/api.placements.$id";
import { action as createAction, loader as listLoader } from "~/routes/api.placements._index";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createFacility, createPlacement, type TestUser } from "../support/factories";
import { args, formPost, get, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";
import { placementFormFields } from "../support/api-bodies";

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

async function people() {
  const client = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
  const facility = await createFacility(db, { agencyId: user.agency_id, name: "Maple Grove" });
  return { client, facility };
}

/** The placement form as a browser without JavaScript posts it. */
const form = (clientId: string, facilityId: string, overrides: Record<string, string> = {}) =>
  placementFormFields({ clientId, facilityId, agentId: user.id }, overrides);

const placementCount = async () => (await db.selectFrom("placements").select("id").execute()).length;

describe("the dates in their order", () => {
  const wrong = { startDate: "2026-12-10", endDate: "2026-01-01", moveInDate: "2025-01-01" };

  it("the form refuses the issue's example next to each date, and saves nothing", async () => {
    const { client, facility } = await people();
    const response = await settle(
      newAction(args(formPost("/placements/new", form(client.id, facility.id, wrong), cookie))),
    );
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as Json;
    expect(result.error).toEqual({
      moveInDate: ["Move-in date cannot be before the start date"],
      endDate: ["End date cannot be before the start date"],
    });
    // What was typed comes back to the form.
    expect(result.initialValue).toMatchObject(wrong);
    expect(await placementCount()).toBe(0);
  });

  it("the form says an end before the move-in, also when the client is missing", async () => {
    const { facility } = await people();
    const response = await settle(
      newAction(
        args(
          formPost(
            "/placements/new",
            form("", facility.id, { moveInDate: "2026-12-20", endDate: "2026-12-15" }),
            cookie,
          ),
        ),
      ),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).result.error).toEqual({
      clientId: ["Client is required"],
      endDate: ["End date cannot be before the move-in date"],
    });
  });

  it("the same day for all three, and an empty end, are saved", async () => {
    const { client, facility } = await people();
    // Ended (cancelled) the day it started: the next one is the client's only open one there.
    const same = { startDate: "2026-12-10", moveInDate: "2026-12-10", endDate: "2026-12-10", status: "Cancelled" };
    const saved = await settle(
      newAction(args(formPost("/placements/new", form(client.id, facility.id, same), cookie))),
    );
    expect(saved.status).toBe(302);
    const open = await settle(
      newAction(args(formPost("/placements/new", form(client.id, facility.id, { moveInDate: "2027-01-02" }), cookie))),
    );
    expect(open.status).toBe(302);
    const rows = await db.selectFrom("placements").select(["start_date", "move_in_date", "end_date"]).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { start_date: "2026-12-10", move_in_date: "2026-12-10", end_date: "2026-12-10" },
        { start_date: "2026-12-10", move_in_date: "2027-01-02", end_date: null },
      ]),
    );
  });

  it("editing refuses an end before the start and leaves the placement as it was", async () => {
    const { client, facility } = await people();
    const placement = await createPlacement(db, {
      agencyId: user.agency_id,
      client_id: client.id,
      facility_id: facility.id,
      agent_id: user.id,
      start_date: "2026-03-01",
    });
    const response = await settle(
      editAction(
        args(
          formPost(
            `/placements/${placement.id}/edit`,
            form(client.id, facility.id, { startDate: "2026-03-01", endDate: "2026-02-28", status: "Cancelled" }),
            cookie,
          ),
          { id: placement.id },
        ),
      ),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).result.error).toEqual({
      endDate: ["End date cannot be before the start date"],
    });
    expect(
      await db
        .selectFrom("placements")
        .select(["status", "end_date"])
        .where("id", "=", placement.id)
        .executeTakeFirst(),
    ).toEqual({ status: "In Progress", end_date: null });
  });

  it("POST /api/placements answers 400 naming each date; nothing is saved", async () => {
    const { client, facility } = await people();
    const body = { clientId: client.id, facilityId: facility.id, status: "in-progress", priority: "high", ...wrong };
    const { status, json } = await api("/api/placements", { body });
    expect(status).toBe(400);
    expect(json).toEqual({
      success: false,
      message: "Validation failed",
      errors: [
        { path: "moveInDate", msg: "Move-in date cannot be before the start date" },
        { path: "endDate", msg: "End date cannot be before the start date" },
      ],
    });
    expect(await placementCount()).toBe(0);

    const fixed = await api("/api/placements", { body: { ...body, endDate: "2026-12-10", moveInDate: null } });
    expect(fixed.status).toBe(201);
    expect(fixed.json.data.placement).toMatchObject({
      startDate: "2026-12-10",
      endDate: "2026-12-10",
      moveInDate: null,
    });
  });

  it("PUT /api/placements/:id answers 400 for an end before the move-in, and changes nothing", async () => {
    const { client, facility } = await people();
    const created = await api("/api/placements", {
      body: {
        clientId: client.id,
        facilityId: facility.id,
        status: "In Progress",
        priority: "Low",
        startDate: "2026-12-10",
      },
    });
    const id = created.json.data.placement._id as string;
    const put = await api(
      `/api/placements/${id}`,
      {
        method: "PUT",
        body: {
          clientId: client.id,
          facilityId: facility.id,
          status: "Cancelled",
          priority: "Low",
          startDate: "2026-12-10",
          moveInDate: "2026-12-12",
          endDate: "2026-12-11",
        },
      },
      id,
    );
    expect(put.status).toBe(400);
    expect(put.json.errors).toEqual([{ path: "endDate", msg: "End date cannot be before the move-in date" }]);
    const got = await api(`/api/placements/${id}`, {}, id);
    expect(got.json.data.placement).toMatchObject({ status: "In Progress", endDate: null, moveInDate: null });
  });
});

describe("the pickers' search step (without JavaScript)", () => {
  /** Clients and facilities to search among, and another agency's that must never be offered. */
  async function directory() {
    const agencyId = user.agency_id;
    const ruth = await createClient(db, { agencyId, first_name: "Ruth", last_name: "Adler" });
    const rhea = await createClient(db, { agencyId, first_name: "Rhea", last_name: "Adlington" });
    const sam = await createClient(db, { agencyId, first_name: "Sam", last_name: "Baker" });
    const grove = await createFacility(db, { agencyId, name: "Maple Grove", address_city: "Tucson" });
    const court = await createFacility(db, { agencyId, name: "Maple Court", address_city: "Mesa" });
    await createFacility(db, { agencyId, name: "Maple Closed", is_active: false });
    const oak = await createFacility(db, { agencyId, name: "Oak Ridge" });
    const other = await createAgency(db);
    const theirs = await createClient(db, { agencyId: other.id, first_name: "Ruth", last_name: "Adlerson" });
    await createFacility(db, { agencyId: other.id, name: "Maple Elsewhere" });
    return { ruth, rhea, sam, grove, court, oak, theirs };
  }

  const post = (fields: Record<string, string>) => settle(newAction(args(formPost("/placements/new", fields, cookie))));

  it("keeps every value typed, offers each term's matches and the one chosen, checks and saves nothing", async () => {
    const { rhea, ruth, sam, grove, court } = await directory();
    const typed = form(sam.id, "", {
      priority: "High",
      startDate: "",
      endDate: "2026-01-01",
      monthlyRate: "4500.25",
      contractSigned: "on",
      contractSignedDate: "2026-11-20",
      notes: "Prefers a ground-floor room.",
    });
    const response = await post({ ...typed, clientSearch: " adl ", facilitySearch: "maple", intent: "search" });

    expect(response.status).toBe(200);
    const data = (await response.json()) as Json;
    // Every value as typed, none of the search fields, and no message (not even for the missing
    // facility, the empty start date or the end before it).
    expect(data.result.initialValue).toEqual(typed);
    expect(data.result.error).toEqual({});
    expect(data.result.status).toBeUndefined();
    expect(data.errors).toBeUndefined();
    // The client chosen first, then the matches in first-name order; never another agency's.
    expect(data.options.clients.map((o: Json) => [o.id, o.label])).toEqual([
      [sam.id, "Sam Baker"],
      [rhea.id, "Rhea Adlington"],
      [ruth.id, "Ruth Adler"],
    ]);
    expect(data.options.searched.client).toEqual({ term: "adl", total: 2, capped: false, shown: 2 });
    // Active facilities only.
    expect(data.options.facilities.map((o: Json) => o.id)).toEqual([court.id, grove.id]);
    expect(data.options.searched.facility).toEqual({ term: "maple", total: 2, capped: false, shown: 2 });
    expect(data.options.agents.map((a: Json) => a.name)).toEqual(["Dana Morgan"]);
    expect(await placementCount()).toBe(0);
  });

  it("no match says so, and still offers the one chosen; an empty box offers the usual ones", async () => {
    const { ruth, oak } = await directory();
    const response = await post({
      ...form(ruth.id, oak.id),
      clientSearch: "zzz",
      facilitySearch: "",
      intent: "search",
    });
    const data = (await response.json()) as Json;
    expect(data.options.clients.map((o: Json) => o.id)).toEqual([ruth.id]);
    expect(data.options.searched.client).toEqual({ term: "zzz", total: 0, capped: false, shown: 0 });
    expect(data.options.searched.facility).toBeNull();
    expect(data.options.facilities).toHaveLength(3); // the active ones, the chosen among them
    expect(data.options.facilities.map((o: Json) => o.id)).toContain(oak.id);
  });

  it("another agency's client is never offered, searched by name or posted as the chosen one", async () => {
    const { theirs } = await directory();
    const response = await post({ ...form(theirs.id, ""), clientSearch: "adlerson", intent: "search" });
    const data = (await response.json()) as Json;
    expect(data.options.clients).toEqual([]);
    expect(data.options.searched.client).toMatchObject({ term: "adlerson", total: 0 });
  });

  it("offers the first 50 matches of many, and says how many there are", async () => {
    const agencyId = user.agency_id;
    for (let i = 1; i <= 53; i++) {
      await createClient(db, { agencyId, first_name: `Pat${String(i).padStart(2, "0")}`, last_name: "Manyfold" });
    }
    const response = await post({ ...form("", ""), clientSearch: "manyfold", intent: "search" });
    const data = (await response.json()) as Json;
    expect(data.options.clients).toHaveLength(50);
    expect(data.options.clients[0].label).toBe("Pat01 Manyfold");
    expect(data.options.searched.client).toEqual({ term: "manyfold", total: 53, capped: false, shown: 50 });
  });

  it("Enter searches while a search box holds a term not searched yet, and saves once it was", async () => {
    const { ruth, grove } = await directory();
    const searched = await post({ ...form("", grove.id), clientSearch: "ruth", clientSearched: "", intent: "enter" });
    expect(searched.status).toBe(200);
    const data = (await searched.json()) as Json;
    expect(data.options.searched.client).toMatchObject({ term: "ruth", total: 1 });
    expect(await placementCount()).toBe(0);

    const saved = await post({
      ...form(ruth.id, grove.id, { notes: "Chosen after a search." }),
      clientSearch: "ruth",
      clientSearched: "ruth",
      facilitySearch: "",
      facilitySearched: "",
      intent: "enter",
    });
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("placements")
      .select(["id", "client_id", "facility_id", "notes"])
      .executeTakeFirstOrThrow();
    expect(saved.headers.get("Location")).toBe(`/placements/${row.id}`);
    expect(row).toMatchObject({ client_id: ruth.id, facility_id: grove.id, notes: "Chosen after a search." });
  });

  it("the main button saves whatever the search boxes hold", async () => {
    const { ruth, grove } = await directory();
    const saved = await post({ ...form(ruth.id, grove.id), clientSearch: "something new", facilitySearch: "x" });
    expect(saved.status).toBe(302);
    expect(await placementCount()).toBe(1);
  });

  it("a save refused goes back with the pickers as they were: the chosen client and the term's matches", async () => {
    const { ruth, rhea, grove } = await directory();
    const invalid = await post({ ...form(ruth.id, grove.id, { startDate: "" }), clientSearch: "rhea" });
    expect(invalid.status).toBe(400);
    const data = (await invalid.json()) as Json;
    expect(data.result.error).toEqual({ startDate: ["Start date is required"] });
    expect(data.options.clients.map((o: Json) => o.id)).toEqual([ruth.id, rhea.id]);
    expect(data.options.searched.client).toMatchObject({ term: "rhea", total: 1 });

    // Refused by what only the server knows: the same.
    await db.deleteFrom("facilities").where("id", "=", grove.id).execute();
    const gone = await post({ ...form(ruth.id, grove.id), clientSearch: "rhea" });
    expect(gone.status).toBe(400);
    const answer = (await gone.json()) as Json;
    expect(answer.errors).toEqual([{ path: "facilityId", msg: "Facility not found" }]);
    expect(answer.options.clients.map((o: Json) => o.id)).toEqual([ruth.id, rhea.id]);
    expect(await placementCount()).toBe(0);
  });

  it("searching on the edit form changes nothing", async () => {
    const { ruth, grove, rhea } = await directory();
    const placement = await createPlacement(db, {
      agencyId: user.agency_id,
      client_id: ruth.id,
      facility_id: grove.id,
      agent_id: user.id,
      notes: "Stored note",
    });
    const response = await settle(
      editAction(
        args(
          formPost(
            `/placements/${placement.id}/edit`,
            { ...form(rhea.id, grove.id, { notes: "Edited, not saved" }), clientSearch: "rhea", intent: "search" },
            cookie,
          ),
          { id: placement.id },
        ),
      ),
    );
    expect(response.status).toBe(200);
    const data = (await response.json()) as Json;
    expect(data.result.initialValue).toMatchObject({ clientId: rhea.id, notes: "Edited, not saved" });
    expect(
      await db
        .selectFrom("placements")
        .select(["client_id", "notes"])
        .where("id", "=", placement.id)
        .executeTakeFirst(),
    ).toEqual({ client_id: ruth.id, notes: "Stored note" });
  });

  it("searches as the type-to-search pickers do (JavaScript), a stray NUL character included", async () => {
    await directory();
    const combobox = async (query: string) => {
      const response = await settle(optionsLoader(args(get(`/placement-options?${query}`, cookie))));
      expect(response.status).toBe(200);
      return ((await response.json()) as Json).options.map((o: Json) => o.id);
    };
    const step = async (fields: Record<string, string>) =>
      ((await (await post({ ...form("", ""), ...fields, intent: "search" })).json()) as Json).options;

    expect((await step({ clientSearch: "adl" })).clients.map((o: Json) => o.id)).toEqual(
      await combobox("kind=client&q=adl"),
    );
    expect((await step({ facilitySearch: "mesa" })).facilities.map((o: Json) => o.id)).toEqual(
      await combobox("kind=facility&q=mesa"),
    );
    expect(await combobox("kind=client&q=ad%00l")).toHaveLength(2);
    expect((await step({ clientSearch: "ad\u0000l" })).searched.client).toMatchObject({ term: "adl", total: 2 });
  });

  it("the search fields are the form's only: the API refuses them", async () => {
    const { ruth, grove } = await directory();
    const { status, json } = await api("/api/placements", {
      body: {
        clientId: ruth.id,
        facilityId: grove.id,
        status: "In Progress",
        priority: "Low",
        startDate: "2026-12-10",
        clientSearch: "ruth",
      },
    });
    expect(status).toBe(400);
    expect(json.errors).toEqual([{ path: "clientSearch", msg: "Unknown field: clientSearch" }]);
  });
});

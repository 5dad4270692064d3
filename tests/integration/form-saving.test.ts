// What the entity forms do beyond validation: an unexpected failure while saving keeps what was
// typed and says so in the spec's words; a client's e-mail or phone already on file is flagged
// when adding and when editing; the API refuses a duplicate client unless asked not to.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as editClientAction } from "~/routes/_app.clients.$id.edit";
import { action as newClientAction } from "~/routes/_app.clients.new";
import { action as editFacilityAction } from "~/routes/_app.facilities.$id.edit";
import { action as newFacilityAction } from "~/routes/_app.facilities.new";
import { action as editPlacementAction } from "~/routes/_app.placements.$id.edit";
import { action as newPlacementAction } from "~/routes/_app.placements.new";
import { action as createClientApi } from "~/routes/api.clients._index";
import { type Json, signInNewAgency } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, type TestUser } from "../support/factories";
import { clientFormFields, facilityFormFields } from "../support/form-fields";
import { apiRequest, args, formPost, settle } from "../support/http";

const db = testDb();
let user: TestUser;
let token: string;
let cookie: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db));
});

const clientForm = clientFormFields;
const facilityForm = facilityFormFields;

const placementForm = (clientId: string, facilityId: string, overrides: Record<string, string> = {}) => ({
  clientId,
  facilityId,
  agentId: user.id,
  status: "In Progress",
  priority: "Medium",
  startDate: "2026-11-23",
  ...overrides,
});

/** An action's answer as the form reads it: its status and Conform's reply. */
async function answer(response: unknown) {
  const settled = await settle(response);
  const body = settled.headers.get("Content-Type")?.includes("json") ? ((await settled.json()) as Json) : null;
  return { status: settled.status, location: settled.headers.get("Location"), body };
}

describe("an unexpected failure while saving", () => {
  // A database that refuses a row for a reason no form rule knows: a trigger raising an error.
  const TABLES = { clients: "first_name = 'Boom'", facilities: "name = 'Boom Care'", placements: "notes = 'Boom'" };

  beforeEach(async () => {
    await sql`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(db);
    for (const [table, condition] of Object.entries(TABLES)) {
      await sql
        .raw(
          `CREATE TRIGGER test_refuse BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW WHEN (NEW.${condition}) EXECUTE FUNCTION test_refuse()`,
        )
        .execute(db);
    }
    // The route logs the error for the server's log; keep the test output quiet.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    for (const table of Object.keys(TABLES)) {
      await sql.raw(`DROP TRIGGER IF EXISTS test_refuse ON ${table}`).execute(db);
    }
    await sql`DROP FUNCTION IF EXISTS test_refuse()`.execute(db);
  });

  /** The form comes back with everything typed and the spec's fallback text as its message. */
  function expectFormKept(result: Awaited<ReturnType<typeof answer>>, message: string, typed: Record<string, string>) {
    expect(result.status).toBe(500);
    expect(result.body?.result.error).toEqual({ "": [message] });
    expect(result.body?.result.initialValue).toMatchObject(typed);
  }

  it("adding or editing a client says 'Failed to create client' / 'Failed to update client'", async () => {
    const typed = clientForm({ firstName: "Boom" });
    const kept = { firstName: "Boom", lastName: "Brennan", email: "walter@example.com", careLevel: "skilled" };
    expectFormKept(
      await answer(newClientAction(args(formPost("/clients/new", typed, cookie)))),
      "Failed to create client",
      kept,
    );
    const client = await createClient(db, { agencyId: user.agency_id });
    const edit = await answer(
      editClientAction(args(formPost(`/clients/${client.id}/edit`, typed, cookie), { id: client.id })),
    );
    expectFormKept(edit, "Failed to update client", kept);
    expect((await db.selectFrom("clients").select("first_name").execute()).map((c) => c.first_name)).toEqual([
      "Client",
    ]);
  });

  it("adding or editing a facility says 'Failed to create facility' / 'Failed to update facility'", async () => {
    const typed = facilityForm({ name: "Boom Care" });
    const kept = { name: "Boom Care", licenseNumber: "OR-AL-1", capacity: "40", minCost: "3500" };
    expectFormKept(
      await answer(newFacilityAction(args(formPost("/facilities/new", typed, cookie)))),
      "Failed to create facility",
      kept,
    );
    const facility = await createFacility(db, { agencyId: user.agency_id });
    const edit = await answer(
      editFacilityAction(args(formPost(`/facilities/${facility.id}/edit`, typed, cookie), { id: facility.id })),
    );
    expectFormKept(edit, "Failed to update facility", kept);
  });

  it("saving a placement says 'Failed to save placement'", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    const facility = await createFacility(db, { agencyId: user.agency_id });
    const typed = placementForm(client.id, facility.id, { notes: "Boom" });
    expectFormKept(
      await answer(newPlacementAction(args(formPost("/placements/new", typed, cookie)))),
      "Failed to save placement",
      typed,
    );
    const placement = await createPlacement(db, {
      agencyId: user.agency_id,
      client_id: client.id,
      facility_id: facility.id,
    });
    const edit = await answer(
      editPlacementAction(args(formPost(`/placements/${placement.id}/edit`, typed, cookie), { id: placement.id })),
    );
    expectFormKept(edit, "Failed to save placement", typed);
  });
});

describe("a client whose e-mail or phone is on file", () => {
  it("editing to another client's e-mail warns first; 'Save anyway' saves", async () => {
    const other = await createClient(db, { agencyId: user.agency_id, email: "taken@example.com", first_name: "Olga" });
    const client = await createClient(db, { agencyId: user.agency_id, phone: "+15557770000" });
    const path = `/clients/${client.id}/edit`;
    const typed = clientForm({ email: "TAKEN@example.com", phone: "555-777-0000" });

    const warned = await answer(editClientAction(args(formPost(path, typed, cookie), { id: client.id })));
    expect(warned.status).toBe(409);
    expect(warned.body?.duplicates).toEqual([{ id: other.id, name: `Olga ${other.last_name}`, matches: ["email"] }]);
    expect(warned.body?.result.initialValue).toMatchObject({ email: "TAKEN@example.com" });

    const saved = await answer(
      editClientAction(args(formPost(path, { ...typed, intent: "save-anyway" }, cookie), { id: client.id })),
    );
    expect(saved).toMatchObject({ status: 302, location: "/clients" });
    const stored = await db.selectFrom("clients").select("email").where("id", "=", client.id).executeTakeFirstOrThrow();
    expect(stored.email).toBe("TAKEN@example.com");
  });

  it("editing a client that already shares its e-mail, without changing it, does not warn", async () => {
    await createClient(db, { agencyId: user.agency_id, email: "twin@example.com" });
    const client = await createClient(db, { agencyId: user.agency_id, email: "twin@example.com" });
    const typed = clientForm({ email: "twin@example.com", phone: client.phone, lastName: "Renamed" });
    const saved = await answer(
      editClientAction(args(formPost(`/clients/${client.id}/edit`, typed, cookie), { id: client.id })),
    );
    expect(saved).toMatchObject({ status: 302, location: "/clients" });
  });

  describe("POST /api/clients", () => {
    const body = {
      firstName: "Eleanor",
      lastName: "Whitfield",
      email: "eleanor@example.com",
      phone: "(555) 123-4567",
      dateOfBirth: "1941-03-09",
      emergencyContact: { name: "Ruth Whitfield", relationship: "Daughter", phone: "555-987-6543" },
    };
    const create = async (query = "") => {
      const response = await settle(createClientApi(args(apiRequest(`/api/clients${query}`, { token, body }))));
      return { status: response.status, json: (await response.json()) as Json };
    };

    it("answers 409 with the matching record, unless allowDuplicate=true", async () => {
      const first = await create();
      expect(first.status).toBe(201);

      const refused = await create();
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        success: false,
        message:
          "A client with the same e-mail or phone already exists. To add this one anyway, send the request again with ?allowDuplicate=true.",
        duplicates: [{ _id: first.json.data.client._id, name: "Eleanor Whitfield", matches: ["email", "phone"] }],
      });
      expect(await db.selectFrom("clients").select("id").execute()).toHaveLength(1);

      expect((await create("?allowDuplicate=true")).status).toBe(201);
      expect(await db.selectFrom("clients").select("id").execute()).toHaveLength(2);
    });

    it("refuses any other allowDuplicate value with a 400", async () => {
      const refused = await create("?allowDuplicate=yes");
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual([
        { path: "allowDuplicate", msg: 'allowDuplicate must be "true" or "false"' },
      ]);
    });
  });
});

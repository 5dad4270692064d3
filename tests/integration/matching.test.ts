import { beforeEach, describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import { createFacility as saveFacility, updateFacility } from "~/models/facilities.server";
import { matchableClients, matchClient, matchClients } from "~/models/matching.server";
import { loader as matchesLoader } from "~/routes/api.clients.$id_.matches";
import { loader as taskLoader } from "~/routes/api.tasks.$id";
import { FacilitySchema } from "~/schemas/facility";
import { milesBetween } from "~/utils/geo";
import { compareMatches, type MatchFacility, scoreFacility } from "~/utils/matching";
import { clientPoint } from "~/utils/zip-codes.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createFacility, createTask, type TestUser } from "../support/factories";
import { apiRequest, args, settle } from "../support/http";
import { type Json, signInNewAgency } from "../support/api";
import { validFacilityBody } from "../support/api-bodies";

const db = testDb();

let user: TestUser;
let token: string;
const ctx = () => ({ userId: user.id, agencyId: user.agency_id });

async function matches(clientId: string, query = ""): Promise<{ status: number; json: Json }> {
  const response = await settle(
    matchesLoader(args(apiRequest(`/api/clients/${clientId}/matches${query}`, { token }), { id: clientId })),
  );
  return { status: response.status, json: (await response.json()) as Json };
}

const names = (json: Json) => (json.data.matches as Json[]).map((m) => m.facilityName);

/** A facility of the caller's agency at a real ZIP code. */
const facility = (name: string, type: string, zip: string, values: Record<string, unknown> = {}) =>
  createFacility(db, {
    agencyId: user.agency_id,
    name,
    type: type as never,
    address_zip: zip,
    address_city: zipcodes.lookup(zip)?.city ?? "Nowhere",
    address_state: zipcodes.lookup(zip)?.state ?? "ZZ",
    cost_range: "$5,000 - $6,000",
    specialties: [],
    amenities: [],
    min_cost: 5000,
    max_cost: 6000,
    capacity: 50,
    current_occupancy: 45,
    ...values,
  });

/** A memory-care client who would like to stay near Boston, with $5,000–$7,000 a month. */
const memoryClient = (values: Record<string, unknown> = {}) =>
  createClient(db, {
    agencyId: user.agency_id,
    care_level: "memory",
    medical_conditions: ["Alzheimer's Disease"],
    budget_min: 5000,
    budget_max: 7000,
    preferred_location: "Boston, MA",
    address_zip: "02138",
    room_type: "studio",
    ...values,
  });

beforeEach(async () => {
  await resetDb(db);
  ({ user, token } = await signInNewAgency(db));
  await facility("Harbor Memory", "Memory Care", "02108", { specialties: ["Alzheimer's Care"] });
  await facility("Cambridge Commons", "Assisted Living", "02138", { specialties: ["Dementia Care"] });
  await facility("Worcester Memory", "Memory Care", "01608");
  await facility("Springfield Memory", "Memory Care", "62701");
  // Never for memory care: a type that cannot serve it, inactive, or another agency's.
  await facility("Quincy Independence", "Independent Living", "02169");
  await facility("Back Bay Assisted", "Assisted Living", "02116");
  await facility("Home Helpers", "Home Care", "02108");
  await facility("Closed Memory", "Memory Care", "02108", { is_active: false });
  const other = await createAgency(db);
  await createFacility(db, { agencyId: other.id, name: "Theirs", type: "Memory Care", address_zip: "02108" });
});

describe("GET /api/clients/{id}/matches", () => {
  it("answers the facilities that can serve the client, best first, each with its score, reasons and beds", async () => {
    const client = await memoryClient();
    const { status, json } = await matches(client.id);
    expect(status).toBe(200);
    // 97; 87 and 87 (the nearer first); 74, found in the last ring (everywhere), as fewer than 10 are nearer.
    expect(names(json)).toEqual(["Harbor Memory", "Cambridge Commons", "Worcester Memory", "Springfield Memory"]);
    expect(json.data.matches[0]).toEqual({
      facilityId: expect.any(String),
      facilityName: "Harbor Memory",
      facilityType: "Memory Care",
      city: "Boston",
      state: "MA",
      compatibilityScore: 97,
      reasons: ["Memory care unit", "Within budget", "1 mile away", "5 beds free", "Alzheimer's Care"],
      available: true,
      availableBeds: 5,
      costRange: "$5,000 - $6,000",
      distanceMiles: expect.any(Number),
      openPlacement: null,
    });
    expect(json.data.matches.map((m: Json) => m.compatibilityScore)).toEqual([97, 87, 87, 74]);
    expect(json.data.matches[1].reasons.slice(0, 2)).toEqual(["Within budget", "Dementia care program"]);
    // Boston to Worcester is about 40 miles; to Springfield, Illinois, about 900.
    expect(json.data.matches[2].distanceMiles).toBeGreaterThan(35);
    expect(json.data.matches[2].distanceMiles).toBeLessThan(45);
    expect(json.data.matches[3].reasons).toContain(`${Math.round(json.data.matches[3].distanceMiles)} miles away`);
  });

  it("a ranking shown again is the kept one only while nothing it depends on changed", async () => {
    const client = await memoryClient();
    const first = (await matches(client.id, "?limit=2")).json;
    expect(names(first)).toEqual(["Harbor Memory", "Cambridge Commons"]);
    expect((await matches(client.id, "?limit=2")).json).toEqual(first);
    // A facility's change (its beds, through the model): Harbor Memory is full now.
    const harbor = await db
      .selectFrom("facilities")
      .select("id")
      .where("name", "=", "Harbor Memory")
      .executeTakeFirstOrThrow();
    await db.updateTable("facilities").set({ current_occupancy: 50 }).where("id", "=", harbor.id).execute();
    const full = (await matches(client.id, "?limit=2")).json;
    expect(full.data.matches[0]).toMatchObject({ facilityName: "Harbor Memory", availableBeds: 0, available: false });
    expect(full.data.matches[0].compatibilityScore).toBeLessThan(first.data.matches[0].compatibilityScore);
    // The client's change: a budget under every facility's costs.
    await db.updateTable("clients").set({ budget_min: 1000, budget_max: 2000 }).where("id", "=", client.id).execute();
    const poorer = (await matches(client.id, "?limit=2")).json;
    expect(poorer.data.matches[0].reasons).toContain("Above budget");
    // Another limit is its own ranking.
    expect(names((await matches(client.id, "?limit=1")).json)).toHaveLength(1);
  });

  it("limit: 10 unless asked, at most 100", async () => {
    const client = await memoryClient();
    expect(names((await matches(client.id, "?limit=2")).json)).toEqual(["Harbor Memory", "Cambridge Commons"]);
    for (const bad of ["0", "101", "two"]) {
      const { status, json } = await matches(client.id, `?limit=${bad}`);
      expect(status).toBe(400);
      expect(json.errors[0]).toMatchObject({ path: "limit" });
    }
    expect((await matches(client.id, "?sort=name")).status).toBe(400);
  });

  it("another agency's client, or none, is not found", async () => {
    const other = await createAgency(db);
    const theirs = await createClient(db, { agencyId: other.id, care_level: "memory" });
    for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const { status, json } = await matches(id);
      expect(status).toBe(404);
      expect(json).toEqual({ success: false, message: "Client not found" });
    }
    expect(await matchClient(db, ctx(), theirs.id)).toBeNull();
  });

  it("a client with no budget: half the budget points, said", async () => {
    const client = await memoryClient({ budget_min: null, budget_max: null });
    const { json } = await matches(client.id, "?limit=1");
    expect(json.data.matches[0]).toMatchObject({ facilityName: "Harbor Memory", compatibilityScore: 85 });
    expect(json.data.matches[0].reasons).toContain("Budget unknown");
  });

  it("a client with no location, or one the ZIP package does not know: distance left out and said", async () => {
    for (const values of [
      { preferred_location: null, address_zip: null },
      { preferred_location: "00000", address_zip: null },
      { preferred_location: "Atlantis, ZZ", address_zip: "00001" },
    ]) {
      const { status, json } = await matches((await memoryClient(values)).id);
      expect(status).toBe(200);
      const found = json.data.matches as Json[];
      expect(found.map((m) => m.facilityName).sort()).toEqual(
        ["Cambridge Commons", "Harbor Memory", "Springfield Memory", "Worcester Memory"].sort(),
      );
      for (const m of found) {
        expect(m.distanceMiles).toBeNull();
        expect(m.reasons.at(-1)).toBe("Distance unknown");
      }
    }
  });

  it("the preferred location first, else the client's own ZIP", async () => {
    // Preferring Worcester puts its memory care unit first.
    const worcester = await memoryClient({ preferred_location: "Worcester, MA" });
    expect(names((await matches(worcester.id, "?limit=1")).json)).toEqual(["Worcester Memory"]);
    const byZip = await memoryClient({ preferred_location: "01608" });
    expect(names((await matches(byZip.id, "?limit=1")).json)).toEqual(["Worcester Memory"]);
    const home = await memoryClient({ preferred_location: null, address_zip: "01609" });
    expect(names((await matches(home.id, "?limit=1")).json)).toEqual(["Worcester Memory"]);
  });

  it("a facility keeps its ZIP's coordinates when saved, and new ones when its ZIP changes", async () => {
    const input = FacilitySchema.parse({
      ...validFacilityBody(),
      type: "Memory Care",
      address: { street: "1 Main St", city: "Worcester", state: "MA", zip: "01608" },
    });
    const saved = await saveFacility(db, ctx(), input);
    const row = () =>
      db
        .selectFrom("facilities")
        .select(["latitude", "longitude"])
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
    expect((await row()).latitude).toBeCloseTo(42.26, 1);
    await updateFacility(db, ctx(), saved.id, { ...input, address: { ...input.address, zip: "02108" } });
    expect((await row()).latitude).toBeCloseTo(42.36, 1);
    await updateFacility(db, ctx(), saved.id, { ...input, address: { ...input.address, zip: "00000" } });
    expect(await row()).toEqual({ latitude: null, longitude: null });
  });
});

describe("the search in rings", () => {
  // Places from next door to across the country, measured from Boston: under 25 miles,
  // 25–100, 100–300 and farther; and a ZIP the package does not know.
  const ZIPS = [
    "02108",
    "02138",
    "01803",
    "01608",
    "03101",
    "02903",
    "06103",
    "04101",
    "10001",
    "20001",
    "60601",
    "00000",
  ];
  const TYPES = ["Memory Care", "Assisted Living", "Nursing Home", "Skilled Nursing", "Independent Living", "Other"];
  const AMENITIES = ["Garden", "Private Rooms", "Chapel", "Pool"];

  it("looks farther while a farther facility could still score higher than the nearer ones", async () => {
    // Near Springfield, Massachusetts: three memory care units with a wait list (87 each). Forty-odd
    // miles away in Worcester, one with both of the client's specialties and beds free (93), found
    // in the second ring: the first ring's best could still have been beaten by up to 97.
    for (const n of [1, 2, 3]) {
      await facility(`Springfield Wait ${n}`, "Memory Care", "01103", {
        specialties: ["Alzheimer's Care"],
        current_occupancy: 50,
      });
    }
    await facility("Worcester Dementia", "Memory Care", "01608", {
      specialties: ["Alzheimer's Care", "Dementia Care"],
    });
    const client = await memoryClient({ preferred_location: "Springfield, MA" });
    const found = (await matchClient(db, ctx(), client.id, 3))!;
    expect(found.map((m) => [m.facilityName, m.compatibilityScore])).toEqual([
      ["Worcester Dementia", 93],
      ["Springfield Wait 1", 87],
      ["Springfield Wait 2", 87],
    ]);
  });

  it("finds the same best facilities as scoring every facility of the agency, for every kind of client", async () => {
    // A fixed walk through the combinations: types, costs, beds and amenities differ by place.
    let n = 0;
    for (const zip of ZIPS) {
      for (const type of TYPES) {
        n++;
        await facility(`F${n} ${type}`, type, zip, {
          min_cost: 3000 + ((n * 700) % 6000),
          max_cost: 4000 + ((n * 700) % 6000),
          current_occupancy: 50 - (n % 3) * 2,
          specialties: n % 4 === 0 ? ["Dementia Care", "Parkinson's Care"] : n % 5 === 0 ? ["Cardiac Care"] : [],
          amenities: AMENITIES.filter((_, i) => (n >> i) % 2 === 1),
        });
      }
    }
    const kinds = [
      { care_level: "memory", preferred_location: "Boston, MA" },
      // The same place as another: read once for both, though one may look farther than the other.
      { care_level: "skilled", preferred_location: "Boston, MA", medical_conditions: ["Stroke"] },
      { care_level: "memory", preferred_location: "Boston, MA", budget_min: 2000, budget_max: 3500 },
      { care_level: "assisted", preferred_location: "02138", preferred_amenities: ["Garden", "Chapel"] },
      { care_level: "independent", preferred_location: "Portland, ME", budget_max: null, budget_min: null },
      {
        care_level: "skilled",
        preferred_location: "10001",
        medical_conditions: ["Parkinson's Disease", "Heart failure"],
      },
      { care_level: "memory", preferred_location: "Chicago, IL", budget_max: 4500, room_type: "private" },
      { care_level: "assisted", preferred_location: null, address_zip: null },
    ];
    const ids = [];
    for (const kind of kinds) ids.push((await memoryClient(kind)).id);
    const clients = await matchableClients(db, ctx(), ids);
    const everyFacility = (
      await db
        .selectFrom("facilities")
        .selectAll()
        .where("agency_id", "=", user.agency_id)
        .where("is_active", "=", true)
        .execute()
    ).map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      specialties: f.specialties,
      amenities: f.amenities,
      minCost: Number(f.min_cost),
      maxCost: Number(f.max_cost),
      availableBeds: f.available_beds,
      rating: f.rating === null ? null : Number(f.rating),
      latitude: f.latitude,
      longitude: f.longitude,
    }));

    for (const limit of [1, 3, 10, 40]) {
      // All the clients at once (a board), as one client alone would get them.
      const found = await matchClients(db, ctx(), clients, limit);
      for (const client of clients) {
        const point = clientPoint(client);
        const measured = everyFacility.map((f) => ({
          ...f,
          distanceMiles:
            point && f.latitude !== null && f.longitude !== null
              ? milesBetween(point, { latitude: f.latitude, longitude: f.longitude })
              : null,
        }));
        // Every facility scored and sorted; Other only when nothing of a fitting type can serve.
        const all = measured.flatMap((f) => scoreFacility<MatchFacility>(client, f) ?? []);
        const fitting = all.filter((m) => m.careFit !== "fallback");
        const expected = (fitting.length ? fitting : all)
          .sort(compareMatches)
          .slice(0, limit)
          .map((m) => [m.facility.name, m.score]);
        expect(expected.length).toBeGreaterThan(0);
        expect(found.get(client.id)!.map((m) => [m.facilityName, m.compatibilityScore])).toEqual(expected);
      }
    }
  });
});

describe("a task's matched facilities", () => {
  it("GET /api/tasks/{id} answers its client's best facilities, as spec 002 §3 names them; none without a client", async () => {
    const client = await memoryClient();
    const task = await createTask(db, { agencyId: user.agency_id, client_id: client.id, assigned_to: user.id });
    const read = async (id: string) =>
      (await (await settle(taskLoader(args(apiRequest(`/api/tasks/${id}`, { token }), { id })))).json()) as Json;
    const { data } = await read(task.id);
    expect(data.task.matchedFacilities.map((m: Json) => m.facilityName)).toEqual([
      "Harbor Memory",
      "Cambridge Commons",
      "Worcester Memory",
      "Springfield Memory",
    ]);
    expect(data.task.matchedFacilities[0]).toEqual({
      facilityId: expect.any(String),
      facilityName: "Harbor Memory",
      compatibilityScore: 97,
      reasons: ["Memory care unit", "Within budget", "1 mile away", "5 beds free", "Alzheimer's Care"],
      available: true,
    });
    const alone = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id });
    expect((await read(alone.id)).data.task.matchedFacilities).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { action as deleteAction } from "~/routes/_app.facilities.$id.delete";
import { action as editAction } from "~/routes/_app.facilities.$id.edit";
import { action as newAction } from "~/routes/_app.facilities.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.facilities.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.facilities._index";
import { loader as dashboardLoader } from "~/routes/api.facilities.dashboard";
import { loader as exportLoader } from "~/routes/facilities.export";
import { resetDb, testDb } from "../support/db";
import { createAgency, createFacility, createPlacement, type TestUser } from "../support/factories";
import { facilityFormFields } from "../support/form-fields";
import { args, cookiesFrom, formPost, get, settle } from "../support/http";
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

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Maple Grove Senior Living",
  licenseNumber: "AZ-AL-10442",
  type: "assisted-living",
  capacity: 80,
  currentOccupancy: 72,
  address: { street: "400 Maple Ave", city: "Tucson", state: "AZ", zip: "85701" },
  contact: { name: "Joan Lee", phone: "(520) 555-0100", email: "joan@maplegrove.example" },
  amenities: ["WiFi", "Garden Courtyard"],
  specialties: ["Dementia Care"],
  costRange: "$4,000 - $6,500",
  minCost: 4000,
  maxCost: 6500,
  acceptsInsurance: true,
  rating: 4.36,
  ...overrides,
});

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db));
});

/** Five facilities of known shape, updated one day apart (oldest first). */
async function seedFacilities(agencyId: string) {
  const rows = [
    {
      name: "Alder House",
      type: "Assisted Living",
      capacity: 50,
      current_occupancy: 50,
      min_cost: 3000,
      max_cost: 4000,
      rating: 4.5,
      address_city: "Austin",
    },
    {
      name: "Birch Manor",
      type: "Memory Care",
      capacity: 30,
      current_occupancy: 10,
      min_cost: 6000,
      max_cost: 8000,
      rating: null,
      address_city: "Dallas",
    },
    {
      name: "Cedar Court",
      type: "Nursing Home",
      capacity: 100,
      current_occupancy: 99,
      min_cost: 9000,
      max_cost: 0,
      rating: 3.0,
      address_city: "Austin",
    },
    {
      name: "Dogwood Place",
      type: "Assisted Living",
      capacity: 20,
      current_occupancy: 5,
      min_cost: 2000,
      max_cost: 2500,
      rating: 5.0,
      address_city: "Houston",
    },
    {
      name: "Elm Terrace",
      type: "Skilled Nursing",
      capacity: 60,
      current_occupancy: 60,
      min_cost: 4500,
      max_cost: 7000,
      rating: 2.5,
      license_number: "TX-SN-9999",
    },
  ] as const;
  for (const [i, row] of rows.entries()) {
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    await createFacility(db, { agencyId, ...row, created_at: at, updated_at: at });
  }
}

const names = (json: Json) => json.data.facilities.map((f: Json) => f.name);

describe("GET /api/facilities", () => {
  it("lists newest-updated first with the pagination block", async () => {
    await seedFacilities(user.agency_id);
    const { json } = await api("/api/facilities");
    expect(names(json)).toEqual(["Elm Terrace", "Dogwood Place", "Cedar Court", "Birch Manor", "Alder House"]);
    expect(json.data.pagination).toEqual({ page: 1, limit: 12, totalPages: 1, totalFacilities: 5 });
    expect(json.data.facilities[0]).toMatchObject({
      _id: expect.any(String),
      availableBeds: 0,
      address: { city: "Springfield" },
    });
  });

  it.each([
    ["search=austin", ["Cedar Court", "Alder House"]],
    ["search=tx-sn", ["Elm Terrace"]],
    ["search=BIRCH", ["Birch Manor"]],
    ["type=Assisted Living", ["Dogwood Place", "Alder House"]],
    ["type=memory-care", ["Birch Manor"]],
    ["availability=available", ["Dogwood Place", "Cedar Court", "Birch Manor"]],
    ["availability=waitlist", ["Elm Terrace", "Alder House"]],
    ["availability=wait-list&type=assisted-living", ["Alder House"]],
    // Price ranges overlap, ends included; a maximum of 0 means the minimum is the whole range.
    ["minPrice=4000", ["Elm Terrace", "Cedar Court", "Birch Manor", "Alder House"]],
    ["minPrice=4001", ["Elm Terrace", "Cedar Court", "Birch Manor"]],
    ["maxPrice=2000", ["Dogwood Place"]],
    ["maxPrice=1999", []],
    ["minPrice=8000&maxPrice=9000", ["Cedar Court", "Birch Manor"]],
    ["minPrice=9001", []],
    ["sort=name", ["Alder House", "Birch Manor", "Cedar Court", "Dogwood Place", "Elm Terrace"]],
    ["sort=-name", ["Elm Terrace", "Dogwood Place", "Cedar Court", "Birch Manor", "Alder House"]],
    ["sort=minCost", ["Dogwood Place", "Alder House", "Elm Terrace", "Birch Manor", "Cedar Court"]],
    ["sort=-rating", ["Dogwood Place", "Alder House", "Cedar Court", "Elm Terrace", "Birch Manor"]],
  ])("?%s", async (query, expected) => {
    await seedFacilities(user.agency_id);
    const { status, json } = await api(`/api/facilities?${query}`);
    expect(status).toBe(200);
    expect(names(json)).toEqual(expected);
    expect(json.data.pagination.totalFacilities).toBe(expected.length);
  });

  it.each([
    ["sort=capacity.available", [0, 0, 1, 15, 20]],
    ["sort=-capacity.available", [20, 15, 1, 0, 0]],
    ["sort=-availableBeds", [20, 15, 1, 0, 0]],
  ])("?%s orders by available beds", async (query, beds) => {
    await seedFacilities(user.agency_id);
    const { json } = await api(`/api/facilities?${query}`);
    expect(json.data.facilities.map((f: Json) => f.availableBeds)).toEqual(beds);
  });

  it.each([
    ["type=continuing-care", "type", 'Invalid type "continuing-care"'],
    ["availability=soon", "availability", 'Invalid availability "soon"'],
    ["minPrice=-1", "minPrice", "minPrice must be an amount of 0 or more"],
    ["minPrice=5000&maxPrice=100", "maxPrice", "maxPrice must not be below minPrice"],
    ["sort=capacity", "sort", 'Invalid sort "capacity"'],
    ["limit=0", "limit", "limit must be a whole number from 1 to 100"],
    ["beds=3", "beds", "Unknown field: beds"],
  ])("refuses ?%s with a 400", async (query, path, message) => {
    const { status, json } = await api(`/api/facilities?${query}`);
    expect(status).toBe(400);
    expect(json.errors).toEqual([{ path, msg: expect.stringContaining(message) }]);
  });

  it("pages, and shows only the caller's agency", async () => {
    for (let i = 0; i < 3; i++) await createFacility(db, { agencyId: user.agency_id, name: `Own ${i}` });
    await createFacility(db, { agencyId: (await createAgency(db)).id, name: "Foreign" });
    const { json } = await api("/api/facilities?limit=2&page=2&sort=name");
    expect(names(json)).toEqual(["Own 2"]);
    expect(json.data.pagination).toEqual({ page: 2, limit: 2, totalPages: 2, totalFacilities: 3 });
  });
});

describe("POST, GET, PUT, DELETE /api/facilities", () => {
  it("creates a facility, mapping the type slug, and the dashboard counts it", async () => {
    const { status, json } = await api("/api/facilities", { body: body() });
    expect(status).toBe(201);
    expect(json.message).toBe("Facility created successfully!");
    expect(json.data.facility).toMatchObject({
      type: "Assisted Living",
      availableBeds: 8,
      rating: 4.4,
      isActive: true,
      acceptsInsurance: true,
      amenities: ["WiFi", "Garden Courtyard"],
    });
    const dashboard = await api("/api/facilities/dashboard");
    expect(dashboard.json.data).toEqual({
      totalFacilities: 1,
      occupancyStats: { totalCapacity: 80, totalOccupied: 72 },
    });
  });

  it("lists every failing rule with the spec's message", async () => {
    const { status, json } = await api("/api/facilities", {
      body: body({
        name: "",
        capacity: 10,
        currentOccupancy: 11,
        address: { street: "1 A St", city: "Tucson", state: "AZ", zip: "8570" },
        contact: { name: "Joan", phone: "555", email: "joan@" },
        minCost: 5000,
        maxCost: 4000,
        amenities: ["WiFi", "wifi"],
      }),
    });
    expect(status).toBe(400);
    expect(Object.fromEntries(json.errors.map((e: Json) => [e.path, e.msg]))).toEqual({
      name: "Facility name is required",
      currentOccupancy: "Current occupancy cannot exceed capacity",
      "address.zip": "Please enter a valid ZIP code",
      "contact.phone": "Please enter a valid phone number",
      "contact.email": "Please enter a valid email address",
      maxCost: "Maximum cost must be greater than minimum cost",
      amenities: '"wifi" is already in the amenities',
    });
  });

  it("reads, updates and deletes; another agency's facility is a 404", async () => {
    const id = (await api("/api/facilities", { body: body() })).json.data.facility._id;
    expect((await api(`/api/facilities/${id}`, {}, id)).json.data.facility.name).toBe("Maple Grove Senior Living");
    const updated = await api(
      `/api/facilities/${id}`,
      { method: "PUT", body: body({ currentOccupancy: 80, isActive: false }) },
      id,
    );
    expect(updated.json.data.facility).toMatchObject({ availableBeds: 0, isActive: false });
    expect(updated.json.message).toBe("Facility updated successfully!");

    const other = await createFacility(db, { agencyId: (await createAgency(db)).id });
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await api(
        `/api/facilities/${other.id}`,
        { method, body: method === "PUT" ? body() : undefined },
        other.id,
      );
      expect(response.status).toBe(404);
      expect(response.json.message).toBe("Facility not found.");
    }

    const deleted = await api(`/api/facilities/${id}`, { method: "DELETE" }, id);
    expect(deleted.json.message).toBe("Facility deleted successfully");
    expect((await api(`/api/facilities/${id}`, {}, id)).status).toBe(404);
  });

  it("keeps a billing e-mail, where invoices go; a PUT without it clears it, a bad one is refused", async () => {
    const created = await api("/api/facilities", { body: body({ billingEmail: "  ap@maplegrove.example " }) });
    expect(created.json.data.facility).toMatchObject({
      billingEmail: "ap@maplegrove.example",
      contact: { email: "joan@maplegrove.example" },
    });
    const id = created.json.data.facility._id;
    expect((await api(`/api/facilities/${id}`, {}, id)).json.data.facility.billingEmail).toBe("ap@maplegrove.example");
    const bad = await api(`/api/facilities/${id}`, { method: "PUT", body: body({ billingEmail: "ap@" }) }, id);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      expect.objectContaining({ path: "billingEmail", msg: "Please enter a valid email address" }),
    ]);
    const cleared = await api(`/api/facilities/${id}`, { method: "PUT", body: body() }, id);
    expect(cleared.json.data.facility.billingEmail).toBeNull();
    const row = await db.selectFrom("facilities").select("billing_email").executeTakeFirstOrThrow();
    expect(row.billing_email).toBeNull();
  });

  it("refuses to delete a facility that placements refer to", async () => {
    const facility = await createFacility(db, { agencyId: user.agency_id });
    await createPlacement(db, { agencyId: user.agency_id, facility_id: facility.id, agent_id: user.id });
    const { status, json } = await api(`/api/facilities/${facility.id}`, { method: "DELETE" }, facility.id);
    expect(status).toBe(409);
    expect(json.message).toBe(
      "This facility has 1 placement, so it cannot be deleted. You can mark it inactive instead.",
    );
  });

  it("refuses to delete a facility that invoices were made out to, even with its placements gone", async () => {
    const facility = await createFacility(db, { agencyId: user.agency_id });
    for (const status of ["Draft", "Draft"] as const) {
      await db
        .insertInto("invoices")
        .values({
          agency_id: user.agency_id,
          facility_id: facility.id,
          status,
          issue_date: "2026-01-05",
          due_date: "2026-02-04",
        })
        .execute();
    }
    const { status, json } = await api(`/api/facilities/${facility.id}`, { method: "DELETE" }, facility.id);
    expect(status).toBe(409);
    expect(json.message).toBe(
      "This facility has 2 invoices, so it cannot be deleted. You can mark it inactive instead.",
    );
    expect(await db.selectFrom("facilities").select("id").where("id", "=", facility.id).execute()).toHaveLength(1);
  });
});

describe("the screens", () => {
  const form = (overrides: Record<string, string> = {}) =>
    facilityFormFields({ "address.zip": "97201-1234", amenities: "WiFi", ...overrides });

  it("creating shows every message at once, then saves; an unticked box is false", async () => {
    const invalid = await settle(
      newAction(args(formPost("/facilities/new", form({ capacity: "0", "address.zip": "" }), cookie))),
    );
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as Json).result.error).toEqual({
      capacity: ["Capacity must be at least 1"],
      "address.zip": ["ZIP code is required"],
    });
    const created = await settle(newAction(args(formPost("/facilities/new", form(), cookie))));
    expect(created.status).toBe(302);
    expect(cookiesFrom(created)).toContain("__toast=");
    const row = await db.selectFrom("facilities").selectAll().executeTakeFirstOrThrow();
    expect(created.headers.get("Location")).toBe(`/facilities/${row.id}`);
    expect(row).toMatchObject({
      is_active: false,
      accepts_insurance: false,
      address_zip: "97201-1234",
      amenities: ["WiFi"],
    });
  });

  it("the form sets, shows again and clears the billing e-mail", async () => {
    const created = await settle(
      newAction(args(formPost("/facilities/new", form({ billingEmail: "billing@oak.example" }), cookie))),
    );
    expect(created.status).toBe(302);
    const { id } = await db.selectFrom("facilities").select("id").executeTakeFirstOrThrow();
    const saved = await db.selectFrom("facilities").select("billing_email").executeTakeFirstOrThrow();
    expect(saved.billing_email).toBe("billing@oak.example");
    const invalid = await settle(
      editAction(args(formPost(`/facilities/${id}/edit`, form({ billingEmail: "billing@" }), cookie), { id })),
    );
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as Json).result.error).toEqual({
      billingEmail: ["Please enter a valid email address"],
    });
    const cleared = await settle(
      editAction(args(formPost(`/facilities/${id}/edit`, form({ billingEmail: "" }), cookie), { id })),
    );
    expect(cleared.status).toBe(302);
    const after = await db.selectFrom("facilities").select("billing_email").executeTakeFirstOrThrow();
    expect(after.billing_email).toBeNull();
  });

  it("editing another agency's facility is a 404", async () => {
    const other = await createFacility(db, { agencyId: (await createAgency(db)).id });
    const response = await settle(
      editAction(args(formPost(`/facilities/${other.id}/edit`, form(), cookie), { id: other.id })),
    );
    expect(response.status).toBe(404);
  });

  it("a facility with placements is not deleted, and can be marked inactive instead", async () => {
    const facility = await createFacility(db, { agencyId: user.agency_id });
    await createPlacement(db, { agencyId: user.agency_id, facility_id: facility.id, agent_id: user.id });
    const post = (fields: Record<string, string>) =>
      settle(deleteAction(args(formPost(`/facilities/${facility.id}/delete`, fields, cookie), { id: facility.id })));
    const refused = await post({});
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).toast).toMatchObject({ title: "Failed to delete facility" });
    const deactivated = await post({ intent: "deactivate" });
    expect(deactivated.headers.get("Location")).toBe(`/facilities/${facility.id}`);
    expect(await db.selectFrom("facilities").select("is_active").executeTakeFirst()).toEqual({ is_active: false });
  });

  it("exports every matching facility as CSV", async () => {
    await seedFacilities(user.agency_id);
    const response = await exportLoader(args(get("/facilities/export?availability=waitlist&sort=name", cookie)));
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="facilities-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Name,License Number,Type,Active,Capacity/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["Alder House", "Elm Terrace"]);
  });
});

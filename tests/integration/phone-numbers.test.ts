// Phone numbers: one stored form (E.164) whatever was typed, on the screens' forms and the API;
// search and the duplicate check find a client however the number is typed; the migration
// rewrites the numbers stored before (docs/data-model.md, "Phone numbers").
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { down, up } from "../../db/migrations/20261124000001_normalize_phone_numbers";
import { action as newClientAction } from "~/routes/_app.clients.new";
import { action as newFacilityAction } from "~/routes/_app.facilities.new";
import { loader as clientListLoader, action as clientCreateAction } from "~/routes/api.clients._index";
import { loader as clientItemLoader, action as clientItemAction } from "~/routes/api.clients.$id";
import { loader as facilityListLoader, action as facilityCreateAction } from "~/routes/api.facilities._index";
import { loader as facilityItemLoader, action as facilityItemAction } from "~/routes/api.facilities.$id";
import { validClientBody, validFacilityBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createUser, type TestUser } from "../support/factories";
import { clientFormFields, facilityFormFields } from "../support/form-fields";
import { args, formPost, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

const clientsApi = apiClient(
  {
    collection: { loader: clientListLoader, action: clientCreateAction },
    item: { loader: clientItemLoader, action: clientItemAction },
  },
  () => token,
);
const facilitiesApi = apiClient(
  {
    collection: { loader: facilityListLoader, action: facilityCreateAction },
    item: { loader: facilityItemLoader, action: facilityItemAction },
  },
  () => token,
);

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db));
});

const clientForm = (overrides: Record<string, string> = {}) =>
  clientFormFields({ phone: "555 123 4567", "emergencyContact.phone": "(555) 987-6543 x12", ...overrides });
const facilityForm = facilityFormFields({ "contact.phone": "503.555.0101" });

const clientRow = () =>
  db.selectFrom("clients").select(["phone", "emergency_phone", "phone_digits"]).executeTakeFirstOrThrow();

describe("one stored form", () => {
  it("the client form stores what was typed in the normal form, and says what is wrong", async () => {
    const refused = await settle(
      newClientAction(args(formPost("/clients/new", clientForm({ phone: "555-1234" }), cookie))),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).result.error).toEqual({ phone: ["Please enter a valid phone number"] });

    const saved = await settle(newClientAction(args(formPost("/clients/new", clientForm(), cookie))));
    expect(saved.status).toBe(302);
    expect(await clientRow()).toEqual({
      phone: "+15551234567",
      emergency_phone: "+15559876543;ext=12",
      phone_digits: "15551234567",
    });
  });

  it("the clients API stores and answers the normal form", async () => {
    const created = await clientsApi("/api/clients", {
      body: {
        ...validClientBody(),
        phone: "+1 (555) 222-3333",
        emergencyContact: { ...validClientBody().emergencyContact, phone: "5554443333" },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.data.client).toMatchObject({
      phone: "+15552223333",
      emergencyContact: { phone: "+15554443333" },
    });
    expect((await clientRow()).phone).toBe("+15552223333");

    const refused = await clientsApi("/api/clients", { body: { ...validClientBody(), phone: "call me" } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ path: "phone", msg: "Please enter a valid phone number" }]);
  });

  it("the facility form and the facilities API store the contact phone in the normal form", async () => {
    const saved = await settle(newFacilityAction(args(formPost("/facilities/new", facilityForm, cookie))));
    expect(saved.status).toBe(302);
    const created = await facilitiesApi("/api/facilities", {
      body: { ...validFacilityBody(), name: "Birch House", contact: { name: "Sam", phone: "+44 20 7946 0958" } },
    });
    expect(created.status).toBe(201);
    expect(created.json.data.facility.contact.phone).toBe("+442079460958");
    const rows = await db.selectFrom("facilities").select(["name", "contact_phone"]).orderBy("name").execute();
    expect(rows).toEqual([
      { name: "Birch House", contact_phone: "+442079460958" },
      { name: "Oak Hollow", contact_phone: "+15035550101" },
    ]);

    const refused = await settle(
      newFacilityAction(args(formPost("/facilities/new", { ...facilityForm, "contact.phone": "555" }, cookie))),
    );
    expect(((await refused.json()) as Json).result.error).toEqual({
      "contact.phone": ["Please enter a valid phone number"],
    });
  });
});

describe("search by any form", () => {
  it.each([
    "555 123 4567",
    "5551234567",
    "(555) 123-4567",
    "+1 555 123 4567",
    "1-555-123-4567",
    "555.123.4567",
    "123-4567",
  ])("finds the client by %s", async (typed) => {
    await createClient(db, { agencyId: user.agency_id, first_name: "Wanted", phone: "+15551234567" });
    await createClient(db, { agencyId: user.agency_id, first_name: "Other", phone: "+15559876543" });
    const { json } = await clientsApi(`/api/clients?search=${encodeURIComponent(typed)}`);
    expect(json.data.clients.map((c: Json) => c.firstName)).toEqual(["Wanted"]);
  });
});

describe("the duplicate check", () => {
  it("matches a number on file however it is typed", async () => {
    const first = await clientsApi("/api/clients", { body: { ...validClientBody(), phone: "(555) 123-4567" } });
    expect(first.status).toBe(201);
    const warned = await settle(
      newClientAction(
        args(formPost("/clients/new", clientForm({ email: "other@example.com", phone: "1.555.123.4567" }), cookie)),
      ),
    );
    expect(warned.status).toBe(409);
    expect(((await warned.json()) as Json).duplicates).toEqual([
      { id: first.json.data.client._id, name: "Ada Lovelace", matches: ["phone"] },
    ]);

    const again = await clientsApi("/api/clients", {
      body: { ...validClientBody(), email: "third@example.com", phone: "+15551234567" },
    });
    expect(again.status).toBe(409);
    expect(again.json.duplicates).toEqual([
      { _id: first.json.data.client._id, name: "Ada Lovelace", matches: ["phone"] },
    ]);
  });
});

describe("the migration 20261124000001_normalize_phone_numbers", () => {
  it("rewrites the numbers stored as typed, leaves what it cannot read, and keeps updated_at", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const typed = [
      ["555 123 4567", "+15551234567"],
      ["5559876543", "+15559876543"],
      ["(555) 432-6050", "+15554326050"],
      ["1-555-201-3300 ext. 7", "+15552013300;ext=7"],
      ["+44 20 7946 0958", "+442079460958"],
      ["555-1234", "555-1234"],
      ["front desk", "front desk"],
    ] as const;
    for (const [phone] of typed) {
      await createClient(db, {
        agencyId: user.agency_id,
        first_name: phone,
        phone,
        emergency_phone: "(555) 010-9999",
        updated_at: at,
      });
    }
    const facility = await createFacility(db, {
      agencyId: user.agency_id,
      contact_phone: "520.555.0100",
      updated_at: at,
    });
    const agent = await createUser(db, { agencyId: user.agency_id, phone: "(555) 201-3344" });

    await up(db);

    const clients = await db
      .selectFrom("clients")
      .select(["first_name", "phone", "emergency_phone", "updated_at"])
      .execute();
    expect(Object.fromEntries(clients.map((c) => [c.first_name, c.phone]))).toEqual(Object.fromEntries(typed));
    for (const c of clients) {
      expect(c.emergency_phone).toBe("+15550109999");
      expect(new Date(c.updated_at)).toEqual(at);
    }
    const storedFacility = await db
      .selectFrom("facilities")
      .select(["contact_phone", "updated_at"])
      .where("id", "=", facility.id)
      .executeTakeFirstOrThrow();
    expect(storedFacility.contact_phone).toBe("+15205550100");
    expect(new Date(storedFacility.updated_at)).toEqual(at);
    const storedAgent = await db
      .selectFrom("users")
      .select("phone")
      .where("id", "=", agent.id)
      .executeTakeFirstOrThrow();
    expect(storedAgent.phone).toBe("+15552013344");
    // Nothing of the migration's own stays behind.
    const functions = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'migration_%_phone'`.execute(db);
    expect(functions.rows[0].n).toBe(0);

    // A search by digits finds the rewritten rows.
    const { json } = await clientsApi("/api/clients?search=(555) 432-6050");
    expect(json.data.clients.map((c: Json) => c.phone)).toEqual(["+15554326050"]);

    // Down shows US numbers as the screens did before; up again gives the same stored forms.
    await down(db);
    const shown = await db.selectFrom("clients").select(["first_name", "phone"]).execute();
    expect(Object.fromEntries(shown.map((c) => [c.first_name, c.phone]))).toMatchObject({
      "555 123 4567": "(555) 123-4567",
      "1-555-201-3300 ext. 7": "(555) 201-3300 ext. 7",
      "+44 20 7946 0958": "+442079460958",
      "555-1234": "555-1234",
    });
    await up(db);
    const again = await db.selectFrom("clients").select(["first_name", "phone"]).execute();
    expect(Object.fromEntries(again.map((c) => [c.first_name, c.phone]))).toEqual(Object.fromEntries(typed));
  });
});

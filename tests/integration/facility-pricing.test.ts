// A facility's price is entered once (the monthly minimum and maximum) and its range text is
// derived from them, on the form, in the API (which still takes costRange from older callers)
// and, for the rows stored before, by the migration (docs/data-model.md, "Facility prices").
import { beforeEach, describe, expect, it } from "vitest";
import { up } from "../../db/migrations/20261124000002_derive_facility_cost_range";
import { action as editAction } from "~/routes/_app.facilities.$id.edit";
import { action as newAction } from "~/routes/_app.facilities.new";
import { loader as itemLoader, action as itemAction } from "~/routes/api.facilities.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.facilities._index";
import { validFacilityBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createFacility, type TestUser } from "../support/factories";
import { facilityFormFields } from "../support/form-fields";
import { args, formPost, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";

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
  ({ user, token, cookie } = await signInNewAgency(db));
});

const form = (overrides: Record<string, string> = {}) =>
  facilityFormFields({ minCost: "4000", maxCost: "", ...overrides });

const pricing = () =>
  db.selectFrom("facilities").select(["cost_range", "min_cost", "max_cost"]).executeTakeFirstOrThrow();

describe("the facility form", () => {
  it("asks for the minimum cost, and derives the range text from the amounts", async () => {
    const refused = await settle(newAction(args(formPost("/facilities/new", form({ minCost: "" }), cookie))));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).result.error).toEqual({ minCost: ["Minimum cost is required"] });

    const created = await settle(newAction(args(formPost("/facilities/new", form(), cookie))));
    expect(created.status).toBe(302);
    expect(await pricing()).toEqual({ cost_range: "From $4,000", min_cost: "4000.00", max_cost: "0.00" });

    const { id } = await db.selectFrom("facilities").select("id").executeTakeFirstOrThrow();
    const edited = await settle(
      editAction(args(formPost(`/facilities/${id}/edit`, form({ maxCost: "6500" }), cookie), { id })),
    );
    expect(edited.status).toBe(302);
    expect(await pricing()).toEqual({ cost_range: "$4,000 - $6,500", min_cost: "4000.00", max_cost: "6500.00" });

    const below = await settle(
      editAction(args(formPost(`/facilities/${id}/edit`, form({ maxCost: "3000" }), cookie), { id })),
    );
    expect(((await below.json()) as Json).result.error).toEqual({
      maxCost: ["Maximum cost must be greater than minimum cost"],
    });
  });
});

describe("a form that sends the cost range twice", () => {
  it("is refused by its fields, never a server error", async () => {
    const body = new URLSearchParams(form({ minCost: "" }));
    body.append("costRange", "");
    body.append("costRange", "");
    const request = new Request("http://localhost/facilities/new", {
      method: "POST",
      headers: { Cookie: cookie, "X-Client-IP": "192.0.2.1" },
      body,
    });
    const refused = await settle(newAction(args(request)));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).result.error.minCost).toEqual(["Minimum cost is required"]);
  });
});

describe("the facilities API", () => {
  it("answers the derived costRange beside the amounts it was sent", async () => {
    const created = await api("/api/facilities", { body: { ...validFacilityBody(), minCost: 4500, maxCost: 6000 } });
    expect(created.status).toBe(201);
    expect(created.json.data.facility).toMatchObject({ costRange: "$4,500 - $6,000", minCost: 4500, maxCost: 6000 });

    const id = created.json.data.facility._id;
    const updated = await api(
      `/api/facilities/${id}`,
      { method: "PUT", body: { ...validFacilityBody(), minCost: 0, maxCost: 2500 } },
      id,
    );
    expect(updated.json.data.facility).toMatchObject({ costRange: "Up to $2,500", minCost: 0, maxCost: 2500 });
    expect(await pricing()).toEqual({ cost_range: "Up to $2,500", min_cost: "0.00", max_cost: "2500.00" });
  });

  it("takes the amounts from an older caller's costRange, and refuses one without amounts", async () => {
    const { minCost: _min, ...withoutAmounts } = validFacilityBody();
    const created = await api("/api/facilities", { body: { ...withoutAmounts, costRange: "$4,500 - $6,000" } });
    expect(created.status).toBe(201);
    expect(created.json.data.facility).toMatchObject({ costRange: "$4,500 - $6,000", minCost: 4500, maxCost: 6000 });

    const refused = await api("/api/facilities", { body: { ...withoutAmounts, costRange: "Call for pricing" } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { path: "costRange", msg: 'Cost range must give the monthly cost in dollars, such as "$4,000 - $6,500"' },
    ]);

    const nothing = await api("/api/facilities", { body: withoutAmounts });
    expect(nothing.json.errors).toEqual([{ path: "minCost", msg: "Minimum cost is required" }]);
  });
});

describe("the migration 20261124000002_derive_facility_cost_range", () => {
  it("derives every text from the amounts, fills amounts from old texts, and keeps what a text said beyond them", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const rows = [
      // name, stored text, min, max, notes → text, min, max, notes
      ["Same", "$4,000 - $6,500", 4000, 6500, null, "$4,000 - $6,500", "4000.00", "6500.00", null],
      ["Plain", "4000-6500/month", 4000, 6500, null, "$4,000 - $6,500", "4000.00", "6500.00", null],
      [
        "No max",
        "$4,000 - $6,500",
        4000,
        0,
        null,
        "From $4,000",
        "4000.00",
        "0.00",
        "Cost range as entered before: $4,000 - $6,500",
      ],
      ["Text only", "$3,200 - $4,100", 0, 0, "Garden view.", "$3,200 - $4,100", "3200.00", "4100.00", "Garden view."],
      ["Up to", "Up to $2,500", 0, 0, null, "Up to $2,500", "0.00", "2500.00", null],
      [
        "Words",
        "Call for pricing",
        0,
        0,
        "Garden view.",
        "$0",
        "0.00",
        "0.00",
        "Garden view.\n\nCost range as entered before: Call for pricing",
      ],
      [
        "Words and amounts",
        "$5,000 - $7,000 plus care fees",
        5000,
        7000,
        null,
        "$5,000 - $7,000",
        "5000.00",
        "7000.00",
        "Cost range as entered before: $5,000 - $7,000 plus care fees",
      ],
    ] as const;
    for (const [name, cost_range, min_cost, max_cost, notes] of rows) {
      await createFacility(db, {
        agencyId: user.agency_id,
        name,
        cost_range,
        min_cost,
        max_cost,
        notes,
        updated_at: at,
      });
    }

    await up(db);

    const stored = await db
      .selectFrom("facilities")
      .select(["name", "cost_range", "min_cost", "max_cost", "notes", "updated_at"])
      .execute();
    const byName = Object.fromEntries(stored.map((f) => [f.name, f]));
    for (const [name, , , , , cost_range, min_cost, max_cost, notes] of rows) {
      expect(byName[name], name).toMatchObject({ cost_range, min_cost, max_cost, notes });
      expect(new Date(byName[name].updated_at)).toEqual(at);
    }

    // Running it again changes nothing more.
    await up(db);
    const again = await db.selectFrom("facilities").select(["name", "cost_range", "notes"]).execute();
    expect(Object.fromEntries(again.map((f) => [f.name, [f.cost_range, f.notes]]))).toEqual(
      Object.fromEntries(rows.map((r) => [r[0], [r[5], r[8]]])),
    );
  });
});

// A list screen drops what it cannot use from its address and says why in the user's terms (the
// filters' labels, a sentence for a rule over two filters), keeping what was typed; the API
// answers the same address with a 400 and its own messages (docs/screens.md, "Lists").
import { beforeEach, describe, expect, it } from "vitest";
import { loader as clientsScreen } from "~/routes/_app.clients._index";
import { loader as facilitiesScreen } from "~/routes/_app.facilities._index";
import { loader as placementsScreen } from "~/routes/_app.placements._index";
import { loader as clientsApiLoader } from "~/routes/api.clients._index";
import { loader as facilitiesApiLoader } from "~/routes/api.facilities._index";
import { resetDb, testDb } from "../support/db";
import { createFacility, type TestUser } from "../support/factories";
import { apiRequest, args, get, settle } from "../support/http";
import { type Json, signInNewAgency } from "../support/api";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db));
});

type Loader = (a: ReturnType<typeof args>) => unknown;

async function screen(loader: Loader, path: string): Promise<Json> {
  const response = await settle(loader(args(get(path, cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

async function apiAnswer(loader: Loader, path: string) {
  const response = await settle(loader(args(apiRequest(path, { token }))));
  return { status: response.status, json: (await response.json()) as Json };
}

describe("the facility directory, a minimum price above the maximum", () => {
  it("says so with both amounts, keeps both as typed, and lists by the minimum alone", async () => {
    for (const [name, min_cost, max_cost] of [
      ["Cheap", 2000, 2500],
      ["Dear", 6000, 8000],
    ] as const) {
      await createFacility(db, { agencyId: user.agency_id, name, min_cost, max_cost });
    }
    const data = await screen(facilitiesScreen, "/facilities?minPrice=5000&maxPrice=3000");
    expect(data.problems).toEqual([
      { param: "maxPrice", value: "3000", message: "The minimum price ($5,000) is above the maximum ($3,000)" },
    ]);
    expect(data.filters).toMatchObject({ minPrice: "5000", maxPrice: "3000" });
    expect(data.facilities.map((f: Json) => f.name)).toEqual(["Dear"]);

    const api = await apiAnswer(facilitiesApiLoader, "/api/facilities?minPrice=5000&maxPrice=3000");
    expect(api.status).toBe(400);
    expect(api.json.errors).toEqual([{ path: "maxPrice", msg: "maxPrice must not be below minPrice" }]);
  });

  it("names the price filters by their labels for other problems", async () => {
    const data = await screen(facilitiesScreen, "/facilities?minPrice=-5&type=continuing-care&beds=3");
    expect(data.problems.map((p: Json) => p.message)).toEqual([
      'Type "continuing-care" is not one of the choices.',
      "Min price must be 0 or more.",
      '"beds" is not a filter of this list.',
    ]);
    expect(data.filters).toMatchObject({ minPrice: "-5", type: "" });
  });
});

describe("the clients list", () => {
  it("an unknown status is named by the filter's label; the API keeps its message", async () => {
    const data = await screen(clientsScreen, "/clients?status=nope&sort=age");
    expect(data.problems).toEqual([
      { param: "status", value: "nope", message: 'Status "nope" is not one of the choices.' },
      { param: "sort", value: "age", message: 'Sort by "age" is not one of the choices.' },
    ]);

    const api = await apiAnswer(clientsApiLoader, "/api/clients?status=nope");
    expect(api.status).toBe(400);
    expect(api.json.errors).toEqual([
      {
        path: "status",
        msg: 'Invalid status "nope". Allowed values: New Client, Active Client, Target, Placed, Follow-up, new-client, active-client, active, target, placed, follow-up',
      },
    ]);
  });
});

describe("the placements list", () => {
  it("names its filters by their labels", async () => {
    const data = await screen(placementsScreen, "/placements?priority=asap&facilityId=42");
    expect(data.problems.map((p: Json) => p.message)).toEqual([
      'Priority "asap" is not one of the choices.',
      'Facility "42" is not one of the choices.',
    ]);
  });
});

// The placement form beyond saving (docs/screens.md, "Placements"): the dates kept in their
// order on the screens and in the API.
import { beforeEach, describe, expect, it } from "vitest";
import { action as editAction } from "~/routes/_app.placements.$id.edit";
import { action as newAction } from "~/routes/_app.placements.new";
import { action as itemAction, loader as itemLoader } from "~/routes/api.placements.$id";
import { action as createAction, loader as listLoader } from "~/routes/api.placements._index";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, type TestUser } from "../support/factories";
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
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
});

async function people() {
  const client = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
  const facility = await createFacility(db, { agencyId: user.agency_id, name: "Maple Grove" });
  return { client, facility };
}

/** The placement form as a browser without JavaScript posts it. */
const form = (clientId: string, facilityId: string, overrides: Record<string, string> = {}) => ({
  clientId,
  facilityId,
  agentId: user.id,
  status: "In Progress",
  priority: "Medium",
  startDate: "2026-12-10",
  moveInDate: "",
  endDate: "",
  monthlyRate: "",
  depositAmount: "",
  paymentMethod: "",
  contractSignedDate: "",
  depositPaidDate: "",
  insuranceVerifiedDate: "",
  medicalRecordsTransferredDate: "",
  familyNotifiedDate: "",
  notes: "",
  ...overrides,
});

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
    const same = { startDate: "2026-12-10", moveInDate: "2026-12-10", endDate: "2026-12-10" };
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

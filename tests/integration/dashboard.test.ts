import { beforeEach, describe, expect, it } from "vitest";
import { getClientDashboard } from "~/models/clients.server";
import { getFacilityDashboard } from "~/models/facilities.server";
import { getPlacementDashboard } from "~/models/placements.server";
import { countTasksByStage, getTaskDashboard } from "~/models/tasks/list.server";
import { createSession } from "~/models/session.server";
import { loader as clientsApi } from "~/routes/api.clients.dashboard";
import { loader as facilitiesApi } from "~/routes/api.facilities.dashboard";
import { loader as placementsApi } from "~/routes/api.placements.dashboard";
import { loader as tasksApi } from "~/routes/api.tasks.dashboard";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createTask,
  createUser,
} from "../support/factories";
import { resetDb, testDb } from "../support/db";

const db = testDb();
const limits = { idleMinutes: 30, absoluteHours: 12 };

function isoDay(offsetDays: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

let ctx: { userId: string; agencyId: string };
let token: string;

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db);
  const user = await createUser(db, { agencyId: agency.id, role: "coordinator" });
  ctx = { userId: user.id, agencyId: agency.id };
  token = (await createSession(db, { user: { id: user.id, agencyId: agency.id }, kind: "api", limits })).token;
});

async function seedOtherAgency() {
  const other = await createAgency(db);
  const otherUser = await createUser(db, { agencyId: other.id });
  const client = await createClient(db, { agency_id: other.id, tracker_status: "New Client" });
  const facility = await createFacility(db, { agency_id: other.id, capacity: 500, current_occupancy: 1 });
  await createPlacement(db, {
    agency_id: other.id,
    client_id: client.id,
    facility_id: facility.id,
    agent_id: otherUser.id,
    status: "In Progress",
  });
  await createTask(db, { agency_id: other.id, assigned_to: otherUser.id, stage: "Target", due_date: isoDay(-3) });
}

const call = async (loader: typeof clientsApi, path: string, bearer?: string) => {
  const headers = new Headers();
  if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
  const response = await loader({
    request: new Request(`http://localhost${path}`, { headers }),
    params: {},
    context: {},
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: unknown } };
};

describe("dashboard reads", () => {
  it("are all zero and empty for a new agency", async () => {
    expect(await getClientDashboard(db, ctx)).toEqual({
      totalClients: 0,
      statusCounts: { "New Client": 0, "Active Client": 0, Target: 0, Placed: 0, "Follow-up": 0 },
    });
    expect(await getFacilityDashboard(db, ctx)).toEqual({
      totalFacilities: 0,
      occupancyStats: { totalCapacity: 0, totalOccupied: 0 },
    });
    expect(await getPlacementDashboard(db, ctx)).toEqual({
      activePlacements: 0,
      totalPlacements: 0,
      recentPlacements: [],
    });
    expect(await getTaskDashboard(db, ctx)).toEqual({
      overview: { totalTasks: 0, completedTasks: 0, overdueTasks: 0 },
    });
  });

  it("count this agency's rows only, with the spec's definitions", async () => {
    await seedOtherAgency();
    const { agencyId, userId } = ctx;
    const statuses = ["New Client", "New Client", "Active Client", "Placed"] as const;
    const clients = [];
    for (const status of statuses)
      clients.push(await createClient(db, { agency_id: agencyId, tracker_status: status }));
    const f1 = await createFacility(db, {
      agency_id: agencyId,
      capacity: 40,
      current_occupancy: 30,
      name: "Oak Grove",
    });
    const f2 = await createFacility(db, {
      agency_id: agencyId,
      capacity: 10,
      current_occupancy: 10,
      name: "Maple Court",
    });

    const base = { agency_id: agencyId, agent_id: userId };
    await createPlacement(db, {
      ...base,
      client_id: clients[0].id,
      facility_id: f1.id,
      status: "In Progress",
      created_at: new Date("2026-01-01T10:00:00Z"),
    });
    await createPlacement(db, {
      ...base,
      client_id: clients[1].id,
      facility_id: f2.id,
      status: "Confirmed",
      created_at: new Date("2026-01-03T10:00:00Z"),
    });
    await createPlacement(db, {
      ...base,
      client_id: clients[2].id,
      facility_id: f1.id,
      status: "Completed",
      created_at: new Date("2026-01-04T10:00:00Z"),
    });
    await createPlacement(db, {
      ...base,
      client_id: clients[3].id,
      facility_id: f2.id,
      status: "Cancelled",
      created_at: new Date("2026-01-02T10:00:00Z"),
    });

    await createTask(db, { agency_id: agencyId, assigned_to: userId, stage: "New Client", due_date: isoDay(-2) }); // overdue
    await createTask(db, { agency_id: agencyId, assigned_to: userId, stage: "New Client", due_date: isoDay(0) }); // due today: not overdue
    await createTask(db, {
      agency_id: agencyId,
      assigned_to: userId,
      stage: "Placed",
      due_date: isoDay(-5),
      is_completed: true,
    }); // done
    await createTask(db, { agency_id: agencyId, assigned_to: userId, stage: "Follow-up", due_date: isoDay(4) });

    expect(await getClientDashboard(db, ctx)).toEqual({
      totalClients: 4,
      statusCounts: { "New Client": 2, "Active Client": 1, Target: 0, Placed: 1, "Follow-up": 0 },
    });
    expect(await getFacilityDashboard(db, ctx)).toEqual({
      totalFacilities: 2,
      occupancyStats: { totalCapacity: 50, totalOccupied: 40 },
    });
    const placements = await getPlacementDashboard(db, ctx);
    expect(placements.activePlacements).toBe(2);
    expect(placements.totalPlacements).toBe(4);
    expect(placements.recentPlacements.map((p) => p.status)).toEqual(["Completed", "Confirmed", "Cancelled"]);
    expect(placements.recentPlacements[0]).toMatchObject({
      clientId: { firstName: clients[2].first_name, lastName: clients[2].last_name },
      facilityId: { name: "Oak Grove" },
      createdAt: "2026-01-04T10:00:00.000Z",
    });
    expect(await getTaskDashboard(db, ctx)).toEqual({
      overview: { totalTasks: 4, completedTasks: 1, overdueTasks: 1 },
    });
    expect(await countTasksByStage(db, ctx)).toEqual([
      { stage: "New Client", count: 2 },
      { stage: "Active Client", count: 0 },
      { stage: "Target", count: 0 },
      { stage: "Placed", count: 1 },
      { stage: "Follow-up", count: 1 },
    ]);
  });
});

describe("GET /api/*/dashboard", () => {
  it("answer the same numbers as the models, in the envelope", async () => {
    await seedOtherAgency();
    await createClient(db, { agency_id: ctx.agencyId, tracker_status: "Target" });
    const clients = await call(clientsApi, "/api/clients/dashboard", token);
    expect(clients.status).toBe(200);
    expect(clients.body).toEqual({ success: true, data: await getClientDashboard(db, ctx) });
    expect((clients.body.data as { totalClients: number }).totalClients).toBe(1);

    const facilities = await call(facilitiesApi, "/api/facilities/dashboard", token);
    expect(facilities.body).toEqual({ success: true, data: await getFacilityDashboard(db, ctx) });
    const placements = await call(placementsApi, "/api/placements/dashboard", token);
    expect(placements.body).toEqual({ success: true, data: await getPlacementDashboard(db, ctx) });
    const tasks = await call(tasksApi, "/api/tasks/dashboard", token);
    expect(tasks.body).toEqual({ success: true, data: await getTaskDashboard(db, ctx) });
  });

  it("answer 401 without a valid token", async () => {
    for (const [loader, path] of [
      [clientsApi, "/api/clients/dashboard"],
      [facilitiesApi, "/api/facilities/dashboard"],
      [placementsApi, "/api/placements/dashboard"],
      [tasksApi, "/api/tasks/dashboard"],
    ] as const) {
      expect((await call(loader, path)).status).toBe(401);
      expect((await call(loader, path, "forged")).status).toBe(401);
    }
  });
});

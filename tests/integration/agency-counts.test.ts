import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { readAgencyCounts, readMemberCounts, readMemberLaneCounts } from "~/models/counts.server";
import { resetDb, testDb } from "../support/db";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createTask,
  createUser,
} from "../support/factories";

const db = testDb();

beforeEach(async () => {
  await resetDb(db);
});

/** What the triggers should have kept, counted the slow way. */
async function recount(agencyId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; value: number }>`
    SELECT name, sum(amount)::int AS value FROM (
      SELECT 'clients:' || tracker_status AS name, 1 AS amount FROM clients WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'facilities:count', 1 FROM facilities WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'facilities:capacity', capacity FROM facilities WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'facilities:occupied', current_occupancy FROM facilities WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'placements:' || status, 1 FROM placements WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'tasks:' || stage, 1 FROM tasks WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'tasks:completed', is_completed::int FROM tasks WHERE agency_id = ${agencyId}
      UNION ALL SELECT CASE WHEN is_completed THEN 'tasks:done:' ELSE 'tasks:open:' || stage || ':' END || priority, 1
        FROM tasks WHERE agency_id = ${agencyId}
      UNION ALL SELECT unnest(ARRAY['tasks:lane:', 'tasks:lane-done:', 'tasks:lane-progress:']) || stage || ':' || priority
          || ':' || CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END,
        unnest(ARRAY[1, is_completed::int, progress]) FROM tasks WHERE agency_id = ${agencyId}
      UNION ALL SELECT unnest(ARRAY['tasks:member:', 'tasks:member-done:', 'tasks:member-progress:']) || assigned_to
          || ':' || priority || ':' || CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END,
        unnest(ARRAY[1, is_completed::int, progress]) FROM tasks WHERE agency_id = ${agencyId}
      UNION ALL SELECT 'tasks:member-lane:' || assigned_to || ':' || unnest(ARRAY['count:', 'done:', 'progress:'])
          || stage || ':' || priority || ':' || CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END,
        unnest(ARRAY[1, is_completed::int, progress]) FROM tasks WHERE agency_id = ${agencyId}
    ) d GROUP BY name HAVING sum(amount) <> 0`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

async function stored(agencyId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("agency_counts")
    .select(["name", "value"])
    .where("agency_id", "=", agencyId)
    .where("value", "<>", 0)
    // Not a total: a number drawn on every write to the agency's facilities (swim_lanes migration).
    .where("name", "<>", "facilities:version")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.value)]));
}

describe("agency_counts", () => {
  it("follows inserts, updates and deletes of every counted table, per agency", async () => {
    const a = await createAgency(db);
    const b = await createAgency(db);
    const agent = await createUser(db, { agencyId: a.id });

    const clients = await Promise.all(
      (["New Client", "Target", "Target", "Placed"] as const).map((s) =>
        createClient(db, { agencyId: a.id, tracker_status: s }),
      ),
    );
    await createClient(db, { agencyId: b.id, tracker_status: "Placed" });
    const facility = await createFacility(db, { agencyId: a.id, capacity: 40, current_occupancy: 12 });
    await createFacility(db, { agencyId: a.id, capacity: 10, current_occupancy: 10 });
    const placement = await createPlacement(db, {
      agencyId: a.id,
      client_id: clients[0].id,
      facility_id: facility.id,
      agent_id: agent.id,
    });
    const task = await createTask(db, { agencyId: a.id, assigned_to: agent.id, stage: "Target" });
    await createTask(db, { agencyId: a.id, assigned_to: agent.id, stage: "Placed", is_completed: true });

    expect(await stored(a.id)).toEqual(await recount(a.id));
    expect(await stored(a.id)).toMatchObject({
      "clients:Target": 2,
      "facilities:count": 2,
      "facilities:capacity": 50,
      "facilities:occupied": 22,
      "placements:In Progress": 1,
      "tasks:completed": 1,
    });

    // A multi-row update that moves some rows and leaves others, then changes and deletes.
    await db.updateTable("clients").set({ tracker_status: "Active Client" }).where("agency_id", "=", a.id).execute();
    await db.updateTable("facilities").set({ current_occupancy: 30 }).where("id", "=", facility.id).execute();
    await db.updateTable("placements").set({ status: "Confirmed" }).where("id", "=", placement.id).execute();
    await db.updateTable("tasks").set({ stage: "Placed", is_completed: true }).where("id", "=", task.id).execute();
    await db.deleteFrom("placements").where("id", "=", placement.id).execute();
    await db.deleteFrom("clients").where("id", "=", clients[3].id).execute();

    expect(await stored(a.id)).toEqual(await recount(a.id));
    expect(await stored(a.id)).toMatchObject({
      "clients:Active Client": 3,
      "facilities:occupied": 40,
      "tasks:Placed": 2,
    });
    expect(await stored(b.id)).toEqual({ "clients:Placed": 1 });

    const count = await readAgencyCounts(db, { agencyId: a.id, userId: agent.id });
    expect([count("tasks:Placed"), count("tasks:completed"), count("tasks:New Client")]).toEqual([2, 2, 0]);
    // By stage or done, and priority: what the tasks list's statistics read.
    expect(count("tasks:done:Medium") + count("tasks:open:Placed:Medium")).toBe(2);
    // The per-member totals grow with the team: read apart, for the board's Team Performance.
    const all = await stored(a.id);
    const memberNames = Object.keys(all).filter((name) => name.startsWith("tasks:member"));
    const laneNames = memberNames.filter((name) => name.startsWith("tasks:member-lane:"));
    expect(laneNames.length).toBeGreaterThan(0);
    expect(memberNames.length).toBeGreaterThan(laneNames.length);
    for (const name of memberNames) expect(count(name), name).toBe(0);
    const members = await readMemberCounts(db, { agencyId: a.id, userId: agent.id });
    const teamNames = memberNames.filter((name) => !laneNames.includes(name));
    expect(members.names.filter((name) => all[name] !== undefined).sort()).toEqual(teamNames.sort());
    for (const name of teamNames) expect(members.counts(name), name).toBe(all[name]);
    expect(members.counts("tasks:Placed")).toBe(0);
    // Per lane, one member's apart (the board filtered by an assignee), named as the agency's lanes.
    const ctx = { agencyId: a.id, userId: agent.id };
    for (const name of laneNames) {
      const [, , user, kind, ...lane] = name.split(":");
      const asLane = `${{ count: "tasks:lane:", done: "tasks:lane-done:", progress: "tasks:lane-progress:" }[kind]}${lane.join(":")}`;
      expect((await readMemberLaneCounts(db, ctx, user))(asLane), name).toBe(all[name]);
    }
  });

  it("takes back what a rolled-back transaction wrote", async () => {
    const a = await createAgency(db);
    await createClient(db, { agencyId: a.id });
    await expect(
      db.transaction().execute(async (trx) => {
        await createClient(trx, { agencyId: a.id });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await stored(a.id)).toEqual({ "clients:New Client": 1 });
  });

  it("is emptied with its table", async () => {
    const a = await createAgency(db);
    await createClient(db, { agencyId: a.id });
    await createFacility(db, { agencyId: a.id });
    await sql`TRUNCATE clients CASCADE`.execute(db);
    expect(await stored(a.id)).toEqual(await recount(a.id));
    expect(Object.keys(await stored(a.id)).every((name) => name.startsWith("facilities:"))).toBe(true);
  });
});

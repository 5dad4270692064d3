import os from "node:os";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getClientDashboard } from "~/models/clients.server";
import { pingDatabase } from "~/models/health.server";
import { openDatabase } from "~/utils/db.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createUser } from "../support/factories";

const db = testDb();

beforeEach(async () => {
  await resetDb(db);
});

describe("pingDatabase", () => {
  it("answers when the database answers", async () => {
    await expect(pingDatabase(db)).resolves.toBeUndefined();
  });

  describe("with a database that does not answer", () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const down = openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: os.tmpdir(), max: 1 });
    afterAll(() => down.close());

    it("rejects", async () => {
      await expect(pingDatabase(down.db)).rejects.toThrow();
    });
  });
});

describe("getClientDashboard", () => {
  it("counts every status, zeros included, when the agency has no clients", async () => {
    const agency = await createAgency(db);
    const user = await createUser(db, { agencyId: agency.id, role: "coordinator" });

    const dashboard = await getClientDashboard(db, { agencyId: agency.id, userId: user.id });

    expect(dashboard).toEqual({
      totalClients: 0,
      statusCounts: { "New Client": 0, "Active Client": 0, Target: 0, Placed: 0, "Follow-up": 0 },
    });
  });

  it("counts the caller's agency's clients by tracker status, and only those", async () => {
    const agency = await createAgency(db);
    const other = await createAgency(db);
    const user = await createUser(db, { agencyId: agency.id });
    const statuses = ["New Client", "New Client", "New Client", "Active Client", "Placed", "Placed"] as const;
    for (const status of statuses) {
      await createClient(db, { agencyId: agency.id, tracker_status: status });
    }
    // Another agency's clients are never counted.
    await createClient(db, { agencyId: other.id, tracker_status: "Target" });
    await createClient(db, { agencyId: other.id, tracker_status: "New Client" });

    const dashboard = await getClientDashboard(db, { agencyId: agency.id, userId: user.id });

    expect(dashboard).toEqual({
      totalClients: 6,
      statusCounts: { "New Client": 3, "Active Client": 1, Target: 0, Placed: 2, "Follow-up": 0 },
    });
  });
});

describe("resetDb", () => {
  it("empties every table", async () => {
    const agency = await createAgency(db);
    await createClient(db, { agencyId: agency.id });

    await resetDb(db);

    expect(await db.selectFrom("clients").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("agencies").select("id").execute()).toEqual([]);
  });
});

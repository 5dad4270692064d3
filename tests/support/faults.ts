// Helpers of the fault suite (tests/faults): a request held inside the app's statement, then its
// connection ended from inside Postgres or cut at the proxy, as a restart or a failover does.
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { expect } from "vitest";
import type { Database } from "~/utils/db-types";
import { eventually } from "./server-process";
import type { TcpProxy } from "./tcp-proxy";

/** Ends the app's connections (`application_name = 'placement'`) in these states; answers how many. */
export async function terminateApp(
  db: Kysely<Database>,
  states: string[] = ["idle", "idle in transaction", "active"],
): Promise<number> {
  const { rows } = await sql<{ ended: boolean }>`
    SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
    WHERE application_name = 'placement' AND datname = current_database() AND state = ANY(${states})`.execute(db);
  return rows.filter((row) => row.ended).length;
}

/** How the app's waiting statement loses its database: its backend ended, or every connection cut at the proxy. */
export type Fault = { kind: "terminate" } | { kind: "cut"; proxy: TcpProxy };

/**
 * Sends `request` while the test holds `table` locked (its own connection to `databaseUrl`), so
 * that the app's statement waits inside its request; then ends that statement's connection as
 * `fault` says, lets the table go, and answers what the request answered.
 */
export async function failWhileWaiting<T>(
  db: Kysely<Database>,
  databaseUrl: string,
  table: string,
  fault: Fault,
  request: () => Promise<T>,
): Promise<T> {
  const blocker = new pg.Client({ connectionString: databaseUrl, application_name: "fault-suite" });
  await blocker.connect();
  let answered: Promise<T>;
  try {
    await blocker.query("BEGIN");
    await blocker.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`);
    answered = request();
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'placement' AND state = 'active' AND wait_event_type = 'Lock'`.execute(db);
      expect(rows[0].n).toBe(1);
    }, 5_000);
    if (fault.kind === "terminate") expect(await terminateApp(db, ["active"])).toBe(1);
    else fault.proxy.cut();
  } finally {
    await blocker.query("ROLLBACK");
    await blocker.end();
  }
  return answered;
}

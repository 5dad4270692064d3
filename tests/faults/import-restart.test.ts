// A server killed in the middle of imports (SIGKILL: no clean-up of any kind) and started again:
// each import finishes exactly once (issue 37; docs/decisions/012-csv-import.md). The real
// server (supervisor, one worker, the job queue's runner in the supervisor) runs the imports as
// jobs; the killed runner's jobs are taken again by the new one at once, not after
// graphile-worker's 4 hours, because nothing holds the dead runner's liveness lock any more
// (app/services/jobs.server.ts). The valid-rows import goes on after its last committed batch;
// the all-or-nothing one, rolled back by Postgres, runs again from its first row.
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/utils/db-types";
import { createSession } from "~/models/session.server";
import { resetDb } from "../support/db";
import { createAgency, createUser } from "../support/factories";
import { eventually, type ServerProcess, startServer } from "../support/server-process";

const SECRET = "fault-suite-session-secret-0123456789abcdef";
const databaseUrl = process.env.FAULTS_DATABASE_URL ?? "";
const db = new Kysely<Database>({
  dialect: new PostgresDialect({
    pool: new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: "fault-suite" }),
  }),
});

const ROWS = 20_000;
const servers: ServerProcess[] = [];
let agencyId: string;
let token: string;

beforeAll(async () => {
  if (!databaseUrl)
    throw new Error("FAULTS_DATABASE_URL is not set: run the fault suite with `npm test -- --only faults`");
  await resetDb(db);
  agencyId = (await createAgency(db)).id;
  const user = await createUser(db, { agencyId, role: "coordinator" });
  const limits = { idleMinutes: 60, absoluteHours: 12 };
  token = (await createSession(db, { user: { id: user.id, agencyId }, kind: "api", limits })).token;
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await db.destroy();
});

/** A file of `n` clients, their e-mails and phones told apart by `tag`. */
function clientsFile(tag: number, n: number): string {
  const head = "First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone";
  const lines = Array.from({ length: n }, (_, i) => {
    const phone = `(${300 + tag}) ${String(200 + Math.floor(i / 10_000)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`;
    return `P${i},Import ${tag},p${i}.${tag}@example.com,${phone},1940-05-17,Jane Doe,Daughter,(217) 555-0199`;
  });
  return [head, ...lines].join("\r\n") + "\r\n";
}

async function startImport(server: ServerProcess, file: string, mode: "all" | "valid"): Promise<string> {
  const form = new FormData();
  form.set("type", "clients");
  form.set("mode", mode);
  form.set("file", new Blob([file], { type: "text/csv" }), `${mode}.csv`);
  const response = await fetch(`${server.baseUrl}/api/imports`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { import: { _id: string } } };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body.data.import._id;
}

const importRow = (id: string) =>
  db
    .selectFrom("imports")
    .select(["status", "processed_rows", "created_count", "total_rows", "created_ids", "message"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

it("a server killed mid-import is started again: each import finishes exactly once", async () => {
  const first = await startServer({ databaseUrl, sessionSecret: SECRET, workers: 1 });
  servers.push(first);
  const valid = await startImport(first, clientsFile(1, ROWS), "valid");
  const all = await startImport(first, clientsFile(2, ROWS), "all");

  // Both running, each with some batches behind it and more ahead: then the whole server is killed.
  await eventually(
    async () => {
      const [v, a] = [await importRow(valid), await importRow(all)];
      expect(v.status).toBe("running");
      expect(a.status).toBe("running");
      // (Two imports of one agency take turns on its running totals: the valid rows' waits.)
      expect(v.processed_rows).toBeGreaterThanOrEqual(1_000);
      expect(a.processed_rows).toBeGreaterThanOrEqual(2_000);
    },
    60_000,
    10,
  );
  const workers = first.workers();
  process.kill(first.pid, "SIGKILL");
  for (const pid of workers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // it ended with its supervisor
    }
  }
  await first.stop();

  const [v, a] = [await importRow(valid), await importRow(all)];
  expect(v.processed_rows).toBeLessThan(ROWS);
  expect(a.processed_rows).toBeLessThan(ROWS);
  // Half-applied, never: the valid rows' import has exactly its committed batches; the other, nothing.
  const counts = async () => {
    const { rows } = await sql<{ tag: string; n: number }>`
      SELECT last_name AS tag, count(*)::int AS n FROM clients WHERE agency_id = ${agencyId} GROUP BY last_name`.execute(
      db,
    );
    return Object.fromEntries(rows.map((r) => [r.tag, r.n]));
  };
  const stopped = await counts();
  expect(stopped["Import 1"]).toBe(v.created_count);
  expect(v.created_count % 1_000).toBe(0);
  expect(stopped["Import 2"]).toBeUndefined();
  const locked = await sql<{ locked_by: string | null }>`
    SELECT locked_by FROM graphile_worker.jobs WHERE key = ANY(${[`import:${valid}`, `import:${all}`]})`.execute(db);
  expect(locked.rows).toHaveLength(2);
  expect(locked.rows.every((r) => r.locked_by !== null)).toBe(true);

  const second = await startServer({ databaseUrl, sessionSecret: SECRET, workers: 1 });
  servers.push(second);
  await eventually(
    async () => {
      expect((await importRow(valid)).status).toBe("done");
      expect((await importRow(all)).status).toBe("done");
    },
    90_000,
    250,
  );
  for (const id of [valid, all]) {
    const row = await importRow(id);
    expect(row).toMatchObject({ processed_rows: ROWS, created_count: ROWS, total_rows: ROWS, message: null });
    expect(new Set(row.created_ids).size).toBe(ROWS);
  }
  expect(await counts()).toEqual({ "Import 1": ROWS, "Import 2": ROWS });
  const { rows: twice } = await sql<{ email: string }>`
    SELECT email FROM clients WHERE agency_id = ${agencyId} GROUP BY email HAVING count(*) > 1`.execute(db);
  expect(twice).toEqual([]);
  expect(second.output()).toMatch(/\[jobs\] took back the jobs of a runner that stopped without finishing them: pool-/);
  // The jobs are done and gone.
  const left =
    await sql`SELECT id FROM graphile_worker.jobs WHERE key = ANY(${[`import:${valid}`, `import:${all}`]})`.execute(db);
  expect(left.rows).toEqual([]);
}, 240_000);

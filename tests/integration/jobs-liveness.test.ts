import { sql } from "kysely";
import { afterEach, beforeEach, expect, it } from "vitest";
import { enqueue, type JobQueue, startJobQueue } from "~/services/jobs.server";
import { testDatabaseUrl, testDb } from "../support/db";

// Jobs of a runner whose process is gone are taken again at once; those of a live runner, in
// this process or another, never (app/services/jobs.server.ts). Two real runners on the test
// database; a dead one is a pool name that nobody's liveness lock holds.

const db = testDb();
const queues: JobQueue[] = [];

beforeEach(async () => {
  await sql`DELETE FROM graphile_worker._private_jobs WHERE task_id IN
    (SELECT id FROM graphile_worker._private_tasks WHERE identifier LIKE 'liveness-%')`
    .execute(db)
    .catch(() => {});
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});

const jobOf = async (key: string) =>
  (
    await sql<{ locked_by: string | null; attempts: number }>`
      SELECT locked_by, attempts FROM graphile_worker.jobs WHERE key = ${key}`.execute(db)
  ).rows[0];

it("gives back the jobs of a pool nobody holds, and leaves a live runner's running job alone", async () => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const started: string[] = [];
  const live = await startJobQueue({
    connectionString: testDatabaseUrl(),
    tasks: {
      "liveness-slow": async () => {
        started.push("slow");
        await held;
      },
    },
    pollInterval: 100,
    log: () => {},
  });
  queues.push(live);
  await enqueue(db, "liveness-slow", {}, { jobKey: "liveness:live" });
  await expect.poll(() => started, { timeout: 10_000 }).toEqual(["slow"]);
  const running = await jobOf("liveness:live");
  expect(running.locked_by).toMatch(/^pool-/);

  // A job a dead runner left locked (its process killed): a pool whose lock nobody holds.
  await enqueue(db, "liveness-orphan", {}, { jobKey: "liveness:dead", runAt: new Date(Date.now() + 3_600_000) });
  // Both locked long enough ago for a sweep to look at them.
  await sql`UPDATE graphile_worker._private_jobs SET locked_by = 'pool-dead-one', locked_at = now() - interval '1 minute'
    WHERE key = 'liveness:dead'`.execute(db);
  await sql`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '1 minute'
    WHERE key = 'liveness:live'`.execute(db);

  const lines: string[] = [];
  const other = await startJobQueue({
    connectionString: testDatabaseUrl(),
    tasks: {},
    pollInterval: 100,
    log: (line) => lines.push(line),
  });
  queues.push(other);
  // Its start swept already; a sweep now finds nothing more.
  await expect.poll(() => lines.join("\n")).toContain("pool-dead-one");
  expect(await other.sweep()).toEqual([]);
  expect(await live.sweep()).toEqual([]);
  expect((await jobOf("liveness:dead")).locked_by).toBeNull();
  expect((await jobOf("liveness:live")).locked_by).toBe(running.locked_by);

  release();
  await expect.poll(() => jobOf("liveness:live"), { timeout: 10_000 }).toBeUndefined();
});

it("a runner stopped cleanly lets go of its lock; its successor finds nothing to take back", async () => {
  // Counted by pool: other test files may run a runner on the same database at the same time.
  const holders = async (pool: string | null) =>
    (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = ${0x6a6f6273}::oid
          AND objid = hashtext(${pool ?? ""})::oid
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db)
    ).rows[0].n;
  const first = await startJobQueue({ connectionString: testDatabaseUrl(), tasks: {}, log: () => {} });
  await expect.poll(() => holders(first.poolId())).toBe(1);
  const firstPool = first.poolId();
  await first.stop();
  // Postgres lets the lock go as the connection's backend ends, a moment after the client closed it.
  await expect.poll(() => holders(firstPool)).toBe(0);
  const second = await startJobQueue({ connectionString: testDatabaseUrl(), tasks: {}, log: () => {} });
  queues.push(second);
  expect(await second.sweep()).toEqual([]);
  await expect.poll(() => holders(second.poolId())).toBe(1);
  expect(second.poolId()).not.toBe(firstPool);
});

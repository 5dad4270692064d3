// Integration tests: a real, migrated Postgres database (TEST_DATABASE_URL, provided by
// `npm test`), copied once per vitest worker by integration-global-setup.ts; each worker claims
// a free copy, runs its files on it one after the other and empties it between tests (resetDb).
import os from "node:os";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import type { Database } from "~/utils/db-types";
import { type DatabaseHandle, openDatabase } from "../../app/utils/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** One copy of the test database per worker; each file's process claims a free one. */
    testDatabaseUrls: string[];
  }
}

/** TEST_DATABASE_URL: the migrated database the workers' copies are made from. */
export function baseTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      "TEST_DATABASE_URL is not set. Run the integration tests with `npm test -- --only integration`, " +
        "which starts a throwaway Postgres and sets it (or point it at a migrated database you can empty).",
    );
  }
  return url;
}

/** The name of worker `n`'s copy of the database `base`. */
export function workerDatabaseName(base: string, n: number): string {
  return `${base}_w${n}`;
}

let claimed: { url: string; client: pg.Client } | undefined;

/**
 * Claims one of the copies for this worker process, for as long as it runs: the first whose
 * advisory lock is free, held by a connection that ends with the process. A lock rather than
 * VITEST_POOL_ID, which two processes can share when the unit and the integration projects run
 * in one vitest. The worker runs its files one after the other on its copy.
 */
export async function claimTestDatabase(): Promise<string> {
  if (claimed) return claimed.url;
  const urls = inject("testDatabaseUrls") ?? [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const url of urls) {
      const client = new pg.Client({ connectionString: url, application_name: "placement-test-claim" });
      client.on("error", () => {}); // ended at the end of the run (DROP DATABASE … WITH (FORCE))
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(4242) AS ok");
      if (rows[0].ok) {
        // The lock's connection must not keep the worker from exiting.
        (client as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
        claimed = { url, client };
        return url;
      }
      await client.end();
    }
    if (Date.now() > deadline) {
      throw new Error(`All ${urls.length} test databases stayed claimed for a minute (integration-global-setup.ts).`);
    }
    // Every copy is in use: a worker that just ended is still letting its copy go.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The database this worker claimed (integration-setup.ts claims it before the first file). */
export function testDatabaseUrl(): string {
  if (!claimed) throw new Error("No test database claimed: integration-setup.ts claims one before each file.");
  return claimed.url;
}

let handle: DatabaseHandle | undefined;

/** A Kysely on TEST_DATABASE_URL, one per test file; closed after the file by the setup file. */
export function testDb(): Kysely<Database> {
  handle ??= openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: os.tmpdir(), max: 4 });
  return handle.db;
}

export async function closeTestDb(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}

let tables: Promise<string[]> | undefined;

/** Every table of the public schema but Kysely's own migration bookkeeping. */
function listTables(db: Kysely<Database>): Promise<string[]> {
  tables ??= sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT LIKE 'kysely\\_migration%'
      ORDER BY table_name`
    .execute(db)
    .then((result) => result.rows.map((row) => row.table_name));
  return tables;
}

/** Empties every application table in one statement (identities restarted, FKs cascaded). */
export async function resetDb(db: Kysely<Database> = testDb()): Promise<void> {
  const names = await listTables(db);
  if (names.length === 0) {
    throw new Error("resetDb: the test database has no tables; was it migrated?");
  }
  // The audit trail refuses TRUNCATE (it is append-only) except in a superuser's replication
  // mode, which the test databases' owner is.
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`TRUNCATE ${sql.join(names.map((name) => sql.table(name)))} RESTART IDENTITY CASCADE`.execute(trx);
  });
}

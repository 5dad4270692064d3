// Once per integration run, before any test file:
//  - make sure TEST_DATABASE_URL is migrated. `npm test` has done it already and says so
//    (TEST_DATABASE_MIGRATED=1); this matters when the project is run by hand:
//    TEST_DATABASE_URL=postgres://… npx vitest run --project integration
//  - copy it once per worker (`<name>_w1`, `<name>_w2`…, CREATE DATABASE … TEMPLATE): the files
//    run two at a time, each worker on its own database, which its tests empty between tests.
//    The copies are dropped at the end.
//
// The migrations are run by db/migrate.ts under tsx, in a child process: Kysely's
// FileMigrationProvider imports the .ts migration files with Node's own import(), which the
// vitest main process cannot do.
import { execFileSync } from "node:child_process";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { baseTestDatabaseUrl, workerDatabaseName } from "./db";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = baseTestDatabaseUrl();
  if (process.env.TEST_DATABASE_MIGRATED !== "1") {
    execFileSync("npx", ["tsx", "db/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }

  const template = new URL(url).pathname.slice(1);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const names = Array.from({ length: workers }, (_, i) => workerDatabaseName(template, i + 1));
  const urlOf = (name: string) => {
    const other = new URL(url);
    other.pathname = `/${name}`;
    return other.toString();
  };
  /** Runs `statements` for each copy's name, on the server's `postgres` database. */
  const forEachCopy = async (statements: (name: string) => string[]) => {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      for (const name of names)
        for (const statement of statements(pg.escapeIdentifier(name))) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = (name: string) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;

  await forEachCopy((name) => [drop(name), `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}`]);
  project.provide("testDatabaseUrls", names.map(urlOf));
  return () => forEachCopy((name) => [drop(name)]);
}

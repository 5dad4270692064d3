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
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const name of names) {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
    }
  } finally {
    await client.end();
  }
  project.provide(
    "testDatabaseUrls",
    names.map((name) => {
      const copy = new URL(url);
      copy.pathname = `/${name}`;
      return copy.toString();
    }),
  );

  return async () => {
    const done = new pg.Client({ connectionString: admin.toString() });
    await done.connect();
    try {
      for (const name of names) await done.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    } finally {
      await done.end();
    }
  };
}

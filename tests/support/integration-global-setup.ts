// Once per integration run, before any test file: make sure TEST_DATABASE_URL is migrated.
// `npm test` has done it already and says so (TEST_DATABASE_MIGRATED=1); this matters when the
// project is run by hand: TEST_DATABASE_URL=postgres://… npx vitest run --project integration
//
// The migrations are run by db/migrate.ts under tsx, in a child process: Kysely's
// FileMigrationProvider imports the .ts migration files with Node's own import(), which the
// vitest main process cannot do.
import { execFileSync } from "node:child_process";
import { testDatabaseUrl } from "./db";

export default function setup(): void {
  const url = testDatabaseUrl();
  if (process.env.TEST_DATABASE_MIGRATED === "1") return;
  execFileSync("npx", ["tsx", "db/migrate.ts"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

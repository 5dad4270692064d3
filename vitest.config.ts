import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Three projects (one with `--project unit|integration|faults`; `npm test` runs each in turn):
//  - unit: pure logic, no database, files run in parallel.
//  - integration: a real migrated Postgres at TEST_DATABASE_URL (`npm test` provides one); the
//    files share that one database and empty it between tests, so they run one at a time.
//  - faults: the real server as its own process (the production build in build/) on its own
//    Postgres at FAULTS_DATABASE_URL, through a proxy the tests cut: lost connections, an outage,
//    aborted and oversized uploads. One file at a time.
const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: { "~": path.join(root, "app") },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "faults",
          environment: "node",
          include: ["tests/faults/**/*.test.{ts,tsx}"],
          fileParallelism: false,
          maxWorkers: 1,
          // Each file starts the real server (and waits out a database outage of 10 s).
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          fileParallelism: false,
          maxWorkers: 1,
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          // argon2 hashing and real queries: more than the 5 s default on a busy 2-core machine.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});

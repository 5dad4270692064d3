import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Three projects (one with `--project unit|integration|faults`; `npm test` runs each in turn):
//  - unit: pure logic, no database, files run in parallel.
//  - integration: a real migrated Postgres at TEST_DATABASE_URL (`npm test` provides one), copied
//    once per worker (tests/support/integration-global-setup.ts): two files at a time, each on
//    its worker's copy, emptied between tests. After the unit tests (its own group).
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
          // Two cores: a worker waits on Postgres much of its time, so two keep both busy.
          maxWorkers: 2,
          // A worker's files share its modules: the app is imported once per worker, not once
          // per file (a third of the run). Files put back what they change (setup file).
          isolate: false,
          sequence: { groupOrder: 1 },
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

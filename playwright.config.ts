import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT, E2E_SESSION_SECRET, e2eBrowser, e2eDatabaseUrl } from "./tests/support/e2e-env";
import { RESEND_STAND_IN_KEY, RESEND_STAND_IN_URL } from "./tests/support/resend-stand-in";

// Browser tests (tests/e2e/*.spec.ts) against the built app, in Chromium, twice:
//
//  - project `js`:    JavaScript enabled (drag and drop, dialogs, instant filters…).
//  - project `no-js`: JavaScript disabled: every screen and form must still work (DESIGN.md §6).
//
// Every test runs in both projects unless it says otherwise. Conventions to opt out:
//  - a test (or describe) whose title carries the tag `@js-only` runs only in `js` (a behaviour
//    that only exists with JavaScript, e.g. drag and drop); `@no-js-only` runs only in `no-js`.
//      test("drags a card to Placed @js-only", async ({ page }) => { … });
//  - `@once` runs in `no-js` only, for what the server alone decides and the browser only shows
//    (headers, refusals, another agency's record not found, an export, a layout of long names):
//    a second run with JavaScript would check the same thing again, at twice the cost.
//  - or inside a file / describe:  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "needs JS");
//
// `npm test` (tests/run.ts) starts a throwaway Postgres, migrates and seeds E2E_DATABASE_URL and
// picks E2E_PORT; this file then builds the app and starts it on that database.

// The server's scratch directory (uploads…): `npm test` gives one per run and deletes it; by hand
// a fixed one under the system temp directory is reused.
const dataDir = process.env.E2E_DATA_DIR || path.join(os.tmpdir(), "placement-e2e-data");
fs.mkdirSync(dataDir, { recursive: true });
const buildLog = JSON.stringify(path.join(dataDir, "remix-build.log"));

const chromium = e2eBrowser();

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // Tests are independent (each makes its own records or its own agency): any worker may run
  // any test, so the two long files (clients, facilities) do not finish last on their own.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The machine has 2 cores, shared with the server under test; a test waits on the browser and
  // the server much of its time, so a third worker keeps both cores busy (the whole suite: 10.9
  // minutes, 20 with two workers in the full Chromium).
  workers: 3,
  reporter: "list",
  timeout: 30_000,
  // A busy machine: what shows within a second on its own can take a few seconds here.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    headless: true,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-gpu",
        "--no-first-run",
        // One renderer process for all of a worker's pages (each context stays isolated: its own
        // cookies and storage), instead of a new process for every test's page: a page opens
        // 20–25% sooner on two cores (docs/decisions/004-headless-shell.md).
        "--renderer-process-limit=1",
      ],
    },
  },
  projects: [
    {
      name: "js",
      use: { javaScriptEnabled: true },
      grepInvert: /@no-js-only|@once/,
    },
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      grepInvert: /@js-only/,
    },
  ],
  webServer: [
    {
      // Stands in for Resend: the server sends its e-mails there, and tests read them back
      // (the outbox table keeps no reset links).
      command: "npx tsx tests/support/resend-stand-in.ts",
      url: `${RESEND_STAND_IN_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Build once per run (its chatter goes to a log, shown when the build fails; `npm test` has
      // built already and says so with E2E_PREBUILT), then serve the production build exactly as
      // `npm start` would.
      command: `${process.env.E2E_PREBUILT ? "" : `(npx remix build > ${buildLog} 2>&1 || (cat ${buildLog} >&2; exit 1)) && `}npx tsx server/index.ts`,
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        DATABASE_URL: e2eDatabaseUrl(),
        SESSION_SECRET: E2E_SESSION_SECRET,
        APP_URL: E2E_BASE_URL,
        DATA_DIR: dataDir,
        UPLOAD_DIR: path.join(dataDir, "uploads"),
        RESEND_API_KEY: RESEND_STAND_IN_KEY,
        RESEND_BASE_URL: RESEND_STAND_IN_URL,
        SEED_DEMO: "",
      },
    },
  ],
});

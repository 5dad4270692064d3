// Runs before every integration test file (in its worker, before the file is imported). The
// files of a worker share its modules (isolate: false in vitest.config.ts): what a file changes
// in the app's state (process.env, the file storage) it puts back.
//
// Route modules and models called in-process use the app's own database singleton
// (app/utils/db.server.ts `database()`, which reads DATABASE_URL) and its configuration
// (app/utils/env.server.ts): point both at the test database and at fixed test values.
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { claimTestDatabase, closeTestDb } from "./db";

export const TEST_SESSION_SECRET = "integration-session-secret-0123456789abcdef";

// The worker's own copy of the test database (the same for each of its files).
const databaseUrl = await claimTestDatabase();
process.env.DATABASE_URL = databaseUrl;
process.env.SESSION_SECRET = TEST_SESSION_SECRET;
process.env.APP_URL = "http://localhost:3000";
// Uploads and anything else the app keeps on disk go to a scratch directory, never ./data.
// One per database copy, as two workers run at once.
process.env.DATA_DIR = path.join(
  process.env.TEST_DATA_DIR ?? path.join(os.tmpdir(), "placement-integration"),
  new URL(databaseUrl).pathname.slice(1),
);
process.env.UPLOAD_DIR = path.join(process.env.DATA_DIR, "uploads");
// E-mails land in the email_outbox table instead of going out.
process.env.RESEND_API_KEY = "";

// The views a test's pages queued for the audit trail are written within the test, not into the
// next one's database (app/models/audit.server.ts, flushViews).
afterEach(async () => {
  const { flushViews } = await import("../../app/models/audit.server");
  await flushViews();
});

afterAll(async () => {
  await closeTestDb();
  // Close the app's singleton too, if the file used it, so the worker exits promptly.
  const key = Symbol.for("placement.database");
  const holder = globalThis as { [key: symbol]: { close: () => Promise<void> } | undefined };
  const appDb = holder[key];
  if (appDb) {
    delete holder[key];
    await appDb.close();
  }
});

// The one place that says where the browser tests find the app: used by playwright.config.ts
// (to start the server) and by tests/support/e2e.ts (to sign in and to read the database).
// Keep it free of heavy imports: the Playwright config loads it in every worker.
import fs from "node:fs";

/** `npm test` picks a free port and passes it in E2E_PORT; 4517 when run by hand. */
export const E2E_PORT = Number.parseInt(process.env.E2E_PORT ?? "", 10) || 4517;

export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/** The server under test signs its cookies with this; so does the loginAs fixture. */
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production-0123456789";

/** The migrated and demo-seeded database the e2e server runs on (set by `npm test`). */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) {
    throw new Error(
      "E2E_DATABASE_URL is not set. Run the browser tests with `npm test -- --only e2e`, which starts " +
        "a throwaway Postgres, seeds it and sets E2E_DATABASE_URL (or set it yourself to a migrated, " +
        "demo-seeded database).",
    );
  }
  return url;
}

/** The system Chromium (Debian package `chromium`); Playwright's own download is not used. */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * Chromium's headless shell (Debian package `chromium-headless-shell`, the same build without
 * the windowing layers): what Playwright runs for `headless: true` with its own browsers, and
 * about three times quicker per page on two cores than the full browser in headless mode.
 */
export const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** The browser the e2e tests drive: the headless shell when installed, else the full Chromium. */
export function e2eBrowser(): string | undefined {
  return [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM].find((file) => fs.existsSync(file));
}

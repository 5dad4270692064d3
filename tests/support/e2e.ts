// Playwright helpers for the browser tests.
//
//   import { expect, test } from "../support/e2e";
//   test("…", async ({ page, loginAs }) => { await loginAs(); await page.goto("/clients"); … });
//
// `loginAs` signs in WITHOUT the form: it inserts a `sessions` row for the user straight into
// the e2e database and gives the browser the matching signed `__session` cookie, the way the
// app's own sign-in does (app/utils/session.server.ts). Tests of the sign-in form itself use
// the form.
import crypto from "node:crypto";
import os from "node:os";
import { createCookie } from "@remix-run/node";
import { parse } from "csv-parse/sync";
import { test as base, expect, type Locator, type Page, type Response } from "@playwright/test";
import { getClientDashboard } from "../../app/models/clients.server";
import { getFacilityDashboard } from "../../app/models/facilities.server";
import { getPlacementDashboard } from "../../app/models/placements.server";
import { countTasksByStage, getTaskDashboard } from "../../app/models/tasks/list.server";
import { dayIn } from "../../app/utils/days";
import { type DatabaseHandle, openDatabase } from "../../app/utils/db.server";
import { parseTimeZone } from "../../app/utils/env.server";
import { E2E_BASE_URL, E2E_SESSION_SECRET, e2eDatabaseUrl } from "./e2e-env";
import { createAgency, createUser } from "./factories";
import { RESEND_STAND_IN_URL } from "./resend-stand-in";

export { expect };
export { E2E_BASE_URL, E2E_PORT, E2E_SESSION_SECRET } from "./e2e-env";

/** The demo coordinator created by db/seed.ts; every seeded account shares the password. */
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "Demo@1234";

let shared: DatabaseHandle | undefined;

/**
 * The e2e database (E2E_DATABASE_URL), to read the numbers a screen should show. One small
 * pool per worker process, closed when the worker ends (see the `e2eDb` fixture).
 */
export function dbForE2E(): DatabaseHandle["db"] {
  shared ??= openDatabase({ databaseUrl: e2eDatabaseUrl(), dataDir: os.tmpdir(), max: 2 });
  return shared.db;
}

const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [E2E_SESSION_SECRET],
});

export interface SignedInUser {
  id: string;
  agencyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Signs `page`'s browser context in as the (active) user with that e-mail. */
export async function loginAs(page: Page, email: string = DEMO_EMAIL): Promise<SignedInUser> {
  const db = dbForE2E();
  const user = await userByEmail(email, { active: true });

  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      user_id: user.id,
      agency_id: user.agencyId,
      token_hash: crypto.createHash("sha256").update(token).digest("hex"),
      kind: "browser",
      expires_at: new Date(Date.now() + 12 * 3600_000),
      user_agent: "playwright loginAs",
    })
    .execute();

  // "__session=<signed value>; Path=/; HttpOnly; SameSite=Lax" -> name and value.
  const header = await sessionCookie.serialize(token);
  const pair = header.split(";")[0];
  const eq = pair.indexOf("=");
  await page.context().addCookies([
    {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      url: E2E_BASE_URL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return user;
}

/** The user with that e-mail (the seeded accounts' and the tests' own e-mails are unique). */
async function userByEmail(email: string, options: { active?: boolean } = {}): Promise<SignedInUser> {
  let query = dbForE2E()
    .selectFrom("users")
    .select(["id", "agency_id as agencyId", "email", "first_name as firstName", "last_name as lastName", "role"])
    .where("email", "=", email);
  if (options.active) query = query.where("is_active", "=", true);
  const user = await query.executeTakeFirst();
  if (!user) throw new Error(`no ${options.active ? "active " : ""}user ${email} in the e2e database`);
  return user;
}

/** Signs out, then in through the sign-in form with the password (a second step may follow). */
export async function signInByForm(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/**
 * Today in the time zone of an agency with none of its own: the server's TIME_ZONE (unset here:
 * its default). Not the UTC date, which is already tomorrow on a New York evening.
 */
export function serverToday(): string {
  return dayIn(parseTimeZone(process.env.TIME_ZONE));
}

/**
 * A new active agent in the demo agency, password DEMO_PASSWORD, for tests that spoil an
 * account (e.g. lock it with failed sign-ins) and must not touch the shared demo accounts.
 */
export async function createSpareAgent(): Promise<string> {
  const demo = await userByEmail(DEMO_EMAIL);
  const email = `spare-agent-${Date.now().toString(36)}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await createUser(dbForE2E(), {
    agencyId: demo.agencyId,
    email,
    first_name: "Spare",
    last_name: "Agent",
    role: "agent",
    password: DEMO_PASSWORD,
  });
  return email;
}

/** A coordinator of a new agency with no data at all, for the empty states; returns the e-mail. */
export async function createEmptyAgencyUser(): Promise<string> {
  const db = dbForE2E();
  const agency = await createAgency(db, { name: `Empty Agency ${crypto.randomBytes(3).toString("hex")}` });
  const email = `empty-${Date.now().toString(36)}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await createUser(db, {
    agencyId: agency.id,
    email,
    first_name: "Erin",
    last_name: "Empty",
    role: "coordinator",
    password: DEMO_PASSWORD,
  });
  return email;
}

/** The coordinator of another new agency with no data, not signed in: someone else's records. */
export async function otherAgencyUser(): Promise<SignedInUser> {
  return userByEmail(await createEmptyAgencyUser());
}

/**
 * The link to `path` (/reset-password, /invitation) in the newest e-mail to that address, as a
 * path: read from the Resend stand-in the server sends its e-mails to (the outbox keeps no
 * links). The e-mail goes out just after the answer: it is waited for a little.
 */
export async function latestEmailLink(email: string, path: "/reset-password" | "/invitation"): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${RESEND_STAND_IN_URL}/messages?${new URLSearchParams({ to: email })}`);
        const messages = (await response.json()) as Array<{ text: string }>;
        link = messages.map((m) => pattern.exec(m.text)?.[0]).findLast(Boolean);
        return link;
      },
      { message: `an e-mail with a ${path} link to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  expect(link!.startsWith(E2E_BASE_URL)).toBe(true); // built from APP_URL
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The link of the newest password-reset e-mail to that address, as a path. */
export function latestResetLink(email: string): Promise<string> {
  return latestEmailLink(email, "/reset-password");
}

export interface DashboardNumbers {
  totalClients: number;
  newClients: number;
  activePlacements: number;
  totalPlacements: number;
  totalFacilities: number;
  availableBeds: number;
  pendingTasks: number;
  overdueTasks: number;
  lanes: Array<{ stage: string; count: number }>;
  recent: Array<{ firstName: string; lastName: string; status: string; facility: string }>;
}

/**
 * What the dashboard should show to a user (default the demo coordinator), read from the e2e
 * database through the same model functions as the dashboard's loader: the browser test checks
 * that the screen shows them; the integration tests check the models' counting rules.
 */
export async function dashboardNumbers(email: string = DEMO_EMAIL): Promise<DashboardNumbers> {
  const db = dbForE2E();
  const user = await userByEmail(email);
  const ctx = { userId: user.id, agencyId: user.agencyId };
  const [clients, facilities, placements, tasks, lanes] = await Promise.all([
    getClientDashboard(db, ctx),
    getFacilityDashboard(db, ctx),
    getPlacementDashboard(db, ctx),
    getTaskDashboard(db, ctx),
    countTasksByStage(db, ctx),
  ]);
  return {
    totalClients: clients.totalClients,
    newClients: clients.statusCounts["New Client"] ?? 0,
    activePlacements: placements.activePlacements,
    totalPlacements: placements.totalPlacements,
    totalFacilities: facilities.totalFacilities,
    availableBeds: facilities.occupancyStats.totalCapacity - facilities.occupancyStats.totalOccupied,
    pendingTasks: tasks.overview.totalTasks - tasks.overview.completedTasks,
    overdueTasks: tasks.overview.overdueTasks,
    lanes,
    recent: placements.recentPlacements.map((p) => ({
      firstName: p.clientId.firstName,
      lastName: p.clientId.lastName,
      status: p.status,
      facility: p.facilityId.name,
    })),
  };
}

export const test = base.extend<
  {
    /** Signs the page in as that user (default the demo coordinator). */
    loginAs: (email?: string) => Promise<SignedInUser>;
    /** The e-mail of a fresh agent made for this test (see createSpareAgent). */
    spareAgentEmail: string;
    /** The dashboard's expected numbers (see dashboardNumbers). */
    e2eNumbers: (email?: string) => Promise<DashboardNumbers>;
    /** Signed in as the coordinator of a new agency with no data (a test's own clients, counts, exports). */
    agency: SignedInUser;
  },
  { e2eDb: DatabaseHandle["db"] }
>({
  // With JavaScript, "load" can come before React has hydrated the page: a page opened by goto or
  // reload is ready once the app has hydrated (root.tsx marks <html data-hydrated>), as a user
  // would wait for it to respond.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const untilHydrated = async (response: Response | null) => {
        if (response?.headers()["content-type"]?.startsWith("text/html")) {
          await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
        }
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => untilHydrated(await goto(...args));
      page.reload = async (...args) => untilHydrated(await reload(...args));
    }
    await use(page);
  },
  // The worker's pool on the e2e database, closed when the worker ends.
  e2eDb: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(dbForE2E());
      const handle = shared;
      shared = undefined;
      await handle?.close();
    },
    { scope: "worker" },
  ],
  loginAs: async ({ page, e2eDb: _e2eDb }, use) => {
    await use((email?: string) => loginAs(page, email));
  },
  spareAgentEmail: async ({ e2eDb: _e2eDb }, use) => {
    await use(await createSpareAgent());
  },
  e2eNumbers: async ({ e2eDb: _e2eDb }, use) => {
    await use((email?: string) => dashboardNumbers(email));
  },
  agency: async ({ loginAs }, use) => {
    await use(await loginAs(await createEmptyAgencyUser()));
  },
});

// ───────────────────────────── test data and page helpers ─────────────────────────────

/** Lower-case letters only (digits in a search term would also match phone numbers). */
export function token(length = 6): string {
  return Array.from(crypto.randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join("");
}

export function digits(length: number): string {
  return Array.from(crypto.randomBytes(length), (b) => String(b % 10)).join("");
}

/** A phone number no other test uses, as typed and shown: "(555) 123-4567". */
export function uniquePhone(): string {
  const d = `555${digits(7)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A phone number no other test uses, as stored: "+15551234567" (docs/data-model.md). */
export function uniqueStoredPhone(): string {
  return `+1555${digits(7)}`;
}

/** A form field by its label, with or without the required-field asterisk. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s*\\*)?$`));

export const toast = (page: Page, type: "success" | "error") => page.locator(`[data-toast-type=${type}]`);

/** An exported CSV (with its byte order mark and the expected header) as one record a row. */
export function csvRecords(text: string, expectedHeader: string[]): Array<Record<string, string>> {
  expect(text.startsWith("\uFEFF"), "the CSV starts with a UTF-8 byte order mark").toBe(true);
  // As arrays first, so that a file without even a header row fails the header check.
  const [header, ...rows]: string[][] = parse(text.slice(1));
  expect(header).toEqual(expectedHeader);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

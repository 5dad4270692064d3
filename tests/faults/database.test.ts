// The database goes away and comes back; the server must not (DESIGN §8, Faults). The real server
// (supervisor and one worker, the production build) runs against Postgres through a TCP proxy
// this file controls; the app's connections are also ended from inside Postgres
// (pg_terminate_backend), as a restart or a failover ends them. In every case the server process
// stays up, every write it acknowledged is stored, every write it refused is not, and requests
// succeed again within 5 s of the database's return.
import { createCookie } from "@remix-run/node";
import { expect as expectPage } from "@playwright/test";
import { Kysely, PostgresDialect } from "kysely";
import { chromium } from "playwright-core";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/utils/db-types";
import { createSession } from "~/models/session.server";
import { resetDb } from "../support/db";
import { createAgency, createClient, createFacility, createPlacement, createUser } from "../support/factories";
import { clientFormFields } from "../support/form-fields";
import { eventually, type ServerProcess, startServer } from "../support/server-process";
import { e2eBrowser } from "../support/e2e-env";
import { failWhileWaiting, terminateApp } from "../support/faults";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

const SECRET = "fault-suite-session-secret-0123456789abcdef";
const databaseUrl = process.env.FAULTS_DATABASE_URL ?? "";
const target = new URL(databaseUrl || "postgres://localhost");

// The tests' own connection, named apart from the app's ("placement"), which these tests end.
const db = new Kysely<Database>({
  dialect: new PostgresDialect({
    pool: new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: "fault-suite" }),
  }),
});

let proxy: TcpProxy;
let server: ServerProcess;
let agencyId: string;
let token: string;
let cookie: string;
let workersAtStart: number[];

function viaProxy(port: number): string {
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return url.toString();
}

beforeAll(async () => {
  if (!databaseUrl)
    throw new Error("FAULTS_DATABASE_URL is not set: run the fault suite with `npm test -- --only faults`");
  await resetDb(db);
  const agency = await createAgency(db);
  agencyId = agency.id;
  const user = await createUser(db, { agencyId, role: "coordinator" });
  const limits = { idleMinutes: 60, absoluteHours: 12 };
  token = (await createSession(db, { user: { id: user.id, agencyId }, kind: "api", limits })).token;
  const browser = await createSession(db, { user: { id: user.id, agencyId }, kind: "browser", limits });
  const sessionCookie = createCookie("__session", { secrets: [SECRET], path: "/" });
  cookie = (await sessionCookie.serialize(browser.token)).split(";")[0];
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  server = await startServer({ databaseUrl: viaProxy(proxy.port), sessionSecret: SECRET, workers: 1 });
  workersAtStart = server.workers();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await db.destroy();
});

beforeEach(async () => {
  // Every test starts with the database reachable and the app answering.
  await eventually(async () => expect((await api("GET", "/api/clients?limit=1")).status).toBe(200), 10_000);
});

/** The process has not died or restarted a worker: the same worker, and no word of a crash. */
function expectServerUnharmed() {
  expect(server.workers()).toEqual(workersAtStart);
  expect(server.output()).not.toMatch(/exited|Unhandled 'error' event|uncaught/i);
}

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), text };
}

async function screen(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

/** Sends `request` while the test holds `table` locked, then ends that statement's connection (support/faults.ts). */
const endedWhileWaiting = <T>(table: string, request: () => Promise<T>) =>
  failWhileWaiting(db, databaseUrl, table, { kind: "terminate" }, request);

let sequence = 0;
/** A new client's body with its own e-mail and phone (no duplicate warning). */
function newClient() {
  sequence += 1;
  const n = String(sequence).padStart(4, "0");
  return {
    firstName: "Fault",
    lastName: `Writer ${n}`,
    email: `fault-${n}-${Date.now()}@example.com`,
    phone: `(503) 7${n.slice(0, 2)}-${n.slice(2)}00`.slice(0, 14),
    dateOfBirth: "1940-05-01",
    emergencyContact: { name: "Kin", relationship: "Son", phone: "(503) 555-0101" },
  };
}

/**
 * Writes clients one after another (`writers` at a time) until `until` settles; answers the
 * e-mails of those the server acknowledged (201) and of those it refused (anything else).
 */
async function writeClients(until: Promise<unknown>, writers = 2) {
  const acknowledged: string[] = [];
  const refused: { email: string; status: number; retryAfter: string | null; sentAt: number }[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const writer = async () => {
    while (!done) {
      const body = newClient();
      const sentAt = Date.now();
      const answer = await api("POST", "/api/clients", body).catch(() => ({ status: 0, retryAfter: null }));
      if (answer.status === 201) acknowledged.push(body.email);
      else refused.push({ email: body.email, status: answer.status, retryAfter: answer.retryAfter, sentAt });
      // A person's pace, not a flood: the point is writes before, during and after the fault.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return { acknowledged, refused };
}

async function storedEmails(emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.selectFrom("clients").select("email").where("email", "in", emails).execute();
  return new Set(rows.map((row) => String(row.email)));
}

describe("a connection ended by Postgres", () => {
  it("while idle in the pool: the next requests fail or succeed, the process stays up", async () => {
    for (let i = 0; i < 4; i++) expect((await api("GET", "/api/clients")).status).toBe(200);
    expect(await terminateApp(db, ["idle"])).toBeGreaterThan(0);
    const answers = await Promise.all([1, 2, 3, 4].map(() => api("GET", "/api/clients")));
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    const back = Date.now();
    await eventually(async () => expect((await api("GET", "/api/clients")).status).toBe(200), 5_000);
    expect(Date.now() - back).toBeLessThan(5_000);
    expectServerUnharmed();
  });

  it("during reads, screens and API: each failed request is a 503 or the error page, never a crash", async () => {
    const stop = Date.now() + 2_000;
    const killer = (async () => {
      let ended = 0;
      while (Date.now() < stop) {
        ended += await terminateApp(db);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return ended;
    })();
    const seen = new Map<string, number>();
    const reader = async (read: () => Promise<{ status: number; text: string }>, kind: string) => {
      while (Date.now() < stop) {
        const answer = await read();
        seen.set(`${kind} ${answer.status}`, (seen.get(`${kind} ${answer.status}`) ?? 0) + 1);
        if (kind === "api") expect([200, 503]).toContain(answer.status);
        if (kind === "screen") {
          expect([200, 500, 503]).toContain(answer.status);
          if (answer.status !== 200) expect(answer.text).toContain("Please try again");
        }
      }
    };
    await Promise.all([
      reader(() => api("GET", "/api/clients"), "api"),
      reader(() => api("GET", "/api/tasks/swim-lanes"), "api"),
      reader(() => screen("/clients"), "screen"),
      reader(() => screen("/dashboard"), "screen"),
    ]);
    expect(await killer).toBeGreaterThan(0);
    // Some requests did fail: the test saw the fault it is about.
    expect([...seen.keys()].some((key) => !key.endsWith(" 200"))).toBe(true);
    await eventually(async () => expect((await screen("/clients")).status).toBe(200), 5_000);
    expectServerUnharmed();
  });

  it("during writes: every acknowledged write is stored, every refused one is not", async () => {
    const stop = new Promise((resolve) => setTimeout(resolve, 2_500));
    let ended = 0;
    const killer = (async () => {
      let done = false;
      void stop.then(() => (done = true));
      while (!done) {
        // Not while a statement runs: a COMMIT cut half-way could be done yet unanswered, which
        // no client can tell from a refusal. Between statements, and inside open transactions.
        ended += await terminateApp(db, ["idle", "idle in transaction"]);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const { acknowledged, refused } = await writeClients(stop, 3);
    await killer;
    expect(ended).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const answer of refused) expect(answer.status).toBe(503);
    const stored = await storedEmails([...acknowledged, ...refused.map((r) => r.email)]);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    expect(refused.filter((r) => stored.has(r.email))).toEqual([]);
    expectServerUnharmed();
  });

  it("inside an open transaction: the change is rolled back and the request answered 503", async () => {
    const client = await createClient(db, { agencyId });
    // The app's delete is a transaction (lock the client, count its placements, delete): it waits
    // on the placements table inside it, where its connection is ended.
    const answer = await endedWhileWaiting("placements", () => api("DELETE", `/api/clients/${client.id}`));
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe("5");
    expect(JSON.parse(answer.text)).toMatchObject({ success: false });
    expect(await db.selectFrom("clients").select("id").where("id", "=", client.id).executeTakeFirst()).toBeDefined();
    await eventually(async () => expect((await api("DELETE", `/api/clients/${client.id}`)).status).toBe(200), 5_000);
    expect(await db.selectFrom("clients").select("id").where("id", "=", client.id).executeTakeFirst()).toBeUndefined();
    expectServerUnharmed();
  });

  it("while a form is saved: the form comes back as typed, saying to try again (503)", async () => {
    const lastName = `Typed${Date.now()}`;
    // The save waits on the clients table, inside the form's action, where its connection ends.
    const answer = await endedWhileWaiting("clients", () =>
      fetch(`${server.baseUrl}/clients/new`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams(clientFormFields({ lastName, email: `${lastName}@example.com` })),
      }),
    );
    expect(answer.status).toBe(503);
    const page = await answer.text();
    expect(page).toContain("Failed to create client. The database is not answering. Please try again in a moment.");
    expect(page).toContain(`value="${lastName}"`);
    expect(await db.selectFrom("clients").select("id").where("last_name", "=", lastName).execute()).toEqual([]);
    expectServerUnharmed();
  });
});

describe("invoices while the connection is ended", () => {
  /** An invoice of one $4,200 fee: a draft (no number), or sent. */
  async function invoiceOf(status: "Draft" | "Sent") {
    const facility = await createFacility(db, { agencyId, billing_email: "billing@maple.test" });
    const placement = await createPlacement(db, { agencyId, facility_id: facility.id, status: "Completed" });
    await db
      .updateTable("placements")
      .set({ fee_cents: 420000, fee_basis: "Flat $4,200", fee_moved_in_on: "2026-03-10" })
      .where("id", "=", placement.id)
      .execute();
    const invoice = await db
      .insertInto("invoices")
      .values({
        agency_id: agencyId,
        facility_id: facility.id,
        status,
        number: status === "Sent" ? `INV-2025-${String(Date.now()).slice(-6)}` : null,
        issue_date: "2026-04-01",
        due_date: "2026-05-01",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("invoice_lines")
      .values({
        agency_id: agencyId,
        invoice_id: invoice.id,
        placement_id: placement.id,
        client_name: "Ann Lee",
        description: "Flat $4,200",
        amount_cents: 420000,
      })
      .execute();
    return invoice.id;
  }

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams(fields),
    });

  const FAILED = "Failed to save the invoice. The database is not answering. Please try again in a moment.";

  it("sending: no number is used, no e-mail is queued, and the form comes back as typed (503)", async () => {
    const id = await invoiceOf("Draft");
    const to = `typed-${Date.now()}@maple.test`;
    const counter = () =>
      db.selectFrom("invoice_counters").select("last_number").where("agency_id", "=", agencyId).execute();
    const countersBefore = await counter();
    // The send waits on the outbox, inside its transaction (the number already taken), where its connection ends.
    const answer = await endedWhileWaiting("email_outbox", () =>
      post(`/invoices/${id}`, { intent: "send", to, remember: "on" }),
    );
    expect(answer.status).toBe(503);
    const page = await answer.text();
    expect(page).toContain(FAILED);
    expect(page).toContain(`value="${to}"`);
    const invoice = await db
      .selectFrom("invoices")
      .select(["status", "number"])
      .where("id", "=", id)
      .executeTakeFirst();
    expect(invoice).toEqual({ status: "Draft", number: null });
    expect(await counter()).toEqual(countersBefore);
    expect(await db.selectFrom("email_outbox").select("id").where("kind", "=", "invoice").execute()).toEqual([]);
    const facility = await db
      .selectFrom("facilities as f")
      .innerJoin("invoices as i", "i.facility_id", "f.id")
      .select("f.billing_email")
      .where("i.id", "=", id)
      .executeTakeFirst();
    expect(facility?.billing_email).toBe("billing@maple.test");
    // Sent again once the database answers: the next number, one e-mail.
    await eventually(
      async () => expect((await post(`/invoices/${id}`, { intent: "send", to })).status).toBe(302),
      5_000,
    );
    const sent = await db.selectFrom("invoices").select(["status", "number"]).where("id", "=", id).executeTakeFirst();
    expect(sent?.status).toBe("Sent");
    expect(sent?.number).toMatch(/^INV-2026-\d{4}$/);
    expect(await db.selectFrom("email_outbox").select("to_address").where("kind", "=", "invoice").execute()).toEqual([
      { to_address: to },
    ]);
    expectServerUnharmed();
  });

  it("recording a payment: nothing is stored, and the form comes back as typed (503)", async () => {
    const id = await invoiceOf("Sent");
    // The payment waits on the payments table, inside its transaction (the invoice locked), where its connection ends.
    const answer = await endedWhileWaiting("invoice_payments", () =>
      post(`/invoices/${id}`, {
        intent: "payment",
        paidOn: "2026-05-02",
        amount: "1,234.56",
        method: "Wire",
        reference: "Wire 7781",
      }),
    );
    expect(answer.status).toBe(503);
    const page = await answer.text();
    expect(page).toContain(FAILED);
    expect(page).toContain('value="1,234.56"');
    expect(page).toContain('value="Wire 7781"');
    expect(page).toContain('value="2026-05-02"');
    expect(page).toMatch(/<option[^>]*selected=""[^>]*>Wire<\/option>|<option selected="" value="Wire">/);
    expect(await db.selectFrom("invoice_payments").select("id").where("invoice_id", "=", id).execute()).toEqual([]);
    const invoice = await db.selectFrom("invoices").select("status").where("id", "=", id).executeTakeFirst();
    expect(invoice?.status).toBe("Sent");
    expectServerUnharmed();
  });
});

describe("the database away for 10 seconds", () => {
  it("answers 503 (API, /healthz) and the error page (screens) meanwhile, loses no acknowledged write, and is back within 5 s", async () => {
    let resolveOutage!: () => void;
    const outageOver = new Promise<void>((resolve) => (resolveOutage = resolve));
    let back = 0;
    let cutAt = Infinity;
    const outage = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.down();
      cutAt = Date.now();
      const during = {
        health: await fetch(`${server.baseUrl}/healthz`),
        api: await api("GET", "/api/clients"),
        screen: await screen("/clients"),
      };
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await proxy.up();
      back = Date.now();
      resolveOutage();
      return during;
    })();
    // Writes go on before, during and after the outage, until one succeeds after it.
    const afterwards = outageOver.then(() =>
      eventually(async () => expect((await api("POST", "/api/clients", newClient())).status).toBe(201), 5_000),
    );
    const { acknowledged, refused } = await writeClients(afterwards, 2);
    const recovered = Date.now() - back;
    const during = await outage;

    expect(during.health.status).toBe(503);
    expect(await during.health.json()).toEqual({ status: "error", database: "unavailable" });
    expect(during.api.status).toBe(503);
    expect(during.api.retryAfter).toBe("5");
    expect(JSON.parse(during.api.text)).toEqual({
      success: false,
      message: "The database is not answering. Try again in a moment.",
    });
    expect(during.screen.status).toBe(503);
    expect(during.screen.text).toContain("The database is not answering. Please try again in a moment.");
    expect(during.screen.text).toContain("Retry");

    expect(recovered).toBeLessThan(5_000);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe("5");
    }
    const stored = await storedEmails([...acknowledged, ...refused.map((r) => r.email)]);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // A write whose COMMIT was on its way when the network went may be stored with its answer
    // lost: no client can tell that from a refusal (sent again, it meets the duplicate warning).
    // Every write sent once the network was gone, and refused, is not stored.
    expect(refused.filter((r) => stored.has(r.email) && r.sentAt >= cutAt)).toEqual([]);
    expect(refused.filter((r) => r.sentAt >= cutAt).length).toBeGreaterThan(0);
    expect((await screen("/clients")).status).toBe(200);
    expectServerUnharmed();
  }, 40_000);
});

describe("a form sent while the database is away", () => {
  const post = (path: string, fields: [string, string][]) =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams(fields),
    });

  it("comes back on the error page as typed, in a form that saves it once the database is back", async () => {
    const lastName = `Away${Date.now()}`;
    const typed = Object.entries(clientFormFields({ lastName, email: `${lastName}@example.com` }));
    await proxy.down();
    let page: string;
    try {
      const answer = await post("/clients/new", typed);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      page = await answer.text();
    } finally {
      await proxy.up();
    }
    expect(page).toContain("Not Saved");
    expect(page).toContain("The database is not answering, so this was not saved.");
    // Every field as it was sent, hidden in a form that posts to the same address.
    const form = page.match(/<form method="post" action="\/clients\/new">([\s\S]*?)<\/form>/)?.[1] ?? "";
    const hidden = [...form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map(
      ([, name, value]) => [
        name,
        value
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'"),
      ],
    );
    expect(hidden).toEqual(typed);
    expect(form).toContain("Save again");

    // Once the database answers, "Save again" saves the client, once.
    const saved = await eventually(async () => {
      const again = await post("/clients/new", hidden as [string, string][]);
      expect(again.status).toBe(302);
      return again;
    }, 8_000);
    const stored = await db.selectFrom("clients").select("id").where("last_name", "=", lastName).execute();
    expect(stored).toHaveLength(1);
    expect(saved.headers.get("Location")).toBe(`/clients/${stored[0].id}`);
    expectServerUnharmed();
  }, 20_000);

  it("in a browser with JavaScript: the page keeps the layout, shows what was typed, and Save again saves it", async () => {
    const browser = await chromium.launch({
      executablePath: e2eBrowser(),
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const [name, value] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: server.baseUrl }]);
      const page = await context.newPage();
      await page.goto("/clients/new");
      await page.waitForSelector("html[data-hydrated]");
      const lastName = `Browser${Date.now()}`;
      for (const [label, typed] of Object.entries({
        "First name": "Ada",
        "Last name": lastName,
        Email: `${lastName}@example.com`,
        Phone: `(217) 555-${String(Date.now()).slice(-4)}`,
        "Date of birth": "1941-02-03",
        "Contact name": "Maria Gomez",
        Relationship: "Daughter",
        "Contact phone": "(217) 555-0100",
      })) {
        await page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`)).fill(typed);
      }
      await proxy.down();
      try {
        await page.getByRole("button", { name: "Create Client" }).click();
        await page.getByRole("heading", { name: "Not Saved" }).waitFor();
        // The signed-in layout stays (its loader is not run again after the 503).
        await expectPage(page.getByRole("link", { name: /Swim Lane Tracker/ })).toBeVisible();
        await expectPage(page.getByText(lastName, { exact: true })).toBeVisible();
      } finally {
        await proxy.up();
      }
      await eventually(async () => expect((await api("GET", "/api/clients?limit=1")).status).toBe(200), 8_000);
      await page.getByRole("button", { name: "Save again" }).click();
      await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
      const stored = await db.selectFrom("clients").select("id").where("last_name", "=", lastName).execute();
      expect(stored).toHaveLength(1);
      expect(new URL(page.url()).pathname).toBe(`/clients/${stored[0].id}`);
    } finally {
      await browser.close();
    }
    expectServerUnharmed();
  }, 40_000);

  it("never writes a password back into the page", async () => {
    await proxy.down();
    try {
      const answer = await post("/profile", [
        ["intent", "password"],
        ["currentPassword", "Old-secret-1"],
        ["newPassword", "New-secret-2"],
        ["confirmPassword", "New-secret-2"],
      ]);
      expect(answer.status).toBe(503);
      const page = await answer.text();
      expect(page).not.toContain("secret");
      expect(page).toContain('name="intent" value="password"');
    } finally {
      await proxy.up();
    }
    expectServerUnharmed();
  }, 20_000);
});

describe("views of a record while the database is away", () => {
  it("are kept and written once it is back", async () => {
    const client = await createClient(db, { agencyId });
    const viewsOf = async () =>
      (
        await db
          .selectFrom("audit_events")
          .select("id")
          .where("action", "=", "view")
          .where("entity_id", "=", client.id)
          .execute()
      ).length;
    expect((await api("GET", `/api/clients/${client.id}`)).status).toBe(200);
    // Its entry waits a fifth of a second to be written: the database goes before that.
    await proxy.down();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await viewsOf()).toBe(0);
    await proxy.up();
    await eventually(async () => expect(await viewsOf()).toBe(1), 8_000);
    expect(server.output()).toContain("view entries wait");
    expectServerUnharmed();
  }, 20_000);
});

describe("start-up and the supervisor", () => {
  it("waits for a database that is not there yet, saying so, then serves", async () => {
    const late = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await late.down();
    const waiting = await startServer({
      databaseUrl: viaProxy(late.port),
      sessionSecret: SECRET,
      waitUntilHealthy: false,
    });
    try {
      await eventually(() => expect(waiting.output()).toContain("[db] waiting for the database at 127.0.0.1:"), 30_000);
      await late.up();
      await eventually(async () => expect((await fetch(`${waiting.baseUrl}/healthz`)).status).toBe(200), 60_000);
      expect(waiting.output()).toContain("[db] the database answers");
    } finally {
      await waiting.stop();
      await late.close();
    }
  }, 90_000);

  it("gives up after DATABASE_WAIT_SECONDS with what to do", async () => {
    const never = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await never.down();
    const waiting = await startServer({
      databaseUrl: viaProxy(never.port),
      sessionSecret: SECRET,
      waitUntilHealthy: false,
      env: { DATABASE_WAIT_SECONDS: "1" },
    });
    try {
      await eventually(() => expect(waiting.output()).toContain("did not answer within 1 s"), 30_000);
      expect(waiting.output()).toContain("Start it or check DATABASE_URL");
    } finally {
      await waiting.stop();
      await never.close();
    }
  }, 60_000);

  it("starts a worker that died again, and keeps serving", async () => {
    const [worker] = server.workers();
    process.kill(worker, "SIGKILL");
    await eventually(() => {
      const now = server.workers();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(worker);
    }, 30_000);
    await eventually(async () => expect((await api("GET", "/api/clients")).status).toBe(200), 30_000);
    expect(server.output(), server.output()).toContain(`worker ${worker} exited (SIGKILL)`);
    expect(server.output()).toContain("starting another in 1 s");
    workersAtStart = server.workers();
  }, 90_000);
});

import os from "node:os";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as apiLoginAction } from "~/routes/api.auth.login";
import { action as forgotAction } from "~/routes/_auth.forgot-password";
import { action as loginAction } from "~/routes/_auth.login";
import { action as resetAction } from "~/routes/_auth.reset-password";
import { action as logoutAction } from "~/routes/logout";
import { action as sidebarAction } from "~/routes/sidebar";
import { hitRateLimit } from "~/models/rate-limit.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { PASSWORD_TOO_LONG_MESSAGE } from "~/schemas/auth";
import { RULES } from "~/utils/rate-limit.server";
import { openDatabase } from "~/utils/db.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, settle } from "../support/http";

const db = testDb();
const EMAIL = "dana@example.com";

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db);
  await createUser(db, { agencyId: agency.id, email: EMAIL, role: "coordinator" });
});

const signIn = (fields: Record<string, string> = {}, ip?: string) =>
  settle(loginAction(args(formPost("/login", { email: EMAIL, password: DEFAULT_PASSWORD, ...fields }, undefined, ip))));

const apiLogin = (password: string, ip = "203.0.113.7") =>
  settle(apiLoginAction(args(apiRequest("/api/auth/login", { body: { email: EMAIL, password }, ip }))));

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

// Password checks (argon2) take seconds each on a busy machine: these tests get more time.
describe("the sign-in rate limit, with attempts sent at once", { timeout: 90_000 }, () => {
  it("lets at most the limit of wrong passwords through for one account; the rest are 429", async () => {
    expect(RULES.loginPerAccount.limit).toBe(5);
    const answers = statuses(
      await Promise.all(Array.from({ length: 20 }, (_, i) => apiLogin("Wrong@1234", `198.51.100.${i + 1}`))),
    );
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
    expect(count(answers, 401) + count(answers, 429)).toBe(20);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(15);
    // Only the attempts that were checked count: the refused ones took their counts back.
    const rows = await db.selectFrom("rate_limits").select(["key", "count"]).execute();
    const counted = (prefix: string) =>
      rows.filter((r) => r.key.startsWith(prefix)).reduce((sum, r) => sum + r.count, 0);
    expect(counted("login:account:")).toBe(count(answers, 401));
    expect(counted("login:address:")).toBe(count(answers, 401));
  });

  it("refuses the right password too once the limit is reached, for the rest of the window", async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => apiLogin("Wrong@1234", `198.51.100.${i + 1}`)));
    const right = await apiLogin(DEFAULT_PASSWORD, "198.51.100.200");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
    const screen = await signIn({}, "198.51.100.201");
    expect(screen.status).toBe(429);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });

  it("a burst of 30 with the right password 20th does not sign in", async () => {
    const burst = Array.from({ length: 30 }, (_, i) =>
      apiLogin(i === 19 ? DEFAULT_PASSWORD : "Wrong@1234", `198.51.100.${i + 1}`),
    );
    const answers = await Promise.all(burst);
    expect(answers[19].status).toBe(429);
    expect(count(statuses(answers), 401)).toBeLessThanOrEqual(5);
    expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(25);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });

  it("counts every attempt of a burst exactly: as many pass as the limit, whatever the key", async () => {
    const limit = { key: "login:address:198.51.100.77", rule: RULES.loginPerAddress };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => hitRateLimit(db, [limit], "Too many failed sign-in attempts")),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(RULES.loginPerAddress.limit);
    expect(answers.filter((a) => a?.status === 429)).toHaveLength(40 - RULES.loginPerAddress.limit);
  });

  it("does not count a success against the address, and clears the account's failures", async () => {
    for (let i = 0; i < 2; i++) expect((await apiLogin("Wrong@1234")).status).toBe(401);
    expect((await apiLogin(DEFAULT_PASSWORD)).status).toBe(200);
    const rows = await db.selectFrom("rate_limits").select(["key", "count"]).orderBy("key").execute();
    expect(rows).toEqual([{ key: "login:address:203.0.113.7", count: 2 }]);
  });

  it("password reset requests sent at once stay within their limit too", async () => {
    expect(RULES.resetPerEmail.limit).toBe(3);
    const transport = { name: "test", send: async () => ({ id: "x" }) };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        requestPasswordReset(db, EMAIL, { appUrl: "http://localhost:3000", ip: `198.51.100.${i + 1}`, transport }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(9);
    await Promise.all(results.map((r) => (r.ok ? r.delivered : null)));
  });
});

describe("where sign-in goes afterwards", { timeout: 60_000 }, () => {
  const OPEN_REDIRECTS = [
    "//evil.example",
    "/\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "https://evil.example",
    "/%5Cevil.example",
    "/\r\n/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%0d%0a/evil.example",
    "/dashboard\r\nSet-Cookie: stolen=1",
    "/.//evil.example",
    "/%2F/evil.example",
  ];

  it.each(OPEN_REDIRECTS)("redirectTo %j lands on /dashboard after signing in", async (redirectTo) => {
    const response = await signIn({ redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(cookiesFrom(response)).toContain("__session=");
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
  });

  it.each(OPEN_REDIRECTS)("the sidebar form's redirectTo %j lands on /dashboard", async (redirectTo) => {
    const response = await settle(sidebarAction(args(formPost("/sidebar", { collapsed: "1", redirectTo }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("a path of this site is kept", async () => {
    expect((await signIn({ redirectTo: "/clients?search=Jos%C3%A9&page=2" })).headers.get("Location")).toBe(
      "/clients?search=Jos%C3%A9&page=2",
    );
  });
});

describe("a sign-in password longer than any can be", { timeout: 60_000 }, () => {
  it("is refused with that message, by the field, on the screen and the API", async () => {
    const response = await signIn({ password: "x".repeat(201) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.password).toEqual([PASSWORD_TOO_LONG_MESSAGE]);

    const api = await apiLogin("x".repeat(201));
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ errors: [{ path: "password", msg: PASSWORD_TOO_LONG_MESSAGE }] });
  });
});

describe("the auth forms, sent something that is not a form", { timeout: 60_000 }, () => {
  const routes = [
    ["/login", loginAction],
    ["/forgot-password", forgotAction],
    ["/reset-password", resetAction],
    ["/sidebar", sidebarAction],
  ] as const;

  const post = (path: string, init: { body?: string; type?: string }) => {
    const headers = new Headers({ "X-Client-IP": "192.0.2.1" });
    if (init.type) headers.set("Content-Type", init.type);
    return new Request(`http://localhost${path}`, { method: "POST", headers, body: init.body });
  };

  it.each(routes)("%s answers 415 to JSON, text and no body at all", async (path, action) => {
    for (const init of [
      { body: JSON.stringify({ email: EMAIL, password: DEFAULT_PASSWORD }), type: "application/json" },
      { body: "email=x", type: "text/plain" },
      {},
    ]) {
      const response = await settle(action(args(post(path, init))));
      expect(response.status).toBe(415);
      expect(await response.text()).toMatch(/only accepts a form/);
    }
  });

  it.each(routes)("%s answers 400 to a form that cannot be read", async (path, action) => {
    const response = await settle(
      action(args(post(path, { body: "--nope\r\ngarbage", type: "multipart/form-data; boundary=xyz" }))),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/could not be read/);
  });

  it("/logout signs out whatever the body", async () => {
    const cookie = cookiesFrom(await signIn());
    const request = new Request("http://localhost/logout", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: "{",
    });
    const response = await settle(logoutAction(args(request)));
    expect(response.headers.get("Location")).toBe("/login");
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });
});

describe("sign-out", { timeout: 60_000 }, () => {
  it("clears the cookie and lands on /login even when the database is down", async () => {
    const cookie = cookiesFrom(await signIn());
    const key = Symbol.for("placement.database");
    const holder = globalThis as { [key: symbol]: unknown };
    const real = holder[key];
    // Port 1 on the loopback: nothing listens there, every query fails at once.
    const down = openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: os.tmpdir(), max: 1 });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    holder[key] = down;
    try {
      const response = await settle(logoutAction(args(formPost("/logout", {}, cookie))));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
      expect(response.headers.getSetCookie().join()).toMatch(/__session=;.*Max-Age=0/);
      expect(logged).toHaveBeenCalled();
    } finally {
      holder[key] = real;
      logged.mockRestore();
      await down.close();
    }
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkResetToken, requestPasswordReset, resetPassword } from "~/services/password-reset.server";
import { createSession, getSessionUser } from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { action as forgotApi } from "~/routes/api.auth.forgot-password";
import { action as resetApi } from "~/routes/api.auth.reset-password";
import { loader as meLoader } from "~/routes/api.auth.me";
import * as forgotRoute from "~/routes/_auth.forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth.reset-password";
import { FORGOT_PASSWORD_MESSAGE, INVALID_PASSWORD_MESSAGE, RESET_TOKEN_PROBLEMS } from "~/schemas/auth";
import { LINK_NOT_STORED } from "~/services/email.server";
import { type EmailTransport, resendTransport } from "~/utils/email.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, DEFAULT_PASSWORD, type TestUser } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, get, pageHeaders, settle } from "../support/http";

const db = testDb();
const NEW_PASSWORD = "Fresh@2026x";
const APP_URL = "http://localhost:3000"; // tests/support/integration-setup.ts
const LIMITS = { idleMinutes: 30, absoluteHours: 12 };

let user: TestUser;

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db);
  user = await createUser(db, { agencyId: agency.id, email: "dana@example.com", first_name: "Dana" });
});

const forgot = (email: string, ip?: string) =>
  forgotApi(args(apiRequest("/api/auth/forgot-password", { body: { email }, ip })));
const reset = (body: Record<string, unknown>) => resetApi(args(apiRequest("/api/auth/reset-password", { body })));

async function outbox() {
  return db
    .selectFrom("email_outbox")
    .select(["kind", "to_address", "subject", "text_body", "html_body", "status", "error", "provider_id"])
    .orderBy("created_at")
    .execute();
}

/** The token in a reset e-mail's link, read as the user would. */
function tokenIn(text: string | undefined): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? "");
  if (!match) throw new Error("no reset link in the e-mail");
  return match[1];
}

/** A transport that keeps what it is handed (the outbox does not keep the links). */
function capturingTransport() {
  const sent: Array<{ to: string; subject: string; text: string; html: string }> = [];
  const transport: EmailTransport = {
    name: "test",
    async send(email) {
      sent.push(email);
      return { id: `test-${sent.length}` };
    },
  };
  return { sent, transport };
}

/** Asks for a reset link for the user, as the forgot-password screens do, and reads it from the e-mail. */
async function requestedToken(): Promise<string> {
  const { sent, transport } = capturingTransport();
  const result = await requestPasswordReset(db, user.email, { appUrl: APP_URL, ip: "192.0.2.20", transport });
  if (!result.ok) throw new Error(result.message);
  await result.delivered;
  return tokenIn(sent.at(-1)?.text);
}

/** Until every e-mail of the outbox has been handed to its transport (it happens after the answer). */
async function deliveries() {
  await expect.poll(async () => (await outbox()).every((m) => m.status !== "queued")).toBe(true);
  return outbox();
}

/** No reset link, nor any token, in any stored e-mail. */
function expectNoLinks(mails: Awaited<ReturnType<typeof outbox>>, token?: string) {
  for (const mail of mails) {
    for (const body of [mail.text_body, mail.html_body]) {
      expect(body).not.toMatch(/reset-password\?token=/);
      if (token) expect(body).not.toContain(token);
    }
  }
}

describe("POST /api/auth/forgot-password", () => {
  it("answers a known and an unknown e-mail identically, after the same minimum time", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    const known = await timed("dana@example.com");
    const unknown = await timed("nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, data: {}, message: FORGOT_PASSWORD_MESSAGE });
    expect(known.ms).toBeGreaterThanOrEqual(240);
    expect(unknown.ms).toBeGreaterThanOrEqual(240);

    // Only the real account got an e-mail, recorded in the outbox without its link.
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password-reset", to_address: "dana@example.com" });
    expect(mails[0].text_body).toMatch(/^Hello Dana,/);
    expect(mails[0].text_body).toContain(LINK_NOT_STORED);
    expectNoLinks(mails);
  });

  it("stores only a hash of a token of at least 128 bits, expiring in 30 minutes", async () => {
    const token = await requestedToken();
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await db
      .selectFrom("password_resets")
      .select(["token_hash", sql<number>`round(extract(epoch from expires_at - created_at) / 60)::int`.as("minutes")])
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].minutes).toBe(30);
  });

  it("replaces older tokens with a new request", async () => {
    const first = await requestedToken();
    const second = await requestedToken();
    expect(await checkResetToken(db, first)).toBe("invalid");
    expect(await checkResetToken(db, second)).toBeNull();
  });

  it("refuses a missing or malformed e-mail with every failing field", async () => {
    const response = await forgot("not-an-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      errors: [{ path: "email", msg: "Please enter a valid email address" }],
    });
    const empty = await forgotApi(args(apiRequest("/api/auth/forgot-password", { body: {} })));
    expect(((await empty.json()) as { errors: unknown[] }).errors).toEqual([
      { path: "email", msg: "Email is required" },
    ]);
  });

  it("limits requests per e-mail address with a 429 and Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await forgot("dana@example.com", `198.51.100.${i}`)).status).toBe(200);
    const limited = await forgot("DANA@example.com", "198.51.100.99");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(
      /^Too many password reset requests\. Please wait \d+ minutes? and try again\.$/,
    );
    // The same answer for an address nobody has: the limit tells nothing about accounts.
    for (let i = 0; i < 3; i++) await forgot("ghost@example.com", `198.51.100.${10 + i}`);
    expect((await forgot("ghost@example.com", "198.51.100.50")).status).toBe(429);
  });

  it("limits requests per client address", async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`person${i}@example.com`, "198.51.100.7")).status).toBe(200);
    expect((await forgot("person99@example.com", "198.51.100.7")).status).toBe(429);
    expect((await forgot("person99@example.com", "198.51.100.8")).status).toBe(200);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the password with the e-mailed token, once", async () => {
    const token = await requestedToken();
    const response = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    expect(await verifyLogin(db, user.email, NEW_PASSWORD)).not.toBeNull();
    expect(await verifyLogin(db, user.email, DEFAULT_PASSWORD)).toBeNull();

    const again = await reset({ token, password: "Other@2026x", confirmPassword: "Other@2026x" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, message: RESET_TOKEN_PROBLEMS.used });
    expect(await verifyLogin(db, user.email, NEW_PASSWORD)).not.toBeNull();

    // The user is told, by e-mail, that the password changed.
    const changed = (await outbox()).find((m) => m.kind === "password-changed");
    expect(changed).toMatchObject({ to_address: user.email, subject: "Your Senior Placement password was changed" });
  });

  it("refuses an expired token and an unknown one", async () => {
    const token = await requestedToken();
    await db
      .updateTable("password_resets")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .execute();
    const expired = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { message: string }).message).toBe(RESET_TOKEN_PROBLEMS.expired);
    const unknown = await reset({ token: "x".repeat(43), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(((await unknown.json()) as { message: string }).message).toBe(RESET_TOKEN_PROBLEMS.invalid);
    expect(await verifyLogin(db, user.email, DEFAULT_PASSWORD)).not.toBeNull();
  });

  it.each([
    ["Ab1@xyz", "fewer than 8 characters"],
    ["ab1@xyzw", "no uppercase letter"],
    ["AB1@XYZW", "no lowercase letter"],
    ["Abc@xyzw", "no digit"],
    ["Abc1#xyzw", "no special character of @$!%*?&"],
  ])("refuses %s (%s) with the spec's message", async (password) => {
    const token = await requestedToken();
    const response = await reset({ token, password, confirmPassword: password });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ path: "password", msg: INVALID_PASSWORD_MESSAGE }] });
    expect(await checkResetToken(db, token)).toBeNull(); // still usable
  });

  it("refuses two different passwords, and unknown fields", async () => {
    const token = await requestedToken();
    const mismatch = await reset({ token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` });
    expect(await mismatch.json()).toMatchObject({
      errors: [{ path: "confirmPassword", msg: "Passwords do not match." }],
    });
    const extra = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, role: "admin" });
    expect(extra.status).toBe(400);
  });

  it("ends every browser session and API token of the user", async () => {
    const browser = await createSession(db, {
      user: { id: user.id, agencyId: user.agency_id },
      kind: "browser",
      limits: LIMITS,
    });
    const api = await createSession(db, {
      user: { id: user.id, agencyId: user.agency_id },
      kind: "api",
      limits: LIMITS,
    });
    const me = () => meLoader(args(apiRequest("/api/auth/me", { token: api.token })));
    expect((await me()).status).toBe(200);

    const token = await requestedToken();
    expect((await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);

    expect(await getSessionUser(db, browser.token, "browser", LIMITS)).toBeNull();
    expect((await settle(me())).status).toBe(401);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });
});

describe("the screens", () => {
  it("/forgot-password answers a known and an unknown address alike, with the toast", async () => {
    const answer = async (email: string) => {
      const response = await settle(forgotRoute.action(args(formPost("/forgot-password", { email }))));
      const body = (await response.json()) as { status: string; message: string; toast: { title: string } };
      return { status: response.status, sent: body.status, message: body.message, toast: body.toast.title };
    };
    const known = await answer("dana@example.com");
    expect(known).toEqual({ status: 200, sent: "sent", message: FORGOT_PASSWORD_MESSAGE, toast: "Password Reset" });
    expect(await answer("nobody@example.com")).toEqual(known);
  });

  it("/forgot-password says what is wrong with the e-mail, and when to try again", async () => {
    const empty = await settle(forgotRoute.action(args(formPost("/forgot-password", { email: "" }))));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain("Email is required");
    for (let i = 0; i < 3; i++)
      await settle(forgotRoute.action(args(formPost("/forgot-password", { email: "dana@example.com" }))));
    const limited = await settle(forgotRoute.action(args(formPost("/forgot-password", { email: "dana@example.com" }))));
    expect(limited.status).toBe(429);
    // Also on the page a browser without JavaScript shows.
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(pageHeaders(forgotRoute, limited).get("Retry-After")).toBe(limited.headers.get("Retry-After"));
    const body = (await limited.json()) as { message: string; toast: { title: string } };
    expect(body.toast.title).toBe("Error");
    expect(body.message).toMatch(/^Too many password reset requests/);
  });

  it("/reset-password without a token goes to the root path with the 'Invalid Reset Link' toast", async () => {
    const response = await settle(resetLoader(args(get("/reset-password"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);
  });

  it("/reset-password tells an unknown, expired or used link apart before any typing", async () => {
    const load = async (token: string) =>
      (
        (await (await settle(resetLoader(args(get(`/reset-password?token=${token}`))))).json()) as {
          problem: string | null;
        }
      ).problem;
    expect(await load("nope")).toBe(RESET_TOKEN_PROBLEMS.invalid);
    const token = await requestedToken();
    expect(await load(token)).toBeNull();
    await db
      .updateTable("password_resets")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .execute();
    expect(await load(token)).toBe(RESET_TOKEN_PROBLEMS.expired);
  });

  it("the reset form refuses a weak password and a mismatch with the spec's toasts, and shows the checklist", async () => {
    const token = await requestedToken();
    const post = async (password: string, confirmPassword: string) => {
      const response = await settle(
        resetAction(args(formPost(`/reset-password?token=${token}`, { token, password, confirmPassword }))),
      );
      return { status: response.status, body: (await response.json()) as Record<string, never> };
    };
    const weak = await post("short", "short");
    expect(weak.status).toBe(400);
    expect(weak.body.toast).toMatchObject({ title: "Invalid Password", description: INVALID_PASSWORD_MESSAGE });
    expect(weak.body.checks).toEqual({ met: [false, false, true, false, false], match: true });
    expect(JSON.stringify(weak.body)).not.toContain('"short"'); // the password is not sent back

    const mismatch = await post(NEW_PASSWORD, "Other@2026x");
    expect(mismatch.body.toast).toMatchObject({ title: "Password Mismatch", description: "Passwords do not match." });
    expect(mismatch.body.checks).toEqual({ met: [true, true, true, true, true], match: false });
  });

  it("a successful reset goes to the login page with its toast, without signing in", async () => {
    const token = await requestedToken();
    const response = await settle(
      resetAction(args(formPost("/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(cookiesFrom(response)).toContain("__toast=");
    expect(cookiesFrom(response)).not.toContain("__session=");
    expect(await verifyLogin(db, user.email, NEW_PASSWORD)).not.toBeNull();

    const reused = await settle(
      resetAction(args(formPost("/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))),
    );
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      problem: RESET_TOKEN_PROBLEMS.used,
      toast: { title: "Reset Failed", description: RESET_TOKEN_PROBLEMS.used },
    });
  });
});

describe("an unexpected failure while resetting", () => {
  beforeEach(async () => {
    // A database that refuses the new password for a reason no rule knows.
    await sql`CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(db);
    await sql`CREATE TRIGGER test_refuse BEFORE UPDATE OF password_hash ON users
      FOR EACH ROW EXECUTE FUNCTION test_refuse()`.execute(db);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await sql`DROP TRIGGER IF EXISTS test_refuse ON users`.execute(db);
    await sql`DROP FUNCTION IF EXISTS test_refuse()`.execute(db);
  });

  it("says 'Failed to reset password. Please try again.' and leaves the link usable", async () => {
    const token = await requestedToken();
    const response = await settle(
      resetAction(args(formPost("/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))),
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({
      problem: null,
      toast: { type: "error", title: "Reset Failed", description: "Failed to reset password. Please try again." },
    });
    expect(await checkResetToken(db, token)).toBeNull(); // nothing was spent
    expect(await verifyLogin(db, user.email, NEW_PASSWORD)).toBeNull();
  });
});

describe("sending through Resend", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A local stand-in for api.resend.com that records what it receives. */
  async function standIn(status: number, answer: unknown) {
    const received: { method?: string; url?: string; authorization?: string; body: Record<string, unknown> }[] = [];
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        received.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          body: JSON.parse(raw),
        });
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    return { received, transport: resendTransport({ apiKey: "re_test_123", baseUrl }) };
  }

  it("posts the e-mail with both parts and records it as sent", async () => {
    const { received, transport } = await standIn(200, { id: "email-42" });
    const result = await requestPasswordReset(db, "dana@example.com", { appUrl: APP_URL, ip: "192.0.2.9", transport });
    expect(result.ok).toBe(true);
    if (result.ok) await result.delivered;

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: "POST", url: "/emails", authorization: "Bearer re_test_123" });
    expect(request.body).toMatchObject({
      from: "Placement <no-reply@placement.local>",
      to: "dana@example.com",
      subject: "Reset your Senior Placement password",
    });
    const token = tokenIn(String(request.body.text));
    expect(request.body.text).toContain(`${APP_URL}/reset-password?token=${token}`);
    expect(request.body.html).toContain(`href="${APP_URL}/reset-password?token=${token}"`);
    expect(request.body.html).toContain("Choose a new password");
    expect(await checkResetToken(db, token)).toBeNull();
    // Handed over: the outbox records it, and never held the link.
    const mails = await outbox();
    expect(mails[0]).toMatchObject({ status: "sent", provider_id: "email-42", error: null });
    expect(mails[0].text_body).toMatch(/^Hello Dana,/);
    expectNoLinks(mails, token);
  });

  it("records a failed send, and the user still gets the same answer", async () => {
    const { received, transport } = await standIn(500, { name: "application_error", message: "Provider is down" });
    const result = await requestPasswordReset(db, "dana@example.com", { appUrl: APP_URL, ip: "192.0.2.9", transport });
    expect(result).toMatchObject({ ok: true, message: FORGOT_PASSWORD_MESSAGE });
    if (result.ok) await result.delivered;
    const [mail] = await outbox();
    expect(mail.status).toBe("failed");
    expect(mail.error).toContain("Provider is down");
    // The link is not kept for a retry either: the user asks for a new one.
    expectNoLinks([mail], tokenIn(String(received[0].body.text)));
  });

  it("tells the user by e-mail after a reset", async () => {
    const { received, transport } = await standIn(200, { id: "email-43" });
    const token = await requestedToken();
    const result = await resetPassword(db, { token, password: NEW_PASSWORD }, { appUrl: APP_URL, transport });
    expect(result.ok).toBe(true);
    if (result.ok) await result.delivered;
    expect(received.map((r) => r.body.subject)).toEqual(["Your Senior Placement password was changed"]);
  });
});

describe("without RESEND_API_KEY", () => {
  it("writes the e-mail, link included, to the server log, and keeps no link in the outbox", async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
      logged.push(parts.join(" "));
    });
    try {
      expect((await forgot(user.email)).status).toBe(200);
      const mails = await deliveries();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: "password-reset", status: "sent", provider_id: "server-log" });
      const token = tokenIn(logged.join("\n"));
      expect(logged.join("\n")).toContain(`${APP_URL}/reset-password?token=${token}`);
      expect(await checkResetToken(db, token)).toBeNull();
      expectNoLinks(mails, token);
    } finally {
      spy.mockRestore();
    }
  });
});

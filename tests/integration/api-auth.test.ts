import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/api.auth.login";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as usersLoader } from "~/routes/api.auth.users";
import { action as unknownAction, loader as unknownLoader } from "~/routes/api.$";
import { createAgency, createUser } from "../support/factories";
import { resetDb, testDb } from "../support/db";
import { apiRequest, args } from "../support/http";

const db = testDb();
const PASSWORD = "Test@1234";

async function login(email: string, password = PASSWORD, ip?: string) {
  return loginAction(args(apiRequest("/api/auth/login", { body: { email, password }, ip })));
}

async function loginToken(email: string) {
  const response = await login(email);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  agencyId = (await createAgency(db)).id;
  await createUser(db, { agencyId, email: "coord@example.com", role: "coordinator" });
});

describe("POST /api/auth/login", () => {
  it("returns the user and a token in the envelope, and stores only the token's hash", async () => {
    const response = await login("coord@example.com");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      success: boolean;
      data: { token: string; user: Record<string, unknown> };
    };
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ email: "coord@example.com", role: "coordinator" });
    expect(body.data.user).toHaveProperty("_id");
    expect(body.data.user).not.toHaveProperty("password_hash");
    expect(body.data.token.length).toBeGreaterThanOrEqual(43);
    const rows = await db.selectFrom("sessions").select(["token_hash", "kind"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe("api");
    expect(rows[0].token_hash).not.toBe(body.data.token);
  });

  it("accepts the e-mail in any case", async () => {
    expect((await login("COORD@Example.com")).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const wrong = await login("coord@example.com", "Wrong@1234");
    const unknown = await login("nobody@example.com", "Wrong@1234");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual(await unknown.json());
    expect(wrongBody).toEqual({ success: false, message: "Invalid email or password" });
  });

  it("refuses a missing field with every failing field listed", async () => {
    const response = await loginAction(args(apiRequest("/api/auth/login", { body: {} })));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; errors: Array<{ path: string; msg: string }> };
    expect(body.success).toBe(false);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: "email", msg: "Email is required" },
        { path: "password", msg: "Password is required" },
      ]),
    );
  });

  it("refuses malformed JSON, unknown fields and other content types", async () => {
    const malformed = await loginAction(args(apiRequest("/api/auth/login", { body: "{not json" })));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, message: "Malformed JSON body" });

    const extra = await loginAction(
      args(apiRequest("/api/auth/login", { body: { email: "coord@example.com", password: PASSWORD, admin: true } })),
    );
    expect(extra.status).toBe(400);
    expect(JSON.stringify(await extra.json())).toContain("admin");

    const form = await loginAction(
      args(
        apiRequest("/api/auth/login", {
          body: "email=coord@example.com",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    );
    expect(form.status).toBe(415);
  });

  it("answers GET with a JSON 405", async () => {
    const response = await loginLoader(args(apiRequest("/api/auth/login")));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("answers 429 with Retry-After after five failures for one account, even with the right password", async () => {
    for (let i = 0; i < 5; i++) expect((await login("coord@example.com", "Wrong@1234")).status).toBe(401);
    const blocked = await login("coord@example.com");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = (await blocked.json()) as { message: string };
    expect(body.message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("limits failures per address across accounts", async () => {
    for (let i = 0; i < 20; i++) await login(`user${i}@example.com`, "Wrong@1234", "198.51.100.9");
    expect((await login("coord@example.com", PASSWORD, "198.51.100.9")).status).toBe(429);
    expect((await login("coord@example.com", PASSWORD, "198.51.100.10")).status).toBe(200);
  });

  it("does not sign in an inactive user", async () => {
    await db.updateTable("users").set({ is_active: false }).execute();
    expect((await login("coord@example.com")).status).toBe(401);
  });
});

describe("bearer tokens", () => {
  it("GET /api/auth/me returns the caller", async () => {
    const token = await loginToken("coord@example.com");
    const response = await meLoader(args(apiRequest("/api/auth/me", { token })));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { user: { email: string } } };
    expect(body.data.user.email).toBe("coord@example.com");
  });

  it("answers 401 JSON without a token, with a bad token, and with an expired token", async () => {
    const none = await meLoader(args(apiRequest("/api/auth/me")));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ success: false, message: "Authentication required" });

    const bad = await meLoader(args(apiRequest("/api/auth/me", { token: "not-a-token" })));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ success: false, message: "Invalid or expired token" });

    const token = await loginToken("coord@example.com");
    await db
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    expect((await meLoader(args(apiRequest("/api/auth/me", { token })))).status).toBe(401);
  });

  it("ignores the browser session cookie", async () => {
    const response = await meLoader(args(apiRequest("/api/auth/me", { headers: { Cookie: "__session=anything" } })));
    expect(response.status).toBe(401);
  });

  it("POST /api/auth/logout revokes the token", async () => {
    const token = await loginToken("coord@example.com");
    const out = await logoutAction(args(apiRequest("/api/auth/logout", { method: "POST", token })));
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true, data: null, message: "Logged out successfully" });
    expect((await meLoader(args(apiRequest("/api/auth/me", { token })))).status).toBe(401);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(0);
  });

  it("stops working when the user is deactivated", async () => {
    const token = await loginToken("coord@example.com");
    await db.updateTable("users").set({ is_active: false }).execute();
    expect((await meLoader(args(apiRequest("/api/auth/me", { token })))).status).toBe(401);
  });
});

describe("GET /api/auth/users", () => {
  it("lists the caller's agency's active staff only", async () => {
    await createUser(db, { agencyId, email: "agent@example.com", role: "agent" });
    await createUser(db, { agencyId, email: "gone@example.com", role: "agent" });
    await db.updateTable("users").set({ is_active: false }).where("email", "=", "gone@example.com").execute();
    const other = await createAgency(db);
    await createUser(db, { agencyId: other.id, email: "outsider@example.com" });

    const token = await loginToken("coord@example.com");
    const response = await usersLoader(args(apiRequest("/api/auth/users", { token })));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { users: Array<{ email: string; role: string }> } };
    expect(body.data.users.map((u) => u.email).sort()).toEqual(["agent@example.com", "coord@example.com"]);
    expect(body.data.users[0]).toHaveProperty("firstName");
  });

  it("needs a token", async () => {
    expect((await usersLoader(args(apiRequest("/api/auth/users")))).status).toBe(401);
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 for any method", async () => {
    for (const response of [await unknownLoader(), await unknownAction()]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: "Not found" });
    }
  });
});

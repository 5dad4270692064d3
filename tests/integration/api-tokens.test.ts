// Personal API tokens (/settings/tokens): made on the screen, shown once, stored hashed as
// `sessions` rows of kind `personal`; a read-only one is refused every write (403) in one place,
// whatever the endpoint; revoked, expired, or of a deactivated user: 401 at once. A user sees
// and revokes only their own.
import fc from "fast-check";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteExpiredSessions, deleteUserSessions } from "~/models/session.server";
import { action as clientsAction, loader as clientsLoader } from "~/routes/api.clients._index";
import { action as clientAction } from "~/routes/api.clients.$id";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as meLoader } from "~/routes/api.auth.me";
import { action as taskStatusAction } from "~/routes/api.tasks.$id_.status";
import { action as tokensAction, loader as tokensLoader } from "~/routes/_app.settings.tokens";
import {
  MAX_ACTIVE_TOKENS,
  TOKEN_EXPIRY_REQUIRED,
  TOKEN_LIMIT_REACHED,
  TOKEN_NAME_REQUIRED,
  TOKEN_NOT_FOUND,
  TOKEN_SCOPE_REQUIRED,
} from "~/schemas/token";
import { READ_ONLY_TOKEN_MESSAGE } from "~/services/api.server";
import { type Json, signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { validClientBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createClient, createTask } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";

const db = testDb();

let me: SignedIn;

beforeEach(async () => {
  await resetDb(db);
  me = await signInNewAgency(db, { email: "dana@example.com" });
});

interface Created {
  id: string;
  name: string;
  token: string;
  scope: string;
  expiresOn: string;
}

/** Posts the page's create form as a browser without JavaScript does. */
async function postCreate(fields: Record<string, string>, cookie = me.cookie) {
  const response = await settle(
    tokensAction(
      args(formPost("/settings/tokens", { intent: "create", expiresIn: "90", scope: "read", ...fields }, cookie)),
    ),
  );
  const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as Json) : null;
  return { status: response.status, body };
}

async function newToken(scope: "read" | "write", name = `${scope} token`, cookie = me.cookie): Promise<Created> {
  const { status, body } = await postCreate({ name, scope }, cookie);
  expect(status).toBe(200);
  return body!.created as Created;
}

async function revoke(id: string, cookie = me.cookie) {
  return settle(tokensAction(args(formPost("/settings/tokens", { intent: "revoke", id }, cookie))));
}

async function listed(cookie = me.cookie, search = "") {
  const response = await settle(tokensLoader(args(get(`/settings/tokens${search}`, cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

async function call(handler: (a: ReturnType<typeof args>) => unknown, request: Request, params = {}) {
  const response = await settle(handler(args(request, params)));
  return { status: response.status, json: (await response.json()) as Json, headers: response.headers };
}

const me_ = (token: string) => call(meLoader, apiRequest("/api/auth/me", { token }));

async function row(id: string) {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("creating a token on /settings/tokens", () => {
  it("answers the secret once, stores only its hash with its name, scope and expiry, and lists it", async () => {
    const before = Date.now();
    const created = await newToken("read", "Monthly report");
    expect(created).toMatchObject({ name: "Monthly report", scope: "read" });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await row(created.id);
    expect(stored).toMatchObject({ kind: "personal", name: "Monthly report", scope: "read", last_used_at: null });
    expect(stored!.token_hash).not.toContain(created.token);
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const days = (stored!.expires_at.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const page = await listed();
    expect(page.tokens).toEqual([
      expect.objectContaining({ id: created.id, name: "Monthly report", scope: "read", lastUsedOn: null }),
    ]);
    // The list never carries a secret or a hash.
    expect(JSON.stringify(page)).not.toContain(created.token);
    expect(JSON.stringify(page)).not.toContain(stored!.token_hash);
  });

  it("makes tokens of 30, 90 and 365 days, and refuses any other expiry", async () => {
    for (const days of [30, 90, 365]) {
      const { body } = await postCreate({ name: `${days} days`, expiresIn: String(days) });
      const stored = await row((body!.created as Created).id);
      const lifetime = (stored!.expires_at.getTime() - stored!.created_at.getTime()) / 86_400_000;
      expect(Math.round(lifetime)).toBe(days);
    }
    const refused = await postCreate({ name: "A week", expiresIn: "7" });
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error).toEqual({ expiresIn: [TOKEN_EXPIRY_REQUIRED] });
  });

  it("says what is wrong with a missing or long name and an unknown scope, and makes nothing", async () => {
    const blank = await postCreate({ name: "   ", scope: "admin" });
    expect(blank.status).toBe(400);
    expect(blank.body!.result.error).toEqual({ name: [TOKEN_NAME_REQUIRED], scope: [TOKEN_SCOPE_REQUIRED] });
    const long = await postCreate({ name: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body!.result.error).toEqual({ name: ["Must be at most 100 characters"] });
    expect((await postCreate({ name: "y".repeat(100) })).status).toBe(200);
    const count = await db
      .selectFrom("sessions")
      .where("kind", "=", "personal")
      .select(db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it(`refuses a token past ${MAX_ACTIVE_TOKENS} that work, with a clear message; expired ones do not count`, async () => {
    for (let i = 0; i < MAX_ACTIVE_TOKENS; i++) await newToken("read", `token ${i}`);
    const refused = await postCreate({ name: "one too many" });
    expect(refused.status).toBe(409);
    expect(refused.body!.result.error).toEqual({ "": [TOKEN_LIMIT_REACHED] });
    expect((await listed()).tokens).toHaveLength(MAX_ACTIVE_TOKENS);

    await db
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where("name", "=", "token 0")
      .execute();
    expect((await postCreate({ name: "in its place" })).status).toBe(200);
    // Another user's count is their own.
    const colleague = await signInUser(db, me.user.agency_id);
    expect((await postCreate({ name: "theirs" }, colleague.cookie)).status).toBe(200);
  });

  it("sends a signed-out visitor to sign in, and makes nothing", async () => {
    const response = await settle(
      tokensAction(args(formPost("/settings/tokens", { intent: "create", name: "x", expiresIn: "30", scope: "read" }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await db.selectFrom("sessions").where("kind", "=", "personal").selectAll().execute()).toEqual([]);
  });
});

describe("scopes", () => {
  it("a read-only token reads, and every write is a 403 that says so, before anything is done", async () => {
    const { token } = await newToken("read");
    const client = await createClient(db, { agencyId: me.user.agency_id });
    const task = await createTask(db, { agencyId: me.user.agency_id });

    expect((await me_(token)).status).toBe(200);
    const list = await call(clientsLoader, apiRequest("/api/clients", { token }));
    expect(list.status).toBe(200);
    expect(list.json.data.clients).toHaveLength(1);

    const writes = [
      call(clientsAction, apiRequest("/api/clients", { token, body: validClientBody() })),
      call(clientAction, apiRequest(`/api/clients/${client.id}`, { token, method: "PUT", body: validClientBody() }), {
        id: client.id,
      }),
      call(clientAction, apiRequest(`/api/clients/${client.id}`, { token, method: "DELETE" }), { id: client.id }),
      call(
        taskStatusAction,
        apiRequest(`/api/tasks/${task.id}/status`, { token, method: "PATCH", body: { status: "Placed" } }),
        { id: task.id },
      ),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ success: false, message: READ_ONLY_TOKEN_MESSAGE });
      expect(answer.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope"');
    }
    expect(READ_ONLY_TOKEN_MESSAGE).toMatch(/^This token is read-only/);
    // Nothing changed.
    const clients = await db.selectFrom("clients").select(["id", "first_name", "version"]).execute();
    expect(clients).toEqual([{ id: client.id, first_name: client.first_name, version: client.version }]);
    const stored = await db.selectFrom("tasks").select("stage").where("id", "=", task.id).executeTakeFirstOrThrow();
    expect(stored.stage).toBe(task.stage);
  });

  it("a read-and-write token writes as its user does", async () => {
    const { token } = await newToken("write");
    const created = await call(clientsAction, apiRequest("/api/clients", { token, body: validClientBody() }));
    expect(created.status).toBe(201);
    const id = created.json.data.client._id as string;
    const updated = await call(
      clientAction,
      apiRequest(`/api/clients/${id}`, { token, method: "PUT", body: { ...validClientBody(), firstName: "Augusta" } }),
      { id },
    );
    expect(updated.status).toBe(200);
    expect(updated.json.data.client.firstName).toBe("Augusta");
    const stored = await db
      .selectFrom("clients")
      .select(["created_by", "updated_by"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ created_by: me.user.id, updated_by: me.user.id });
    const deleted = await call(clientAction, apiRequest(`/api/clients/${id}`, { token, method: "DELETE" }), { id });
    expect(deleted.status).toBe(200);
  });

  it("sign-in tokens keep doing everything, and a personal token is no browser session", async () => {
    const signIn = await call(clientsAction, apiRequest("/api/clients", { token: me.token, body: validClientBody() }));
    expect(signIn.status).toBe(201);
    const { token } = await newToken("write");
    const cookie = me.cookie.replace(/=.*/, `=${encodeURIComponent(token)}`);
    const response = await settle(tokensLoader(args(get("/settings/tokens", cookie))));
    expect(response.status).toBe(302);
  });
});

describe("revoking", () => {
  it("ends the token at once (401), with a toast back on the page", async () => {
    const created = await newToken("write", "Old script");
    expect((await me_(created.token)).status).toBe(200);
    const response = await revoke(created.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/tokens");
    expect(response.headers.get("Set-Cookie")).toContain("__toast=");
    const after = await me_(created.token);
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ success: false, message: "Invalid or expired token" });
    expect(await row(created.id)).toBeUndefined();
    expect((await listed()).tokens).toEqual([]);
  });

  it("cannot revoke another user's token, of the same agency or another (404), which keeps working", async () => {
    const colleague = await signInUser(db, me.user.agency_id);
    const stranger = await signInNewAgency(db);
    const theirs = await newToken("read", "Colleague's", colleague.cookie);
    const strangers = await newToken("read", "Stranger's", stranger.cookie);
    for (const target of [theirs, strangers]) {
      const response = await revoke(target.id);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(TOKEN_NOT_FOUND);
      expect((await me_(target.token)).status).toBe(200);
    }
    // Nor another kind of session by its id, nor what is not an id.
    const signInRow = await db
      .selectFrom("sessions")
      .select("id")
      .where("kind", "=", "api")
      .where("user_id", "=", me.user.id)
      .executeTakeFirstOrThrow();
    expect((await revoke(signInRow.id)).status).toBe(404);
    expect((await revoke("not-a-uuid")).status).toBe(404);
    expect((await me_(me.token)).status).toBe(200);
    // Each sees only their own.
    expect((await listed()).tokens).toEqual([]);
    expect((await listed(colleague.cookie)).tokens).toEqual([expect.objectContaining({ name: "Colleague's" })]);
  });

  it("the page asks before revoking (?revoke=) only for one of the user's own tokens", async () => {
    const mine = await newToken("read", "Mine");
    const colleague = await signInUser(db, me.user.agency_id);
    const theirs = await newToken("read", "Theirs", colleague.cookie);
    expect((await listed(me.cookie, `?revoke=${mine.id}`)).revoking).toMatchObject({ id: mine.id, name: "Mine" });
    expect((await listed(me.cookie, `?revoke=${theirs.id}`)).revoking).toBeNull();
  });

  it("logout does not revoke a personal token (400, it says where to), and does end a sign-in token", async () => {
    const { token } = await newToken("write");
    const refused = await call(logoutAction, apiRequest("/api/auth/logout", { token, method: "POST" }));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain("/settings/tokens");
    expect((await me_(token)).status).toBe(200);
    const readOnly = await newToken("read");
    expect(
      (await call(logoutAction, apiRequest("/api/auth/logout", { token: readOnly.token, method: "POST" }))).status,
    ).toBe(403);
    expect((await call(logoutAction, apiRequest("/api/auth/logout", { token: me.token, method: "POST" }))).status).toBe(
      200,
    );
    expect((await me_(me.token)).status).toBe(401);
    expect((await me_(token)).status).toBe(200);
  });
});

describe("expiry, idleness and the end of a user's access", () => {
  it("an expired token is a 401", async () => {
    const { id, token } = await newToken("read");
    await db
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where("id", "=", id)
      .execute();
    const answer = await me_(token);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ success: false, message: "Invalid or expired token" });
    expect((await listed()).tokens).toEqual([]);
  });

  it("has no idle limit: unused for days, it still works", async () => {
    const { id, token } = await newToken("read");
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql<Date>`now() - interval '20 days'` })
      .where("id", "=", id)
      .execute();
    expect((await me_(token)).status).toBe(200);
  });

  it("ends with its user's sessions (deactivation, password reset) and when the user is inactive", async () => {
    const { token } = await newToken("write");
    await db.updateTable("users").set({ is_active: false }).where("id", "=", me.user.id).execute();
    expect((await me_(token)).status).toBe(401);
    await db.updateTable("users").set({ is_active: true }).where("id", "=", me.user.id).execute();
    expect((await me_(token)).status).toBe(200);
    expect(await deleteUserSessions(db, me.user.id)).toBe(3); // browser, sign-in and personal
    expect((await me_(token)).status).toBe(401);
  });
});

describe("housekeeping", () => {
  it("prunes expired tokens, and keeps those that work, used or not, however long unused", async () => {
    const expired = await newToken("read", "expired");
    const unused = await newToken("read", "unused");
    const idle = await newToken("write", "idle");
    await db
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where("id", "=", expired.id)
      .execute();
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql<Date>`now() - interval '40 days'` })
      .where("id", "=", idle.id)
      .execute();
    expect(await deleteExpiredSessions(db, { idleMinutes: 30 })).toBe(1);
    expect(await row(expired.id)).toBeUndefined();
    expect(await row(unused.id)).toBeDefined();
    expect((await me_(idle.token)).status).toBe(200);
  });
});

describe("last use", () => {
  it("is Never until used, then the day of its use; written at most once a minute", async () => {
    const { id, token } = await newToken("read");
    expect((await row(id))!.last_used_at).toBeNull();
    expect((await listed()).tokens[0].lastUsedOn).toBeNull();

    expect((await me_(token)).status).toBe(200);
    const first = (await row(id))!.last_used_at!;
    expect(Date.now() - first.getTime()).toBeLessThan(60_000);
    const page = await listed();
    expect(page.tokens[0].lastUsedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Within the minute: not written again.
    expect((await me_(token)).status).toBe(200);
    expect((await row(id))!.last_used_at).toEqual(first);

    // Later: moved forward.
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql<Date>`now() - interval '2 days'` })
      .where("id", "=", id)
      .execute();
    expect((await me_(token)).status).toBe(200);
    expect(Date.now() - (await row(id))!.last_used_at!.getTime()).toBeLessThan(60_000);
  });
});

describe("whatever is posted", () => {
  const FIELD = fc.constantFrom("intent", "name", "expiresIn", "scope", "id", "other");
  const VALUE = fc.oneof(
    fc.constantFrom("create", "revoke", "read", "write", "30", "90", "365", "0", "-1", "1e400", ""),
    fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "\uD800",
      "x".repeat(101),
      "x".repeat(20_000),
      "00000000-0000-0000-0000-000000000000",
    ),
    fc.string({ maxLength: 20 }),
  );

  it("the page answers below 500, as a form or as multipart, and a body that is no form 415", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(FIELD, VALUE), { maxLength: 6 }), fc.boolean(), async (fields, multipart) => {
        const headers = new Headers({ Cookie: me.cookie, "X-Client-IP": "192.0.2.1" });
        let body: BodyInit;
        if (multipart) {
          const form = new FormData();
          for (const [name, value] of fields) form.append(name, value);
          body = form;
        } else body = new URLSearchParams(fields);
        const request = new Request("http://localhost/settings/tokens", { method: "POST", headers, body });
        const response = await settle(tokensAction(args(request)));
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const json = new Request("http://localhost/settings/tokens", {
      method: "POST",
      headers: { Cookie: me.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "create", name: "x", expiresIn: "30", scope: "read" }),
    });
    expect((await settle(tokensAction(args(json)))).status).toBe(415);
  });
});

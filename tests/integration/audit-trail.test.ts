import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { audit, changedFields, flushViews, listAuditEntries, pruneAuditEntries, viewed } from "~/models/audit.server";
import type { Ctx } from "~/models/context";
import { action as apiLoginAction } from "~/routes/api.auth.login";
import { action as apiLogoutAction } from "~/routes/api.auth.logout";
import { action as loginAction } from "~/routes/_auth.login";
import { action as logoutAction } from "~/routes/logout";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, settle } from "../support/http";

// The audit trail's table and model: append-only in the database whoever connects (these tests
// connect as the table's owner, a superuser), pruned past each agency's retention period, and
// read back by the audit screen's filters.

const db = testDb();
let ctx: Ctx;
let other: Ctx;

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db, { time_zone: "America/New_York" });
  const user = await createUser(db, { agency_id: agency.id, role: "admin" });
  ctx = { userId: user.id, agencyId: agency.id, ip: "203.0.113.9", userAgent: "Firefox/140" };
  const otherAgency = await createAgency(db);
  const otherUser = await createUser(db, { agency_id: otherAgency.id });
  other = { userId: otherUser.id, agencyId: otherAgency.id };
});

/** An entry written `yearsAgo` years ago (an insert may name its time; nothing may change it after). */
async function entryFrom(who: Ctx, yearsAgo: number) {
  const row = await db
    .insertInto("audit_events")
    .values({
      agency_id: who.agencyId,
      actor_id: who.userId,
      action: "view",
      entity_type: "client",
      created_at: sql<Date>`now() - make_interval(years => ${yearsAgo}) - interval '1 day'`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const ids = async () => (await db.selectFrom("audit_events").select("id").execute()).map((r) => r.id).sort();

describe("the audit_events table", () => {
  it("keeps who, agency, address, user agent, action, record and details", async () => {
    const client = await createClient(db, { agency_id: ctx.agencyId });
    await audit(db, ctx, { action: "update", entity: "client", id: client.id, details: { fields: ["phone"] } });
    expect(await db.selectFrom("audit_events").selectAll().execute()).toEqual([
      expect.objectContaining({
        agency_id: ctx.agencyId,
        actor_id: ctx.userId,
        action: "update",
        entity_type: "client",
        entity_id: client.id,
        details: { fields: ["phone"] },
        ip: "203.0.113.9",
        user_agent: "Firefox/140",
        email: null,
      }),
    ]);
  });

  it("refuses every UPDATE, a DELETE within the retention period, and TRUNCATE", async () => {
    await audit(db, ctx, { action: "sign_in", entity: "user", id: ctx.userId });
    const refused = "audit_events is append-only";
    await expect(db.updateTable("audit_events").set({ action: "sign_out" }).execute()).rejects.toThrow(refused);
    await expect(db.updateTable("audit_events").set({ ip: null }).execute()).rejects.toThrow(refused);
    await expect(db.deleteFrom("audit_events").execute()).rejects.toThrow(refused);
    await expect(sql`TRUNCATE audit_events`.execute(db)).rejects.toThrow(refused);
    // Nor through a cascade: a user or an agency with entries is not deleted.
    await expect(db.deleteFrom("users").where("id", "=", ctx.userId).execute()).rejects.toThrow();
    await expect(db.deleteFrom("agencies").where("id", "=", ctx.agencyId).execute()).rejects.toThrow();
    expect(await db.selectFrom("audit_events").select(["action", "ip"]).execute()).toEqual([
      { action: "sign_in", ip: "203.0.113.9" },
    ]);
  });

  it("allows a DELETE, and pruning deletes, only past the agency's retention period", async () => {
    const recent = await entryFrom(ctx, 5);
    const old = await entryFrom(ctx, 6);
    // The other agency keeps its entries for ten years.
    await db.updateTable("agencies").set({ audit_retention_years: 10 }).where("id", "=", other.agencyId).execute();
    const keptLonger = await entryFrom(other, 7);
    const otherOld = await entryFrom(other, 10);

    await expect(db.deleteFrom("audit_events").where("id", "=", recent).execute()).rejects.toThrow("append-only");
    await expect(db.deleteFrom("audit_events").where("id", "=", keptLonger).execute()).rejects.toThrow("append-only");

    expect(await pruneAuditEntries(db)).toBe(2);
    expect(await ids()).toEqual([recent, keptLonger].sort());
    void old;
    void otherOld;
    expect(await pruneAuditEntries(db)).toBe(0);
  });

  it("keeps a failed sign-in of an unknown e-mail, with no agency, for the default six years", async () => {
    await audit(
      db,
      { userId: null, agencyId: null, ip: "198.51.100.1" },
      { action: "sign_in_failed", email: "who@x.example" },
    );
    await expect(db.deleteFrom("audit_events").execute()).rejects.toThrow("append-only");
    expect(await db.selectFrom("audit_events").select(["email", "agency_id"]).execute()).toEqual([
      { email: "who@x.example", agency_id: null },
    ]);
  });
});

describe("listAuditEntries", () => {
  it("filters by person, action, record and days in the agency's zone, newest first, in the agency only", async () => {
    const client = await createClient(db, { agency_id: ctx.agencyId, first_name: "Rosa", last_name: "Alvarez" });
    const colleague = await createUser(db, { agency_id: ctx.agencyId, first_name: "Dana", last_name: "Reyes" });
    const dana = { ...ctx, userId: colleague.id };
    await audit(db, ctx, { action: "view", entity: "client", id: client.id });
    await audit(db, dana, { action: "update", entity: "client", id: client.id, details: { fields: ["phone"] } });
    await audit(db, dana, { action: "sign_in", entity: "user", id: dana.userId });
    await audit(db, other, { action: "view", entity: "client", id: client.id });

    const all = await listAuditEntries(db, ctx, {}, { page: 1, limit: 50 });
    expect(all.count).toEqual({ total: 3, capped: false });
    expect(all.entries.map((e) => e.action)).toEqual(["sign_in", "update", "view"]);
    expect(all.entries[1]).toMatchObject({
      entityName: "Rosa Alvarez",
      actorName: "Dana Reyes",
      details: { fields: ["phone"] },
    });

    const byDana = await listAuditEntries(db, ctx, { actorId: dana.userId }, { page: 1, limit: 50 });
    expect(byDana.entries.map((e) => e.action)).toEqual(["sign_in", "update"]);
    const views = await listAuditEntries(db, ctx, { action: "view" }, { page: 1, limit: 50 });
    expect(views.entries).toHaveLength(1);
    const rosa = await listAuditEntries(db, ctx, { entity: "client", entityId: client.id }, { page: 1, limit: 50 });
    expect(rosa.entries.map((e) => e.action)).toEqual(["update", "view"]);

    // Days are the agency's: an entry at 02:00 UTC is the day before in New York.
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const zone = "America/New_York";
    expect(
      (await listAuditEntries(db, ctx, { from: today, to: today, timeZone: zone }, { page: 1, limit: 50 })).count.total,
    ).toBe(3);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA", { timeZone: zone });
    expect(
      (await listAuditEntries(db, ctx, { from: tomorrow, timeZone: zone }, { page: 1, limit: 50 })).count.total,
    ).toBe(0);
  });

  it("pages 50 at a time", async () => {
    for (let i = 0; i < 55; i++) await audit(db, ctx, { action: "view", entity: "client" });
    const second = await listAuditEntries(db, ctx, {}, { page: 2, limit: 50 });
    expect(second.entries).toHaveLength(5);
    expect(second.count.total).toBe(55);
  });
});

describe("changedFields", () => {
  it("names the fields whose values changed, never the values", () => {
    const before = { first_name: "Rosa", medical_notes: "old", medications: ["a"], born: new Date(0), version: 1 };
    const after = { first_name: "Rosa", medical_notes: "new", medications: ["a", "b"], born: new Date(0), version: 2 };
    expect(changedFields(before, after, ["first_name", "medical_notes", "medications", "born"])).toEqual([
      "medical_notes",
      "medications",
    ]);
    expect(changedFields(before, after)).toEqual(["medical_notes", "medications", "version"]);
  });
});

describe("signing in and out", () => {
  const entries = () =>
    db
      .selectFrom("audit_events")
      .select(["action", "agency_id", "actor_id", "entity_type", "entity_id", "email", "ip", "user_agent", "details"])
      .orderBy("created_at")
      .execute();
  let email: string;
  beforeEach(async () => {
    email = (await db.selectFrom("users").select("email").where("id", "=", ctx.userId).executeTakeFirstOrThrow()).email;
  });
  const screenSignIn = (password: string, login = email) => {
    const request = formPost("/login", { email: login, password }, undefined, "198.51.100.4");
    request.headers.set("User-Agent", "Safari/18");
    return settle(loginAction(args(request)));
  };

  it("a sign-in on the screen and its sign-out write one entry each", async () => {
    const signedIn = await screenSignIn(DEFAULT_PASSWORD);
    expect(signedIn.status).toBe(302);
    const who = { agency_id: ctx.agencyId, actor_id: ctx.userId, entity_type: "user", entity_id: ctx.userId };
    expect(await entries()).toEqual([
      {
        action: "sign_in",
        ...who,
        email: null,
        ip: "198.51.100.4",
        user_agent: "Safari/18",
        details: { via: "browser" },
      },
    ]);
    await settle(logoutAction(args(formPost("/logout", {}, cookiesFrom(signedIn), "198.51.100.5"))));
    expect((await entries()).slice(1)).toEqual([
      { action: "sign_out", ...who, email: null, ip: "198.51.100.5", user_agent: null, details: { via: "browser" } },
    ]);
  });

  it("a failed sign-in records the e-mail tried, under the account's agency when there is one", async () => {
    expect((await screenSignIn("Wrong@1234")).status).toBe(401);
    expect((await screenSignIn("Wrong@1234", "nobody@example.com")).status).toBe(401);
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: "sign_in_failed",
        agency_id: ctx.agencyId,
        actor_id: null,
        entity_id: ctx.userId,
        email,
        details: { reason: "invalid_credentials" },
      }),
      expect.objectContaining({
        action: "sign_in_failed",
        agency_id: null,
        entity_id: null,
        email: "nobody@example.com",
      }),
    ]);
  });

  it("through the API: a token's sign-in, refusals past the limit, and its logout", async () => {
    const login = (password: string) =>
      settle(apiLoginAction(args(apiRequest("/api/auth/login", { body: { email, password }, ip: "203.0.113.8" }))));
    const { data } = await (await login(DEFAULT_PASSWORD)).json();
    await settle(apiLogoutAction(args(apiRequest("/api/auth/logout", { method: "POST", token: data.token }))));
    for (let i = 0; i < 6; i++) await login("Wrong@1234");
    const written = await entries();
    expect(written.map((e) => [e.action, e.details])).toEqual([
      ["sign_in", { via: "api" }],
      ["sign_out", { via: "api" }],
      ...Array.from({ length: 5 }, () => ["sign_in_failed", { reason: "invalid_credentials" }]),
      ["sign_in_failed", { reason: "too_many_attempts" }],
    ]);
  });
});

describe("views, written a moment later and many at once", () => {
  const views = () =>
    db
      .selectFrom("audit_events")
      .select(["entity_id", "actor_id", "created_at"])
      .where("action", "=", "view")
      .orderBy("created_at")
      .execute();
  const seen = viewed("client", async (_db, _ctx, id) => ({ id }));

  it("are queued by the page and written on the next flush, each with the moment it was viewed", async () => {
    const first = await createClient(db, { agencyId: ctx.agencyId });
    const second = await createClient(db, { agencyId: ctx.agencyId });
    await seen(db, ctx, first.id);
    await seen(db, ctx, second.id);
    expect(await views()).toEqual([]);
    await flushViews();
    const written = await views();
    expect(written.map((row) => row.entity_id)).toEqual([first.id, second.id]);
    expect(written.every((row) => row.actor_id === ctx.userId)).toBe(true);
    expect(written[0].created_at.getTime()).toBeLessThanOrEqual(written[1].created_at.getTime());
  });

  it("are written without a flush once a batch is full, or after a fifth of a second", async () => {
    const client = await createClient(db, { agencyId: ctx.agencyId });
    for (let i = 0; i < 500; i++) await seen(db, ctx, client.id);
    await expect.poll(async () => (await views()).length).toBe(500);
    await seen(db, ctx, client.id);
    await expect.poll(async () => (await views()).length, { timeout: 2_000 }).toBe(501);
  });

  it("a view the database refuses loses only itself, not the batch it came with", async () => {
    const client = await createClient(db, { agencyId: ctx.agencyId });
    await seen(db, ctx, client.id);
    // An actor who is not a user: the foreign key refuses that one entry.
    await seen(db, { ...ctx, userId: "00000000-0000-4000-8000-000000000000" }, client.id);
    await seen(db, ctx, client.id);
    await flushViews();
    expect((await views()).map((row) => row.actor_id)).toEqual([ctx.userId, ctx.userId]);
  });
});

// The audit trail of accounts and access (docs/security.md, "Audit trail"): staff, invitations,
// personal API tokens, passwords, the profile, the agency's settings, views of a client and
// exports. Each action, through its route, writes exactly one entry with the right person,
// agency, action and record; a refused or failed attempt writes none.
import { beforeEach, describe, expect, it } from "vitest";
import { flushViews } from "~/models/audit.server";
import { issueResetToken } from "~/models/password-reset.server";
import { action as agencyAction } from "~/routes/_app.settings.agency";
import { loader as clientPage } from "~/routes/_app.clients.$id._index";
import { loader as clientEditPage } from "~/routes/_app.clients.$id.edit";
import { loader as clientsPage } from "~/routes/_app.clients._index";
import { action as profileAction } from "~/routes/_app.profile";
import { action as memberAction } from "~/routes/_app.settings.users.$id";
import { action as staffAction } from "~/routes/_app.settings.users._index";
import { action as tokensAction } from "~/routes/_app.settings.tokens";
import { action as invitationAction } from "~/routes/_auth.invitation";
import { action as resetAction } from "~/routes/_auth.reset-password";
import { action as resetApi } from "~/routes/api.auth.reset-password";
import { action as clientApiWrite, loader as clientApi } from "~/routes/api.clients.$id";
import { loader as exportClients } from "~/routes/clients.export";
import { loader as exportFacilities } from "~/routes/facilities.export";
import { loader as exportResources } from "~/routes/resources.export";
import type { EmailTransport } from "~/services/email.server";
import { inviteStaff } from "~/services/staff.server";
import { type Json, signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { validClientBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createClient, createPlacement, createTask, DEFAULT_PASSWORD } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";

const db = testDb();
const IP = "192.0.2.1"; // formPost's
const BROWSER = "Firefox/140";
const PASSWORD = "Welcome@2026";
let agencyId: string;
let admin: SignedIn;
let coordinator: SignedIn;
let agent: SignedIn;

beforeEach(async () => {
  await resetDb(db);
  admin = await signInNewAgency(db, { role: "admin" });
  agencyId = admin.user.agency_id;
  coordinator = await signInUser(db, agencyId, { role: "coordinator" });
  agent = await signInUser(db, agencyId);
});

/** The ids of the entries written so far: what `since` leaves out. */
const mark = async () => new Set((await db.selectFrom("audit_events").select("id").execute()).map((row) => row.id));

/** The entries written after `before`, oldest first, without their ids and times. */
async function since(before: Set<string>) {
  const rows = await db
    .selectFrom("audit_events")
    .select(["id", "action", "agency_id", "actor_id", "entity_type", "entity_id", "details", "ip", "user_agent"])
    .orderBy("created_at")
    .orderBy("entity_id")
    .execute();
  return rows.filter((row) => !before.has(row.id)).map(({ id: _id, ...row }) => row);
}

/** What one entry holds: by `who`, of `action` on a record, from formPost's address. */
const entry = (
  who: SignedIn | string,
  action: string,
  entity: string,
  id: string,
  details: Record<string, unknown> = {},
  from: { ip?: string | null; user_agent?: string | null } = {},
) => ({
  action,
  agency_id: agencyId,
  actor_id: typeof who === "string" ? who : who.user.id,
  entity_type: entity,
  entity_id: id,
  details,
  ip: IP,
  user_agent: null,
  ...from,
});

/** A form post from a browser that names itself. */
const browserPost = (path: string, fields: Record<string, string>, cookie?: string) => {
  const request = formPost(path, fields, cookie);
  request.headers.set("User-Agent", BROWSER);
  return request;
};

const memberPost = (who: SignedIn, id: string, fields: Record<string, string>) =>
  settle(memberAction(args(formPost(`/settings/users/${id}`, fields, who.cookie), { id })));
const staffPost = (who: SignedIn, fields: Record<string, string>) =>
  settle(staffAction(args(formPost("/settings/users", fields, who.cookie))));

describe("staff", () => {
  it("a role change: one entry with the roles before and after; refusals write none", async () => {
    const before = await mark();
    expect((await memberPost(admin, agent.user.id, { intent: "role", role: "coordinator" })).status).toBe(302);
    expect(await since(before)).toEqual([
      entry(admin, "role_change", "user", agent.user.id, { from: "agent", to: "coordinator" }),
    ]);

    const stranger = await signInNewAgency(db, { role: "admin" });
    const after = await mark();
    expect((await memberPost(coordinator, agent.user.id, { intent: "role", role: "admin" })).status).toBe(403);
    expect((await memberPost(admin, admin.user.id, { intent: "role", role: "agent" })).status).toBe(409);
    expect((await memberPost(stranger, agent.user.id, { intent: "role", role: "agent" })).status).toBe(404);
    expect((await memberPost(admin, agent.user.id, { intent: "role", role: "owner" })).status).toBe(400);
    expect(await since(after)).toEqual([]);
  });

  it("deactivation and reactivation: one entry each; deactivating oneself writes none", async () => {
    const before = await mark();
    expect((await memberPost(admin, agent.user.id, { intent: "deactivate" })).status).toBe(302);
    expect((await memberPost(admin, agent.user.id, { intent: "reactivate" })).status).toBe(302);
    expect(await since(before)).toEqual([
      entry(admin, "deactivate", "user", agent.user.id),
      entry(admin, "reactivate", "user", agent.user.id),
    ]);

    const after = await mark();
    expect((await memberPost(admin, admin.user.id, { intent: "deactivate" })).status).toBe(409);
    expect((await memberPost(coordinator, agent.user.id, { intent: "deactivate" })).status).toBe(403);
    expect(await since(after)).toEqual([]);
  });

  it("moving open work: one update entry per moved task and placement, in one step", async () => {
    const open = await Promise.all([1, 2, 3].map(() => createTask(db, { agencyId, assigned_to: agent.user.id })));
    await createTask(db, { agencyId, assigned_to: agent.user.id, is_completed: true, stage: "Placed" });
    const active = await createPlacement(db, { agencyId, agent_id: agent.user.id, status: "In Progress" });
    await createPlacement(db, { agencyId, agent_id: agent.user.id, status: "Completed" });

    const before = await mark();
    expect((await memberPost(admin, agent.user.id, { intent: "reassign", to: coordinator.user.id })).status).toBe(302);
    const written = await since(before);
    const moved = (entity: string) => written.filter((e) => e.entity_type === entity);
    expect(moved("task").sort((a, b) => a.entity_id!.localeCompare(b.entity_id!))).toEqual(
      open
        .map((task) => task.id)
        .sort()
        .map((id) => entry(admin, "update", "task", id, { fields: ["assigned_to"] })),
    );
    expect(moved("placement")).toEqual([entry(admin, "update", "placement", active.id, { fields: ["agent_id"] })]);
    expect(written).toHaveLength(4);
  });

  it("moving work to a deactivated person, or to the same one, writes none", async () => {
    await createTask(db, { agencyId, assigned_to: agent.user.id });
    await memberPost(admin, coordinator.user.id, { intent: "deactivate" });
    const before = await mark();
    expect((await memberPost(admin, agent.user.id, { intent: "reassign", to: coordinator.user.id })).status).toBe(409);
    expect((await memberPost(admin, agent.user.id, { intent: "reassign", to: agent.user.id })).status).toBe(409);
    expect(await since(before)).toEqual([]);
  });
});

const INVITE = {
  intent: "invite",
  firstName: "Nia",
  lastName: "Okafor",
  email: "nia@example.com",
  role: "coordinator",
};

/** Invites through the service with a transport that keeps the e-mail; returns the link's token. */
async function invitationToken(): Promise<string> {
  let text = "";
  const transport: EmailTransport = {
    name: "test",
    async send(message) {
      text = message.text;
      return { id: "test" };
    },
  };
  const ctx = { userId: admin.user.id, agencyId, ip: IP };
  const input = { ...INVITE, intent: "invite" as const, role: "agent" as const };
  const invited = await inviteStaff(db, ctx, { firstName: "A", lastName: "B" }, input, {
    appUrl: "http://localhost",
    transport,
  });
  if (!invited.ok) throw new Error(invited.message);
  await invited.delivered;
  return /\/invitation\?token=([\w-]+)/.exec(text)![1];
}

const invitationIds = async () => (await db.selectFrom("invitations").select("id").execute()).map((row) => row.id);

describe("invitations", () => {
  it("an invitation sent: one entry with its role; to a member, or by a coordinator: none", async () => {
    const before = await mark();
    expect((await staffPost(admin, INVITE)).status).toBe(302);
    const [id] = await invitationIds();
    expect(await since(before)).toEqual([entry(admin, "invite", "invitation", id, { role: "coordinator" })]);

    const after = await mark();
    expect((await staffPost(admin, { ...INVITE, email: agent.user.email })).status).toBe(409);
    expect((await staffPost(coordinator, { ...INVITE, email: "other@example.com" })).status).toBe(403);
    expect((await staffPost(admin, { ...INVITE, email: "not an e-mail" })).status).toBe(400);
    expect(await since(after)).toEqual([]);
  });

  it("an invitation revoked: one delete entry; revoked again, or by another agency: none", async () => {
    await staffPost(admin, INVITE);
    const [id] = await invitationIds();
    const revoke = { intent: "revoke", invitationId: id };
    const stranger = await signInNewAgency(db, { role: "admin" });
    const before = await mark();
    expect((await staffPost(stranger, revoke)).status).toBe(404);
    expect((await staffPost(admin, revoke)).status).toBe(302);
    expect((await staffPost(admin, revoke)).status).toBe(404);
    expect(await since(before)).toEqual([entry(admin, "delete", "invitation", id)]);
  });

  it("an invitation accepted: one create entry by the new user; a weak password or a used link: none", async () => {
    const token = await invitationToken();
    const accept = (password: string) =>
      settle(
        invitationAction(
          args(
            browserPost("/invitation", {
              token,
              firstName: "Nia",
              lastName: "Okafor",
              password,
              confirmPassword: password,
            }),
          ),
        ),
      );
    const before = await mark();
    expect((await accept("short")).status).toBe(400);
    expect(await since(before)).toEqual([]);
    expect((await accept(PASSWORD)).status).toBe(302);
    const [invitation] = await invitationIds();
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "nia@example.com")
      .executeTakeFirstOrThrow();
    expect(await since(before)).toEqual([
      entry(user.id, "create", "user", user.id, { role: "agent", invitation }, { user_agent: BROWSER }),
    ]);

    const after = await mark();
    expect((await accept(PASSWORD)).status).toBe(409);
    expect(await since(after)).toEqual([]);
  });
});

describe("personal API tokens", () => {
  const post = (fields: Record<string, string>, cookie = coordinator.cookie) =>
    settle(tokensAction(args(formPost("/settings/tokens", fields, cookie))));

  it("a token created and revoked: one entry each, with its name and scope; refusals write none", async () => {
    const before = await mark();
    const created = await post({ intent: "create", name: "Reports", scope: "read", expiresIn: "90" });
    expect(created.status).toBe(200);
    const { id } = ((await created.json()) as Json).created as { id: string };
    expect((await post({ intent: "revoke", id })).status).toBe(302);
    const details = { name: "Reports", scope: "read" };
    expect(await since(before)).toEqual([
      entry(coordinator, "token_create", "token", id, details),
      entry(coordinator, "token_revoke", "token", id, details),
    ]);

    const sync = await post({ intent: "create", name: "Sync", scope: "write", expiresIn: "30" });
    const kept = (((await sync.json()) as Json).created as { id: string }).id;
    const after = await mark();
    expect((await post({ intent: "revoke", id: kept }, agent.cookie)).status).toBe(404); // not theirs
    expect((await post({ intent: "revoke", id })).status).toBe(404);
    expect((await post({ intent: "create", name: "", scope: "read", expiresIn: "90" })).status).toBe(400);
    expect(await since(after)).toEqual([]);
  });
});

describe("passwords and the profile", () => {
  const resetFields = (token: string) => ({ token, password: PASSWORD, confirmPassword: PASSWORD });

  it("a password reset by link: one entry by its user, from where the link was used; a used link: none", async () => {
    const token = await issueResetToken(db, agent.user.id, IP);
    const before = await mark();
    expect((await settle(resetAction(args(browserPost("/reset-password", resetFields(token)))))).status).toBe(302);
    expect(await since(before)).toEqual([
      entry(agent, "password_reset", "user", agent.user.id, {}, { user_agent: BROWSER }),
    ]);

    const after = await mark();
    expect((await settle(resetAction(args(browserPost("/reset-password", resetFields(token)))))).status).toBe(400);
    const weak = await issueResetToken(db, agent.user.id, IP);
    const short = { token: weak, password: "short", confirmPassword: "short" };
    expect((await settle(resetAction(args(browserPost("/reset-password", short))))).status).toBe(400);
    expect(await since(after)).toEqual([]);
  });

  it("a password reset through the API: one entry, with the caller's address", async () => {
    const token = await issueResetToken(db, agent.user.id, IP);
    const before = await mark();
    const body = { token, password: PASSWORD, confirmPassword: PASSWORD };
    const answer = await settle(resetApi(args(apiRequest("/api/auth/reset-password", { body, ip: "203.0.113.5" }))));
    expect(answer.status).toBe(200);
    expect(await since(before)).toEqual([
      entry(agent, "password_reset", "user", agent.user.id, {}, { ip: "203.0.113.5" }),
    ]);
  });

  const profile = (fields: Record<string, string>) =>
    settle(profileAction(args(browserPost("/profile", fields, agent.cookie))));
  const details = (fields: Record<string, string> = {}) =>
    profile({
      intent: "profile",
      firstName: agent.user.first_name,
      lastName: agent.user.last_name,
      email: agent.user.email,
      ...fields,
    });

  it("a password changed on the profile: one entry; a wrong current password: none", async () => {
    const change = (currentPassword: string) =>
      profile({ intent: "password", currentPassword, password: PASSWORD, confirmPassword: PASSWORD });
    const before = await mark();
    expect((await change("Wrong@1234")).status).toBe(400);
    expect(await since(before)).toEqual([]);
    expect((await change(DEFAULT_PASSWORD)).status).toBe(302);
    expect(await since(before)).toEqual([
      entry(agent, "password_change", "user", agent.user.id, {}, { user_agent: BROWSER }),
    ]);
  });

  it("a name or e-mail change: one update entry naming the fields; nothing changed, or refused: none", async () => {
    const before = await mark();
    expect(
      (await details({ lastName: "Reyes", email: "new@example.com", currentPassword: DEFAULT_PASSWORD })).status,
    ).toBe(302);
    const fields = ["email", "last_name"];
    expect(await since(before)).toEqual([
      entry(agent, "update", "user", agent.user.id, { fields }, { user_agent: BROWSER }),
    ]);

    const after = await mark();
    const same = { lastName: "Reyes", email: "new@example.com" };
    expect((await details(same)).status).toBe(302);
    const taken = { ...same, email: coordinator.user.email, currentPassword: DEFAULT_PASSWORD };
    expect((await details(taken)).status).toBe(409);
    expect((await details({ ...same, email: "other@example.com" })).status).toBe(400); // no current password
    expect(await since(after)).toEqual([]);
  });
});

describe("agency settings", () => {
  const save = (fields: Record<string, string>, who = admin) =>
    settle(agencyAction(args(formPost("/settings/agency", fields, who.cookie))));

  it("saved: one update entry naming the fields that changed; refused or unchanged: none", async () => {
    const { name } = await db
      .selectFrom("agencies")
      .select("name")
      .where("id", "=", agencyId)
      .executeTakeFirstOrThrow();
    const before = await mark();
    expect((await save({ name, timeZone: "America/Chicago" })).status).toBe(302);
    expect((await save({ name: "Harbor Senior Advisors", timeZone: "America/Chicago" })).status).toBe(302);
    expect(await since(before)).toEqual([
      entry(admin, "update", "agency", agencyId, { fields: ["time_zone"] }),
      entry(admin, "update", "agency", agencyId, { fields: ["name"] }),
    ]);

    const after = await mark();
    expect((await save({ name: "Harbor Senior Advisors", timeZone: "America/Chicago" })).status).toBe(302);
    expect((await save({ name: "X", timeZone: "Mars/Olympus" })).status).toBe(400);
    expect((await save({ name: "X", timeZone: "UTC" }, coordinator)).status).toBe(403);
    expect(await since(after)).toEqual([]);
  });
});

describe("views of a client", () => {
  it("its page and GET /api/clients/{id}: one view entry each; not found, the edit form and lists: none", async () => {
    const client = await createClient(db, { agencyId });
    const before = await mark();
    const page = await settle(clientPage(args(get(`/clients/${client.id}`, agent.cookie), { id: client.id })));
    expect(page.status).toBe(200);
    const api = await settle(
      clientApi(args(apiRequest(`/api/clients/${client.id}`, { token: coordinator.token }), { id: client.id })),
    );
    expect(api.status).toBe(200);
    await flushViews();
    expect(await since(before)).toEqual([
      entry(agent, "view", "client", client.id, {}, { ip: null }), // get() sends no address
      entry(coordinator, "view", "client", client.id, {}, { ip: "203.0.113.7" }),
    ]);
  });

  it("a missing or another agency's client, the edit form, the list and a PUT write no view", async () => {
    const client = await createClient(db, { agencyId });
    const theirs = await createClient(db, { agencyId: (await signInNewAgency(db)).user.agency_id });
    const before = await mark();
    for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await settle(clientPage(args(get(`/clients/${id}`, agent.cookie), { id })))).status).toBe(404);
      const api = await settle(clientApi(args(apiRequest(`/api/clients/${id}`, { token: agent.token }), { id })));
      expect(api.status).toBe(404);
    }
    const edit = await settle(clientEditPage(args(get(`/clients/${client.id}/edit`, agent.cookie), { id: client.id })));
    expect(edit.status).toBe(200);
    expect((await settle(clientsPage(args(get("/clients", agent.cookie))))).status).toBe(200);
    const put = apiRequest(`/api/clients/${client.id}`, { method: "PUT", token: agent.token, body: validClientBody() });
    expect((await settle(clientApiWrite(args(put, { id: client.id })))).status).toBe(200);
    await flushViews();
    expect((await since(before)).filter((e) => e.action === "view")).toEqual([]);
  });
});

describe("exports", () => {
  it("one export entry of the list's kind with its filters as given; refused (403, 400): none", async () => {
    const before = await mark();
    const csv = (loader: typeof exportClients, path: string, who = coordinator) =>
      settle(loader(args(get(path, who.cookie))));
    expect((await csv(exportClients, "/clients/export?status=placed&sort=firstName")).status).toBe(200);
    expect((await csv(exportFacilities, "/facilities/export")).status).toBe(200);
    expect((await csv(exportResources, "/resources/export")).status).toBe(200);
    const list = (entity: string, filters: Record<string, unknown>) => ({
      ...entry(coordinator, "export", entity, "", { filters }, { ip: null }),
      entity_id: null,
    });
    expect(await since(before)).toEqual([
      list("client", { status: "placed", sort: "firstName" }),
      list("facility", {}),
      list("resource", {}),
    ]);

    const after = await mark();
    expect((await csv(exportClients, "/clients/export", agent)).status).toBe(403);
    expect((await csv(exportClients, "/clients/export?status=nonsense")).status).toBe(400);
    expect(await since(after)).toEqual([]);
  });
});

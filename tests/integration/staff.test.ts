import { beforeEach, describe, expect, it } from "vitest";
import { getSessionUser } from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { action as invitationAction, loader as invitationPage } from "~/routes/_auth.invitation";
import { action as memberAction, loader as memberPage } from "~/routes/_app.settings.users.$id";
import { action as staffAction, loader as staffPage } from "~/routes/_app.settings.users._index";
import { action as agencyAction, loader as agencyPage } from "~/routes/_app.settings.agency";
import { loader as meApi } from "~/routes/api.auth.me";
import { loader as tasksPage } from "~/routes/_app.tasks._index";
import { loader as boardPage } from "~/routes/_app.swim-lanes";
import { loader as placementsPage } from "~/routes/_app.placements._index";
import { loader as dashboardPage } from "~/routes/_app.dashboard";
import { INVITATION_PROBLEMS, MEMBER_IS_STAFF, STAFF_REFUSALS } from "~/schemas/staff";
import type { EmailTransport } from "~/services/email.server";
import { inviteStaff } from "~/services/staff.server";
import { inactiveAssignments } from "~/models/staff.server";
import { PERMISSION_MESSAGES } from "~/utils/permissions";
import { signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createPlacement, createTask } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";

// Staff management (/settings/users): invitations, roles, deactivation, moving open work, and the
// agency's settings. The rules: docs/security.md, "Staff".

const db = testDb();
const LIMITS = { idleMinutes: 30, absoluteHours: 12 };
const PASSWORD = "Welcome@2026";
let agencyId: string;
let admin: SignedIn;
let coordinator: SignedIn;
let agent: SignedIn;

beforeEach(async () => {
  await resetDb();
  admin = await signInNewAgency(db, { role: "admin" });
  agencyId = admin.user.agency_id;
  coordinator = await signInUser(db, agencyId, { role: "coordinator" });
  agent = await signInUser(db, agencyId);
});

const ctxOf = (who: SignedIn) => ({ userId: who.user.id, agencyId: who.user.agency_id, role: who.user.role });

/** Invites through the service with a transport that keeps the e-mail; returns the link's token. */
async function invite(email: string, role: "agent" | "coordinator" | "admin" = "agent", by = admin) {
  const sent: string[] = [];
  const transport: EmailTransport = {
    name: "test",
    async send(message) {
      sent.push(message.text);
      return { id: "test" };
    },
  };
  const input = { intent: "invite" as const, firstName: "Nia", lastName: "Okafor", email, role };
  const invited = await inviteStaff(db, ctxOf(by), by.user as never, input, { appUrl: "http://localhost", transport });
  if (!invited.ok) throw new Error(invited.message);
  await invited.delivered;
  const match = /\/invitation\?token=([\w-]+)/.exec(sent.at(-1) ?? "");
  if (!match) throw new Error("no invitation link in the e-mail");
  return match[1];
}

const accept = (token: string, fields: Record<string, string> = {}) =>
  settle(
    invitationAction(
      args(
        formPost("/invitation", {
          token,
          firstName: "Nia",
          lastName: "Okafor",
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...fields,
        }),
      ),
    ),
  );

const memberPost = (who: SignedIn, id: string, fields: Record<string, string>) =>
  settle(memberAction(args(formPost(`/settings/users/${id}`, fields, who.cookie), { id })));

const userRow = (id: string) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("who may manage staff", () => {
  it("only an admin opens /settings/users, a member's page and /settings/agency, or posts to them", async () => {
    for (const who of [agent, coordinator]) {
      const list = await settle(staffPage(args(get("/settings/users", who.cookie))));
      expect(list.status).toBe(403);
      expect(await list.text()).toBe(PERMISSION_MESSAGES["staff.manage"]);
      const posted = await settle(
        staffAction(
          args(
            formPost(
              "/settings/users",
              { intent: "invite", firstName: "A", lastName: "B", email: "x@example.com", role: "admin" },
              who.cookie,
            ),
          ),
        ),
      );
      expect(posted.status).toBe(403);
      const member = await memberPost(who, agent.user.id, { intent: "role", role: "admin" });
      expect(member.status).toBe(403);
      const page = await settle(
        memberPage(args(get(`/settings/users/${agent.user.id}`, who.cookie), { id: agent.user.id })),
      );
      expect(page.status).toBe(403);
      expect((await settle(agencyPage(args(get("/settings/agency", who.cookie))))).status).toBe(403);
    }
    expect((await userRow(agent.user.id)).role).toBe("agent");
    expect(await db.selectFrom("invitations").select("id").execute()).toEqual([]);
    const list = await settle(staffPage(args(get("/settings/users", admin.cookie))));
    expect(list.status).toBe(200);
    const { staff } = (await list.json()) as { staff: Array<{ id: string; isYou: boolean }> };
    expect(staff.map((s) => s.id).sort()).toEqual([admin.user.id, coordinator.user.id, agent.user.id].sort());
    expect(staff.find((s) => s.isYou)?.id).toBe(admin.user.id);
  });
});

describe("invitations", () => {
  it("an admin's invitation is e-mailed; its link makes the account with the role, once", async () => {
    const posted = await settle(
      staffAction(
        args(
          formPost(
            "/settings/users",
            { intent: "invite", firstName: "Nia", lastName: "Okafor", email: "Nia@Example.com", role: "coordinator" },
            admin.cookie,
          ),
        ),
      ),
    );
    expect(posted.status).toBe(302);
    const outbox = await db.selectFrom("email_outbox").select(["kind", "to_address", "text_body"]).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "invitation", to_address: "nia@example.com" });
    expect(outbox[0].text_body).not.toMatch(/token=/); // the outbox never keeps the link

    const token = await invite("nia@example.com", "coordinator"); // a new one replaces the first
    expect(await db.selectFrom("invitations").select("id").execute()).toHaveLength(1);

    const page = await settle(invitationPage(args(get(`/invitation?token=${token}`))));
    expect(await page.json()).toMatchObject({
      problem: null,
      invitation: { email: "nia@example.com", role: "coordinator" },
    });

    const accepted = await accept(token, { firstName: "Nia", lastName: "Okafor-Reyes" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/login");
    const user = await verifyLogin(db, "nia@example.com", PASSWORD);
    expect(user).toMatchObject({ agencyId, role: "coordinator", lastName: "Okafor-Reyes" });

    const again = await accept(token, { password: "Another@2026", confirmPassword: "Another@2026" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ problem: INVITATION_PROBLEMS.used });
    expect(await verifyLogin(db, "nia@example.com", "Another@2026")).toBeNull();
    const reopened = await settle(invitationPage(args(get(`/invitation?token=${token}`))));
    expect(await reopened.json()).toMatchObject({ problem: INVITATION_PROBLEMS.used });
  });

  it("an expired or unknown link is refused before and after typing; nothing is made", async () => {
    const token = await invite("late@example.com");
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const page = await settle(invitationPage(args(get(`/invitation?token=${token}`))));
    expect(await page.json()).toMatchObject({ problem: INVITATION_PROBLEMS.expired, invitation: null });
    const posted = await accept(token);
    expect(posted.status).toBe(409);
    expect(await posted.json()).toMatchObject({ problem: INVITATION_PROBLEMS.expired });
    const unknown = await settle(invitationPage(args(get("/invitation?token=not-a-token"))));
    expect(await unknown.json()).toMatchObject({ problem: INVITATION_PROBLEMS.invalid });
    expect(await db.selectFrom("users").select("id").where("email", "=", "late@example.com").execute()).toEqual([]);
  });

  it("a weak password is refused with the rules' checklist, and the link still works", async () => {
    const token = await invite("weak@example.com");
    const posted = await accept(token, { password: "short", confirmPassword: "short" });
    expect(posted.status).toBe(400);
    const body = (await posted.json()) as { checks: { met: boolean[] } };
    expect(body.checks.met).toContain(false);
    expect((await accept(token)).status).toBe(302);
  });

  it("an e-mail already on the staff is refused; another agency's admin cannot revoke the invitation", async () => {
    const refused = await settle(
      staffAction(
        args(
          formPost(
            "/settings/users",
            { intent: "invite", firstName: "A", lastName: "B", email: agent.user.email.toUpperCase(), role: "agent" },
            admin.cookie,
          ),
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(MEMBER_IS_STAFF);

    await invite("nia@example.com");
    const [row] = await db.selectFrom("invitations").select("id").execute();
    const stranger = await signInNewAgency(db, { role: "admin" });
    const revoke = { intent: "revoke", invitationId: row.id };
    const theirs = await settle(staffAction(args(formPost("/settings/users", revoke, stranger.cookie))));
    expect(theirs.status).toBe(404);
    const listed = await settle(staffPage(args(get("/settings/users", stranger.cookie))));
    expect(((await listed.json()) as { invitations: unknown[] }).invitations).toEqual([]);
    expect(await db.selectFrom("invitations").select("id").execute()).toHaveLength(1);

    const ours = await settle(staffAction(args(formPost("/settings/users", revoke, admin.cookie))));
    expect(ours.status).toBe(302);
    expect(await db.selectFrom("invitations").select("id").execute()).toEqual([]);
  });
});

describe("deactivation", () => {
  it("ends every browser session and API token at once, and stops sign-in; reactivation allows it again", async () => {
    const me = await settle(meApi(args(apiRequest("/api/auth/me", { token: agent.token }))));
    expect(me.status).toBe(200);
    const done = await memberPost(admin, agent.user.id, { intent: "deactivate" });
    expect(done.status).toBe(302);

    const api = await settle(meApi(args(apiRequest("/api/auth/me", { token: agent.token }))));
    expect(api.status).toBe(401);
    const screen = await settle(staffPage(args(get("/settings/users", agent.cookie))));
    expect(screen.status).toBe(302);
    expect(screen.headers.get("Location")).toMatch(/^\/login/);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", agent.user.id).execute()).toEqual([]);
    expect(await verifyLogin(db, agent.user.email, "Test@1234")).toBeNull();
    expect((await userRow(agent.user.id)).deactivated_at).not.toBeNull();

    expect((await memberPost(admin, agent.user.id, { intent: "reactivate" })).status).toBe(302);
    const row = await userRow(agent.user.id);
    expect(row).toMatchObject({ is_active: true, deactivated_at: null });
  });

  it("nobody deactivates themselves", async () => {
    const refused = await memberPost(admin, admin.user.id, { intent: "deactivate" });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(STAFF_REFUSALS.self);
    expect(await getSessionUser(db, admin.token, "api", LIMITS)).not.toBeNull();
  });
});

describe("the last admin", () => {
  it("cannot be demoted; with a second admin, either can go but not both", async () => {
    const refused = await memberPost(admin, admin.user.id, { intent: "role", role: "coordinator" });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(STAFF_REFUSALS["last-admin"]);
    expect((await userRow(admin.user.id)).role).toBe("admin");

    const second = await signInUser(db, agencyId, { role: "admin" });
    // Each demotes the other at the same moment: one wins, the agency keeps an admin.
    const answers = await Promise.all([
      memberPost(admin, second.user.id, { intent: "role", role: "agent" }),
      memberPost(second, admin.user.id, { intent: "deactivate" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const admins = await db
      .selectFrom("users")
      .select("id")
      .where("agency_id", "=", agencyId)
      .where("role", "=", "admin")
      .where("is_active", "=", true)
      .execute();
    expect(admins).toHaveLength(1);
  });
});

describe("moving open work", () => {
  it("moves open tasks and active placements in one step, with the counts shown first and after", async () => {
    const open = await Promise.all([1, 2, 3].map(() => createTask(db, { agencyId, assigned_to: agent.user.id })));
    const done = await createTask(db, { agencyId, assigned_to: agent.user.id, is_completed: true, stage: "Placed" });
    const active = await createPlacement(db, { agencyId, agent_id: agent.user.id, status: "In Progress" });
    const closed = await createPlacement(db, { agencyId, agent_id: agent.user.id, status: "Completed" });

    await memberPost(admin, agent.user.id, { intent: "deactivate" });
    expect(await inactiveAssignments(db, ctxOf(admin))).toEqual({ tasks: 3, placements: 1 });

    const page = await settle(
      memberPage(args(get(`/settings/users/${agent.user.id}`, admin.cookie), { id: agent.user.id })),
    );
    const shown = (await page.json()) as {
      member: { openTasks: number; openPlacements: number };
      colleagues: [string, string][];
    };
    expect(shown.member).toMatchObject({ openTasks: 3, openPlacements: 1 });
    expect(shown.colleagues.map(([id]) => id).sort()).toEqual([admin.user.id, coordinator.user.id].sort());

    const moved = await memberPost(admin, agent.user.id, { intent: "reassign", to: coordinator.user.id });
    expect(moved.status).toBe(302);
    const tasks = await db.selectFrom("tasks").select(["id", "assigned_to", "version"]).execute();
    for (const task of open) {
      expect(tasks.find((t) => t.id === task.id)).toMatchObject({ assigned_to: coordinator.user.id, version: 2 });
    }
    expect(tasks.find((t) => t.id === done.id)?.assigned_to).toBe(agent.user.id);
    const placements = await db.selectFrom("placements").select(["id", "agent_id"]).execute();
    expect(placements.find((p) => p.id === active.id)?.agent_id).toBe(coordinator.user.id);
    expect(placements.find((p) => p.id === closed.id)?.agent_id).toBe(agent.user.id);
    expect(await inactiveAssignments(db, ctxOf(admin))).toEqual({ tasks: 0, placements: 0 });
  });

  it("refuses a deactivated or the same person as the one taking over", async () => {
    await createTask(db, { agencyId, assigned_to: agent.user.id });
    await memberPost(admin, coordinator.user.id, { intent: "deactivate" });
    const inactive = await memberPost(admin, agent.user.id, { intent: "reassign", to: coordinator.user.id });
    expect(inactive.status).toBe(409);
    expect(JSON.stringify(await inactive.json())).toContain(STAFF_REFUSALS["inactive-target"]);
    const same = await memberPost(admin, agent.user.id, { intent: "reassign", to: agent.user.id });
    expect(same.status).toBe(409);
    const [task] = await db.selectFrom("tasks").select("assigned_to").execute();
    expect(task.assigned_to).toBe(agent.user.id);
  });
});

describe("agency settings", () => {
  it("an admin saves the agency's name and time zone; an unknown zone is refused", async () => {
    const saved = await settle(
      agencyAction(
        args(
          formPost("/settings/agency", { name: "Harbor Senior Advisors", timeZone: "America/Chicago" }, admin.cookie),
        ),
      ),
    );
    expect(saved.status).toBe(302);
    const row = await db
      .selectFrom("agencies")
      .select(["name", "time_zone"])
      .where("id", "=", agencyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Harbor Senior Advisors", time_zone: "America/Chicago" });
    const wrong = await settle(
      agencyAction(args(formPost("/settings/agency", { name: "X", timeZone: "Mars/Olympus" }, admin.cookie))),
    );
    expect(wrong.status).toBe(400);
  });
});

describe("my work", () => {
  type Listed = { tasks: Array<{ id: string }>; scope: { mine: boolean; teamHref: string; inactive: unknown } };
  const tasksOf = async (who: SignedIn, path = "/tasks") =>
    (await (await settle(tasksPage(args(get(path, who.cookie))))).json()) as Listed;

  it("an agent's task list and board start on their own tasks, one click from the team's", async () => {
    const own = await createTask(db, { agencyId, assigned_to: agent.user.id });
    const theirs = await createTask(db, { agencyId, assigned_to: coordinator.user.id });

    const mine = await tasksOf(agent);
    expect(mine.tasks.map((t) => t.id)).toEqual([own.id]);
    expect(mine.scope).toMatchObject({ mine: true, teamHref: "/tasks?assignedTo=" });
    const team = await tasksOf(agent, mine.scope.teamHref);
    expect(team.tasks.map((t) => t.id).sort()).toEqual([own.id, theirs.id].sort());
    expect(team.scope.mine).toBe(false);

    // Coordinators and admins start on the team's.
    for (const who of [coordinator, admin]) {
      const listed = await tasksOf(who);
      expect(listed.tasks).toHaveLength(2);
      expect(listed.scope.mine).toBe(false);
    }

    const board = async (who: SignedIn, path = "/swim-lanes") =>
      (await (await settle(boardPage(args(get(path, who.cookie))))).json()) as {
        lanes: Array<{ tasks: Array<{ id: string }> }>;
        scope: { mine: boolean };
      };
    const agentsBoard = await board(agent);
    expect(agentsBoard.lanes.flatMap((l) => l.tasks.map((t) => t.id))).toEqual([own.id]);
    expect(agentsBoard.scope.mine).toBe(true);
    expect((await board(agent, "/swim-lanes?assignedTo=")).lanes.flatMap((l) => l.tasks)).toHaveLength(2);
    expect((await board(coordinator)).lanes.flatMap((l) => l.tasks)).toHaveLength(2);
  });

  it("an agent's dashboard counts their own tasks, the team's one click away", async () => {
    await createTask(db, { agencyId, assigned_to: agent.user.id, stage: "Target" });
    await createTask(db, { agencyId, assigned_to: agent.user.id, stage: "Target", is_completed: true });
    await createTask(db, { agencyId, assigned_to: coordinator.user.id, stage: "New Client" });
    type Dashboard = {
      tasks: { overview: { totalTasks: number; completedTasks: number } };
      lanes: Array<{ stage: string; count: number }>;
      scope: { mine: boolean; teamHref: string };
    };
    const dashboard = async (who: SignedIn, path = "/dashboard") =>
      (await (await settle(dashboardPage(args(get(path, who.cookie))))).json()) as Dashboard;
    const lane = (d: Dashboard, stage: string) => d.lanes.find((l) => l.stage === stage)?.count;

    const mine = await dashboard(agent);
    expect(mine.scope.mine).toBe(true);
    expect(mine.tasks.overview).toMatchObject({ totalTasks: 2, completedTasks: 1 });
    expect([lane(mine, "Target"), lane(mine, "New Client")]).toEqual([2, 0]);
    const team = await dashboard(agent, mine.scope.teamHref);
    expect(team.scope.mine).toBe(false);
    expect(team.tasks.overview.totalTasks).toBe(3);
    expect((await dashboard(coordinator)).tasks.overview.totalTasks).toBe(3);
  });

  it("the lists warn while open work is assigned to deactivated staff, until it is moved", async () => {
    await createTask(db, { agencyId, assigned_to: agent.user.id });
    await createPlacement(db, { agencyId, agent_id: agent.user.id, status: "Confirmed" });
    expect((await tasksOf(coordinator)).scope.inactive).toBeNull();
    await memberPost(admin, agent.user.id, { intent: "deactivate" });
    expect((await tasksOf(coordinator)).scope.inactive).toEqual({ tasks: 1, placements: 1 });
    const placements = await settle(placementsPage(args(get("/placements", coordinator.cookie))));
    expect(((await placements.json()) as Listed).scope.inactive).toEqual({ tasks: 1, placements: 1 });
    await memberPost(admin, agent.user.id, { intent: "reassign", to: coordinator.user.id });
    expect((await tasksOf(coordinator)).scope.inactive).toBeNull();
  });
});

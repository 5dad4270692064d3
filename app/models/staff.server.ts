import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";
import type { Role } from "~/utils/vocabulary";
import { audit, auditEach } from "./audit.server";
import type { Ctx } from "./context";
import { deleteUserSessions } from "./session.server";

// The agency's staff as an admin manages them (/settings/users): their roles, their access, and
// the open work assigned to them. The rules are in docs/security.md, "Staff".

/** A placement still being worked on (its agent is who works on it). */
export const OPEN_PLACEMENT_STATUSES = ["In Progress", "Confirmed"] as const;

export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  isActive: boolean;
  lastLoginAt: Date | null;
  deactivatedAt: Date | null;
  /** Tasks assigned to them that are not completed. */
  openTasks: number;
  /** In Progress and Confirmed placements they are the agent of. */
  openPlacements: number;
}

/** A user's open work, counted (in a select from `users`): the tasks and the placements they still have. */
function openWork(eb: ExpressionBuilder<Database, "users">) {
  return [
    eb
      .selectFrom("tasks")
      .select(sql<number>`count(*)::int`.as("n"))
      .whereRef("tasks.assigned_to", "=", "users.id")
      .where("tasks.is_completed", "=", false)
      .as("openTasks"),
    eb
      .selectFrom("placements")
      .select(sql<number>`count(*)::int`.as("n"))
      .whereRef("placements.agent_id", "=", "users.id")
      .where("placements.status", "in", OPEN_PLACEMENT_STATUSES)
      .as("openPlacements"),
  ] as const;
}

function staffQuery(db: DB, ctx: Ctx) {
  return db
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.first_name as firstName",
      "users.last_name as lastName",
      "users.email",
      "users.role",
      "users.is_active as isActive",
      "users.last_login_at as lastLoginAt",
      "users.deactivated_at as deactivatedAt",
      ...openWork(eb),
    ])
    .where("users.agency_id", "=", ctx.agencyId);
}

type StaffRow = { openTasks: number | null; openPlacements: number | null } & Omit<
  StaffMember,
  "openTasks" | "openPlacements"
>;

const counted = (row: StaffRow): StaffMember => ({
  ...row,
  openTasks: row.openTasks ?? 0,
  openPlacements: row.openPlacements ?? 0,
});

/** Everyone of the agency: the active first, then by name. */
export async function listStaff(db: DB, ctx: Ctx): Promise<StaffMember[]> {
  const rows = await staffQuery(db, ctx)
    .orderBy("users.is_active", "desc")
    .orderBy("users.first_name")
    .orderBy("users.last_name")
    .orderBy("users.id")
    .execute();
  return rows.map(counted);
}

/** One staff member of the agency (active or not), or null. */
export async function getStaffMember(db: DB, ctx: Ctx, id: string): Promise<StaffMember | null> {
  const row = await staffQuery(db, ctx).where("users.id", "=", id).executeTakeFirst();
  return row ? counted(row) : null;
}

export type StaffChange = "saved" | "not-found" | "last-admin" | "self";

/**
 * Locks the agency's active admins (so that two admins demoting or deactivating each other at
 * once cannot both succeed) and tells whether `userId` is the only one left.
 */
async function isLastAdmin(trx: DB, ctx: Ctx, userId: string): Promise<boolean> {
  const admins = await trx
    .selectFrom("users")
    .select("id")
    .where("agency_id", "=", ctx.agencyId)
    .where("role", "=", "admin")
    .where("is_active", "=", true)
    .orderBy("id")
    .forUpdate()
    .execute();
  return admins.length === 1 && admins[0].id === userId;
}

/** Gives a staff member another role; the agency's last active admin stays an admin. */
export async function changeStaffRole(db: DB, ctx: Ctx, userId: string, role: Role): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    if (role !== "admin" && (await isLastAdmin(trx, ctx, userId))) return "last-admin";
    const before = await trx
      .selectFrom("users")
      .select("role")
      .where("id", "=", userId)
      .where("agency_id", "=", ctx.agencyId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return "not-found";
    await trx.updateTable("users").set({ role }).where("id", "=", userId).execute();
    await audit(trx, ctx, {
      action: "role_change",
      entity: "user",
      id: userId,
      details: { from: before.role, to: role },
    });
    return "saved";
  });
}

/**
 * Takes a staff member's access away: they cannot sign in, and every browser session and API
 * token of theirs ends at once (their next click goes to the sign-in page). Nobody deactivates
 * themselves, and the last active admin stays.
 */
export async function deactivateStaff(db: DB, ctx: Ctx, userId: string): Promise<StaffChange> {
  if (userId === ctx.userId) return "self";
  return db.transaction().execute(async (trx) => {
    if (await isLastAdmin(trx, ctx, userId)) return "last-admin";
    const result = await trx
      .updateTable("users")
      .set({ is_active: false, deactivated_at: sql<Date>`coalesce(deactivated_at, now())` })
      .where("id", "=", userId)
      .where("agency_id", "=", ctx.agencyId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return "not-found";
    await deleteUserSessions(trx, userId);
    await audit(trx, ctx, { action: "deactivate", entity: "user", id: userId });
    return "saved";
  });
}

/** Gives a deactivated staff member their access back (they sign in with their password). */
export async function reactivateStaff(db: DB, ctx: Ctx, userId: string): Promise<StaffChange> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("users")
      .set({ is_active: true, deactivated_at: null })
      .where("id", "=", userId)
      .where("agency_id", "=", ctx.agencyId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return "not-found";
    await audit(trx, ctx, { action: "reactivate", entity: "user", id: userId });
    return "saved";
  });
}

export type Reassigned = { tasks: number; placements: number };

/**
 * Moves one staff member's open work to another active one in one step: their tasks that are not
 * completed, and their In Progress and Confirmed placements. Each moved record counts as changed
 * by the caller (its version moves on, so an edit opened before is refused rather than undoing
 * the move). Returns how many moved, or why nothing did.
 */
export async function reassignOpenWork(
  db: DB,
  ctx: Ctx,
  fromId: string,
  toId: string,
): Promise<Reassigned | "not-found" | "same" | "inactive-target"> {
  if (fromId === toId) return "same";
  return db.transaction().execute(async (trx) => {
    const people = await trx
      .selectFrom("users")
      .select(["id", "is_active"])
      .where("agency_id", "=", ctx.agencyId)
      .where("id", "in", [fromId, toId])
      .execute();
    const to = people.find((p) => p.id === toId);
    if (!people.some((p) => p.id === fromId) || !to) return "not-found";
    if (!to.is_active) return "inactive-target";
    // Each statement moves the rows and writes their entries (one per row) at once.
    const tasks = await auditEach(
      trx,
      ctx,
      { action: "update", entity: "task", details: { fields: ["assigned_to"] } },
      trx
        .updateTable("tasks")
        .set({ assigned_to: toId, updated_by: ctx.userId })
        .where("agency_id", "=", ctx.agencyId)
        .where("assigned_to", "=", fromId)
        .where("is_completed", "=", false)
        .returning("id"),
    );
    const placements = await auditEach(
      trx,
      ctx,
      { action: "update", entity: "placement", details: { fields: ["agent_id"] } },
      trx
        .updateTable("placements")
        .set({ agent_id: toId, updated_by: ctx.userId })
        .where("agency_id", "=", ctx.agencyId)
        .where("agent_id", "=", fromId)
        .where("status", "in", OPEN_PLACEMENT_STATUSES)
        .returning("id"),
    );
    return { tasks, placements };
  });
}

/**
 * Open work still assigned to staff who no longer have access: the warning the task list, the
 * board and the placements list show until an admin moves it.
 */
export async function inactiveAssignments(db: DB, ctx: Ctx): Promise<Reassigned> {
  const row = await db
    .selectFrom("users")
    .select(openWork)
    .where("users.agency_id", "=", ctx.agencyId)
    .where("users.is_active", "=", false)
    .execute();
  return {
    tasks: row.reduce((sum, r) => sum + (r.openTasks ?? 0), 0),
    placements: row.reduce((sum, r) => sum + (r.openPlacements ?? 0), 0),
  };
}

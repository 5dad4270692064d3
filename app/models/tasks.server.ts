import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { type ClientStatus, type Priority, TASK_STAGES } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";

export interface TaskDashboard {
  overview: { totalTasks: number; completedTasks: number; overdueTasks: number };
}

/** Overdue: due before today and not completed. */
export async function getTaskDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<TaskDashboard> {
  const [count, overdue] = await Promise.all([
    counts,
    // Open tasks only, through their partial index: a few thousand entries at most.
    db
      .selectFrom("tasks")
      .select(db.fn.countAll<number>().as("n"))
      .where("agency_id", "=", ctx.agencyId)
      .where("is_completed", "=", false)
      .where("due_date", "<", sql<string>`current_date`)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    overview: {
      totalTasks: TASK_STAGES.reduce((sum, stage) => sum + count(`tasks:${stage}`), 0),
      completedTasks: count("tasks:completed"),
      overdueTasks: Number(overdue.n),
    },
  };
}

/** The number of tasks in each swim lane, every lane present. */
export async function countTasksByStage(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<Array<{ stage: ClientStatus; count: number }>> {
  const count = await counts;
  return TASK_STAGES.map((stage) => ({ stage, count: count(`tasks:${stage}`) }));
}

export interface TaskOfClient {
  id: string;
  title: string;
  stage: ClientStatus;
  priority: Priority;
  dueDate: string;
  isCompleted: boolean;
}

/** A client's tasks: open ones first, by due date (for the client's page). */
export async function listClientTasks(db: DB, ctx: Ctx, clientId: string): Promise<TaskOfClient[]> {
  const rows = await db
    .selectFrom("tasks")
    .select(["id", "title", "stage", "priority", "due_date", "is_completed"])
    .where("client_id", "=", clientId)
    .where("agency_id", "=", ctx.agencyId)
    .orderBy("is_completed")
    .orderBy("due_date")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    stage: row.stage,
    priority: row.priority,
    dueDate: row.due_date,
    isCompleted: row.is_completed,
  }));
}

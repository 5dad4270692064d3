import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { TASK_STAGES } from "~/utils/vocabulary";
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
): Promise<Array<{ stage: string; count: number }>> {
  const count = await counts;
  return TASK_STAGES.map((stage) => ({ stage, count: count(`tasks:${stage}`) }));
}

import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { TASK_STAGES } from "~/utils/vocabulary";
import type { Ctx } from "./context";

export interface TaskDashboard {
  overview: { totalTasks: number; completedTasks: number; overdueTasks: number };
}

/** Overdue: due before today and not completed. */
export async function getTaskDashboard(db: DB, ctx: Ctx): Promise<TaskDashboard> {
  const row = await db
    .selectFrom("tasks")
    .select([
      db.fn.countAll<number>().as("total"),
      sql<number>`count(*) filter (where is_completed)`.as("completed"),
      sql<number>`count(*) filter (where not is_completed and due_date < current_date)`.as("overdue"),
    ])
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirstOrThrow();
  return {
    overview: {
      totalTasks: Number(row.total),
      completedTasks: Number(row.completed),
      overdueTasks: Number(row.overdue),
    },
  };
}

/** The number of tasks in each swim lane, every lane present. */
export async function countTasksByStage(db: DB, ctx: Ctx): Promise<Array<{ stage: string; count: number }>> {
  const rows = await db
    .selectFrom("tasks")
    .select(["stage", db.fn.countAll<number>().as("count")])
    .where("agency_id", "=", ctx.agencyId)
    .groupBy("stage")
    .execute();
  const byStage = new Map(rows.map((r) => [r.stage as string, Number(r.count)]));
  return TASK_STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 }));
}

import type { DB } from "~/utils/db.server";
import { type ChecklistField, PLACEMENT_CHECKLIST } from "~/utils/vocabulary";
import { agencyDay } from "../agency.server";
import type { Ctx } from "../context";
import { writeEvents } from "../placement-events.server";
import { stepEvent, syncStepTasks } from "../placements.server";
import { lockAtVersion, updateLocked } from "../versions.server";

// Tasks belong to placements (issue 35; docs/data-model.md, "Tasks of a placement's checklist"):
// a step of a placement's checklist that became a task (tasks.placement_checklist_item) is done
// when the task is, and the other way round, in one transaction. The step side's half is
// `syncStepTasks` (placements.server.ts), which the placement form's save also runs.

export const stepOf = (field: ChecklistField) => PLACEMENT_CHECKLIST.find((s) => s.field === field)!;

/**
 * Ticks or unticks one step of a placement (locked here), with its date (the agency's today) and
 * its timeline entry, audited as the placement's update: "changed", "same" (it was so already) or
 * "not-found" (not the caller agency's).
 */
async function setStep(
  trx: DB,
  ctx: Ctx,
  placementId: string,
  field: ChecklistField,
  done: boolean,
  why: string | null,
): Promise<"changed" | "same" | "not-found"> {
  const locked = await lockAtVersion(trx, ctx, "placements", placementId, undefined);
  if (!locked.ok) return "not-found";
  const step = stepOf(field);
  if (locked.row[step.column] === done) return "same";
  const { today } = await agencyDay(trx, ctx);
  await updateLocked(trx, ctx, "placements", locked.row, {
    [step.column]: done,
    [`${step.column}_date`]: done ? today : null,
  });
  await writeEvents(trx, ctx, placementId, [stepEvent(step, done, why)]);
  return "changed";
}

/** A task completed or reopened (in `trx`): the step it was made of follows. */
export async function tickStepOfTask(
  trx: DB,
  ctx: Ctx,
  task: { title: string; placement_id: string | null; placement_checklist_item: ChecklistField | null },
  completed: boolean,
): Promise<void> {
  if (!task.placement_id || !task.placement_checklist_item) return;
  const why = completed ? `Task completed: ${task.title}` : `Task reopened: ${task.title}`;
  await setStep(trx, ctx, task.placement_id, task.placement_checklist_item, completed, why);
}

/**
 * Ticks or unticks a step on the placement's page; the task made of it is completed or reopened
 * with it. False when the caller's agency has no such placement.
 */
export async function setPlacementStep(
  db: DB,
  ctx: Ctx,
  placementId: string,
  field: ChecklistField,
  done: boolean,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const outcome = await setStep(trx, ctx, placementId, field, done, null);
    if (outcome === "changed") {
      await syncStepTasks(trx, ctx, placementId, { [field]: !done }, { [field]: done });
    }
    return outcome !== "not-found";
  });
}

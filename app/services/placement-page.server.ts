import { json } from "@remix-run/node";
import { agencyDay } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import type { PlacementRecord } from "~/models/placements.server";
import { taskAssignees } from "~/models/tasks/form.server";
import { listPlacementTasks } from "~/models/tasks/list.server";
import { setPlacementStep } from "~/models/tasks/placement-steps.server";
import { createStepTask } from "~/models/tasks/writes.server";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { STEP_TASK_MESSAGES, StepTaskSchema, StepToggleSchema } from "~/schemas/placement-task";
import type { DB } from "~/utils/db.server";
import { readFormData } from "~/utils/request.server";
import { invariantResponse } from "~/utils/responses";
import { redirectWithToast, requireSignedIn } from "./session.server";

// A placement's page beyond the record (issue 35): its tasks, and its checklist's forms (a step
// ticked or unticked, a step made a task).

/** What the placement's Tasks card and checklist forms need. */
export async function placementTasksData(db: DB, ctx: Ctx, placement: PlacementRecord) {
  const [tasks, assignees, day] = await Promise.all([
    listPlacementTasks(db, ctx, placement.id),
    taskAssignees(db, ctx),
    agencyDay(db, ctx),
  ]);
  return { tasks, assignees, today: day.today, me: ctx.userId };
}

export type PlacementTasksData = Awaited<ReturnType<typeof placementTasksData>>;

/** "Make a task" refused: which step's form, its messages by field, and what was typed. */
export interface StepTaskAnswer {
  step: string;
  errors: Record<string, string>;
  values: { assignedTo: string; dueDate: string };
}

/**
 * The placement page's forms: `tick-step` ticks or unticks a step (and completes or reopens its
 * task), `make-task` makes a task of an unticked step. Done, back to the page with a toast;
 * "Make a task" refused, the page with the form's messages (400, or 403 for an assignee the
 * role may not choose).
 */
export async function placementPageAction(request: Request, id: string) {
  const { ctx, db } = await requireSignedIn({ request });
  const form = await readFormData(request);
  const back = `/placements/${id}`;
  const field = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : undefined);
  const intent = form.get("intent");
  if (intent === "tick-step") {
    const parsed = StepToggleSchema.safeParse({ step: field("step"), done: field("done") });
    invariantResponse(parsed.success, "Checklist step not found", { status: 400 });
    const found = await setPlacementStep(db, ctx, id, parsed.data.step, parsed.data.done);
    invariantResponse(found, PLACEMENT_NOT_FOUND);
    return redirectWithToast(back, { type: "success", title: STEP_TASK_MESSAGES.ticked });
  }
  invariantResponse(intent === "make-task", "Unknown action", { status: 400 });
  const values = { assignedTo: field("assignedTo") ?? "", dueDate: field("dueDate") ?? "" };
  const refused = (errors: Record<string, string>, status = 400) =>
    json({ stepTask: { step: field("step") ?? "", errors, values } satisfies StepTaskAnswer }, { status });
  const parsed = StepTaskSchema.safeParse({ step: field("step"), ...values });
  if (!parsed.success) {
    return refused(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
  }
  const result = await createStepTask(db, ctx, id, parsed.data);
  if (result.ok) return redirectWithToast(back, { type: "success", title: STEP_TASK_MESSAGES.created });
  invariantResponse(result.reason !== "not-found" && result.reason !== "stale", PLACEMENT_NOT_FOUND);
  if (result.reason === "forbidden") return refused({ [result.path]: result.message }, 403);
  return refused(Object.fromEntries(result.errors.map((e) => [e.path, e.msg])));
}

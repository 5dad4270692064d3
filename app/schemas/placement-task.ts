import * as z from "zod";
import { PLACEMENT_CHECKLIST } from "~/utils/vocabulary";
import { requiredDate, requiredId } from "./common";
import { TASK_MESSAGES } from "./task";

// The placement page's checklist forms (issue 35): tick a step, or make a task of it.

export * from "./placement-task.constants";

const STEP_FIELDS = PLACEMENT_CHECKLIST.map((s) => s.field) as [
  (typeof PLACEMENT_CHECKLIST)[number]["field"],
  ...(typeof PLACEMENT_CHECKLIST)[number]["field"][],
];

const step = z.enum(STEP_FIELDS, { error: "Checklist step not found" });

/** "Make a task" of an unticked step: who does it, by when. */
export const StepTaskSchema = z.strictObject({
  step,
  assignedTo: requiredId(TASK_MESSAGES.assignedTo, "Assignee is not valid"),
  dueDate: requiredDate("Due date", TASK_MESSAGES.dueDate),
});

export type StepTaskInput = z.output<typeof StepTaskSchema>;

/** Ticking or unticking one step on the placement's page. */
export const StepToggleSchema = z.strictObject({
  step,
  done: z.enum(["true", "false"]).transform((v) => v === "true"),
});

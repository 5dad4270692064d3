// A placement's checklist steps as tasks (issue 35): the texts of the placement page's Tasks card
// and checklist forms, without zod (tests/unit/browser-imports.test.ts). placement-task.ts, the
// schemas, re-exports them.
import type { ChecklistField, TaskType } from "~/utils/vocabulary";

/** The task a checklist step becomes: its title and type. */
export const STEP_TASKS: Record<ChecklistField, { title: string; type: TaskType }> = {
  contractSigned: { title: "Sign the contract", type: "Contract Review" },
  depositPaid: { title: "Collect the deposit", type: "Documentation" },
  insuranceVerified: { title: "Verify the insurance", type: "Insurance Verification" },
  medicalRecordsTransferred: { title: "Transfer the medical records", type: "Documentation" },
  familyNotified: { title: "Notify the family", type: "Move Coordination" },
};

export const STEP_TASK_MESSAGES = {
  created: "Task created from the checklist",
  failed: "Failed to create task",
  alreadyTask: "This step already has a task.",
  alreadyDone: "This step is done already.",
  ticked: "Checklist updated",
  noTasks: "No tasks for this placement yet.",
} as const;

import { describe, expect, it } from "vitest";
import { TaskListQuerySchema, TaskSchema } from "~/schemas/task";
import { isTaskOverdue, TASK_TYPES, taskProgress, taskStatus } from "~/utils/vocabulary";

const valid = {
  title: "Tour Maple Grove",
  type: "Facility Visit",
  priority: "High",
  status: "Target",
  dueDate: "2026-12-01",
  assignedTo: "0b1f7c2e-6a55-4f0e-9d7c-2b8f3c4d5e6f",
};

const messages = (input: unknown) => {
  const result = TaskSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("TaskSchema", () => {
  it("estimated hours in half hours from 0", () => {
    expect(TaskSchema.parse({ ...valid, estimatedHours: 0 }).estimatedHours).toBe(0);
    expect(TaskSchema.parse({ ...valid, estimatedHours: 7.5 }).estimatedHours).toBe(7.5);
    expect(TaskSchema.parse({ ...valid, estimatedHours: null }).estimatedHours).toBeNull();
    expect(messages({ ...valid, estimatedHours: -1 })).toEqual(["estimatedHours: Estimated hours cannot be negative"]);
    expect(messages({ ...valid, estimatedHours: 0.3 })).toEqual([
      "estimatedHours: Estimated hours must be in steps of 0.5",
    ]);
    expect(TaskSchema.parse({ ...valid, estimatedHours: 0.5 }).estimatedHours).toBe(0.5);
    expect(TaskSchema.parse({ ...valid }).estimatedHours).toBeNull();
    expect(messages({ ...valid, estimatedHours: -0.5 })).toEqual([
      "estimatedHours: Estimated hours cannot be negative",
    ]);
    expect(messages({ ...valid, estimatedHours: "1.5" })).toEqual(["estimatedHours: Estimated hours must be a number"]);
  });

  it("a due date that exists, an assignee that is an id", () => {
    expect(messages({ ...valid, dueDate: "2026-02-30" })).toEqual(["dueDate: Due date must be a valid date"]);
    expect(messages({ ...valid, assignedTo: "Dana" })).toEqual(["assignedTo: Assignee is not valid"]);
  });

  it("keeps the client and the placement whatever the type; empty is none, absent is left to what is stored", () => {
    // Before, only four types kept a client: the others dropped it (issue 31).
    const clientId = "5c1f7c2e-6a55-4f0e-9d7c-2b8f3c4d5e6f";
    const placementId = "6d2f7c2e-6a55-4f0e-9d7c-2b8f3c4d5e6f";
    for (const type of TASK_TYPES) {
      expect(TaskSchema.parse({ ...valid, type, clientId, placementId })).toMatchObject({ clientId, placementId });
    }
    expect(TaskSchema.parse({ ...valid, clientId: "", placementId: null })).toMatchObject({
      clientId: null,
      placementId: null,
    });
    const absent = TaskSchema.parse(valid);
    expect([absent.clientId, absent.placementId]).toEqual([undefined, undefined]);
    expect(messages({ ...valid, placementId: "Brookside" })).toEqual(["placementId: Placement is not valid"]);
  });

  it("trims checklist items and drops the empty ones", () => {
    const parsed = TaskSchema.parse({
      ...valid,
      checklist: [{ item: " a " }, { item: "" }, null, { item: "b", completed: "on" }],
    });
    expect(parsed.checklist).toEqual([
      { item: "a", completed: false },
      { item: "b", completed: true },
    ]);
  });
});

describe("TaskListQuerySchema", () => {
  it("orders by sort or by sortBy and sortOrder, due date first by default", () => {
    expect(TaskListQuerySchema.parse({}).sort).toEqual({ field: "dueDate", direction: "asc" });
    expect(TaskListQuerySchema.parse({ sort: "-priority" }).sort).toEqual({ field: "priority", direction: "desc" });
    expect(TaskListQuerySchema.parse({ sortBy: "title", sortOrder: "desc" }).sort).toEqual({
      field: "title",
      direction: "desc",
    });
    expect(TaskListQuerySchema.safeParse({ sort: "title", sortOrder: "asc" }).success).toBe(false);
  });

  it("empty parameters are no filter; sortOrder alone orders by due date; 20 a page up to 100", () => {
    const empty = TaskListQuerySchema.parse({ status: "", priority: " ", type: "", assignedTo: "", sort: "" });
    expect(empty).toMatchObject({ page: 1, limit: 20, sort: { field: "dueDate", direction: "asc" } });
    expect(empty.status).toBeUndefined();
    expect(empty.assignedTo).toBeUndefined();
    expect(TaskListQuerySchema.parse({ sortOrder: "desc" }).sort).toEqual({ field: "dueDate", direction: "desc" });
    expect(TaskListQuerySchema.parse({ limit: "100", page: "3" })).toMatchObject({ limit: 100, page: 3 });
    for (const limit of ["101", "0", "2.5", "ten"]) {
      expect(TaskListQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    }
    expect(TaskListQuerySchema.safeParse({ assignedTo: "Dana" }).success).toBe(false);
    expect(TaskListQuerySchema.safeParse({ owner: "x" }).success).toBe(false);
  });

  it("maps the status slugs, Completed included", () => {
    expect(TaskListQuerySchema.parse({ status: "follow-up" }).status).toBe("Follow-up");
    expect(TaskListQuerySchema.parse({ status: "completed" }).status).toBe("Completed");
    expect(TaskListQuerySchema.safeParse({ status: "review" }).success).toBe(false);
  });
});

describe("derived fields", () => {
  it("progress, overdue and the status shown", () => {
    expect(taskProgress(1, 3, false)).toBe(33);
    expect(taskProgress(2, 3, false)).toBe(67);
    expect(taskProgress(0, 0, false)).toBe(0);
    expect(taskProgress(0, 0, true)).toBe(100);
    expect(taskProgress(1, 2, true)).toBe(50);
    expect(isTaskOverdue("2026-11-23", false, "2026-11-24")).toBe(true);
    expect(isTaskOverdue("2026-11-24", false, "2026-11-24")).toBe(false);
    expect(isTaskOverdue("2026-11-23", true, "2026-11-24")).toBe(false);
    expect(taskStatus({ stage: "Target", isCompleted: false })).toBe("Target");
    expect(taskStatus({ stage: "Target", isCompleted: true })).toBe("Completed");
  });
});

// The tasks screens' texts and constants, without zod: the tasks list and a task's pages import
// them from here, so their browser bundles carry no schema (tests/unit/browser-imports.test.ts).
// task.ts, the schemas, re-exports them.

/** What the task screens say when a task cannot be found or loaded (spec 002 §8). */
export const TASK_NOT_FOUND = "Failed to fetch task details";

/** The confirmation before a task is deleted. */
export const DELETE_TASK_MESSAGE = "Are you sure you want to delete this task?";

export const TASK_PAGE_SIZE = 20;

export const TASK_SORT_FIELDS = ["dueDate", "priority", "createdAt", "title"] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** The list's six orders (spec 002 §2), as the screen's Sort By offers them (`sort`). */
export const TASK_SORTS = [
  ["dueDate", "Due Date (earliest)"],
  ["-dueDate", "Due Date (latest)"],
  ["-priority", "Priority (high to low)"],
  ["-createdAt", "Created (newest)"],
  ["createdAt", "Created (oldest)"],
  ["title", "Title (A-Z)"],
] as const;

/** A list order: a field and its direction. */
export interface TaskSort {
  field: TaskSortField;
  direction: "asc" | "desc";
}

/** `sort` as the screen's Sort By writes it ("-priority"). */
export function sortText(sort: TaskSort): string {
  return `${sort.direction === "desc" ? "-" : ""}${sort.field}`;
}

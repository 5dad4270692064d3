import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import {
  CLIENT_STATUS_ALIASES,
  PRIORITIES,
  PRIORITY_ALIASES,
  TASK_STAGES,
  TASK_STATUS_ALIASES,
  TASK_STATUSES,
  TASK_TYPE_ALIASES,
  TASK_TYPES,
} from "~/utils/vocabulary";
import {
  allowedValues,
  emptyToUndefined,
  idFilter,
  pagingParams,
  PICKER_SEARCH_FIELDS,
  recordVersion,
  requiredDate,
  requiredId,
  searchParam,
  text,
} from "./common";
import { TASK_PAGE_SIZE, TASK_SORT_FIELDS, type TaskSort, type TaskSortField } from "./task.constants";

// One schema for the task form and the tasks API (docs/api.md, "Tasks"; docs/screens.md, "Tasks").
// Its texts and constants are in task.constants.ts, which the pages that check nothing import.

export * from "./task.constants";

export const TASK_MESSAGES = {
  title: "Title is required",
  type: "Type is required",
  priority: "Priority is required",
  status: "Status is required",
  dueDate: "Due date is required",
  assignedTo: "Assignee is required",
} as const;

export const MAX_CHECKLIST_ITEMS = 100;

/**
 * A reference the task may have: an id, null or empty for none, absent (undefined) to keep what is
 * stored (an API client that does not know the field never clears it).
 */
const relation = (invalid: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || isUuid(v), invalid);

/** A vocabulary value or an alias; absent or empty says `required`. */
function choice<T extends string>(label: string, required: string, values: readonly T[], aliases: Record<string, T>) {
  const allowed = [...values, ...Object.keys(aliases)].join(", ");
  return z
    .string({ error: required })
    .refine((v) => v.trim() !== "", required)
    .transform((value, ctx) => {
      const trimmed = value.trim();
      const found = (values as readonly string[]).includes(trimmed) ? (trimmed as T) : aliases[trimmed.toLowerCase()];
      if (!found) {
        ctx.addIssue({ code: "custom", message: `Invalid ${label} "${value}". Allowed values: ${allowed}` });
        return z.NEVER;
      }
      return found;
    })
    .meta(allowedValues(values, aliases));
}

/** One checklist item: its text (trimmed; an empty one is dropped) and whether it is done. */
const checklistItem = z.strictObject({
  item: text().max(500, "A checklist item must be at most 500 characters").nullish(),
  completed: z
    .union([z.boolean(), z.enum(["on", "off", "true", "false"])])
    .nullish()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export const TaskSchema = z.strictObject({
  title: text({ error: TASK_MESSAGES.title })
    .trim()
    .min(1, TASK_MESSAGES.title)
    .max(300, "Title must be at most 300 characters"),
  description: text()
    .trim()
    .max(10_000, "Description must be at most 10,000 characters")
    .nullish()
    .transform((v) => v || null),
  type: choice("type", TASK_MESSAGES.type, TASK_TYPES, TASK_TYPE_ALIASES),
  priority: choice("priority", TASK_MESSAGES.priority, PRIORITIES, PRIORITY_ALIASES),
  status: choice("status", TASK_MESSAGES.status, TASK_STAGES, CLIENT_STATUS_ALIASES),
  dueDate: requiredDate("Due date", TASK_MESSAGES.dueDate),
  assignedTo: requiredId(TASK_MESSAGES.assignedTo, "Assignee is not valid").meta({
    format: "uuid",
    description: "A user of the agency (GET /api/auth/users)",
  }),
  /** The related client, whatever the type; empty is none, absent keeps the stored one. */
  clientId: relation("Client is not valid"),
  /** The placement the task is about, one of the client's; empty is none, absent keeps the stored one. */
  placementId: relation("Placement is not valid"),
  estimatedHours: z
    .number({ error: "Estimated hours must be a number" })
    .min(0, "Estimated hours cannot be negative")
    .max(10_000, "Estimated hours must be at most 10,000")
    .refine((v) => Number.isInteger(v * 2), "Estimated hours must be in steps of 0.5")
    .nullish()
    .transform((v) => v ?? null),
  checklist: z
    .array(checklistItem.nullish())
    .nullish()
    .transform((items) =>
      (items ?? []).flatMap((entry) => {
        const item = entry?.item?.trim();
        return item ? [{ item, completed: entry!.completed }] : [];
      }),
    )
    .refine((items) => items.length <= MAX_CHECKLIST_ITEMS, `At most ${MAX_CHECKLIST_ITEMS} checklist items`),
  /** API only: done or not (left out: as it was; a new task is open). The screens complete a task from its page. */
  isCompleted: z.boolean({ error: "isCompleted must be true or false" }).optional(),
  /** The version the edit was read at (edit form, PUT): a save over a newer one is refused. */
  version: recordVersion(),
});

export type TaskInput = z.output<typeof TaskSchema>;

/**
 * The task form's fields that are not the task's, left out of its check (and refused by the API
 * as unknown): the button pressed (`intent`), the page a new task goes back to once saved
 * (`returnTo`, a placement's), the checklist's "add items" box, and the client picker's search box
 * without JavaScript.
 */
export const TASK_FORM_EXTRAS = [
  "intent",
  "returnTo",
  "newItems",
  PICKER_SEARCH_FIELDS.client.term,
  PICKER_SEARCH_FIELDS.client.shown,
] as const;

const SORT_MESSAGE = `Allowed values: ${TASK_SORT_FIELDS.join(", ")}`;

/**
 * The tasks list: the screen's URL and GET /api/tasks take the same parameters. The order is
 * `sortBy` and `sortOrder` (the spec's), or `sort` as the other lists write it ("-priority"), not both.
 */
export const TaskListQuerySchema = z
  .strictObject({
    search: searchParam,
    status: z.preprocess(
      emptyToUndefined,
      choice("status", "Status is required", TASK_STATUSES, TASK_STATUS_ALIASES).optional(),
    ),
    priority: z.preprocess(
      emptyToUndefined,
      choice("priority", "Priority is required", PRIORITIES, PRIORITY_ALIASES).optional(),
    ),
    type: z.preprocess(emptyToUndefined, choice("type", "Type is required", TASK_TYPES, TASK_TYPE_ALIASES).optional()),
    assignedTo: idFilter("assignedTo"),
    clientId: idFilter("clientId"),
    sort: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine((v) => (TASK_SORT_FIELDS as readonly string[]).includes(v.replace(/^-/, "")), {
          message: `Invalid sort. ${SORT_MESSAGE}, each with a leading - for descending`,
        })
        .meta({ enum: TASK_SORT_FIELDS.flatMap((f) => [f, `-${f}`]) })
        .optional(),
    ),
    sortBy: z.preprocess(
      emptyToUndefined,
      z.enum(TASK_SORT_FIELDS, { error: `Invalid sortBy. ${SORT_MESSAGE}` }).optional(),
    ),
    sortOrder: z.preprocess(
      emptyToUndefined,
      z.enum(["asc", "desc"], { error: 'sortOrder must be "asc" or "desc"' }).optional(),
    ),
    ...pagingParams(TASK_PAGE_SIZE),
  })
  .refine((v) => !(v.sort && (v.sortBy || v.sortOrder)), {
    path: ["sort"],
    message: "Use either sort or sortBy and sortOrder, not both",
  })
  .transform(({ sort: sortText, sortBy, sortOrder, ...rest }) => {
    const sort: TaskSort = sortText
      ? {
          field: sortText.replace(/^-/, "") as TaskSortField,
          direction: sortText.startsWith("-") ? "desc" : "asc",
        }
      : { field: sortBy ?? "dueDate", direction: sortOrder ?? "asc" };
    return { ...rest, sort };
  });

export type TaskListQuery = z.output<typeof TaskListQuerySchema>;

/** Ticking one checklist item (its page's boxes, without and with JavaScript). */
export const ChecklistToggleSchema = z.strictObject({
  itemId: z.string().refine(isUuid, "Checklist item not found"),
  completed: z.enum(["true", "false"]).transform((v) => v === "true"),
});

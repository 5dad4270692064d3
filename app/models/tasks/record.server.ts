import type { InferResult } from "kysely";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import {
  type CareLevel,
  type ChecklistField,
  type ClientStatus,
  type CommunicationType,
  isTaskOverdue,
  type PlacementStatus,
  type Priority,
  type Role,
  type TaskStatus,
  taskProgress,
  taskStatus,
  type TaskType,
} from "~/utils/vocabulary";
import { agencyDay } from "../agency.server";
import type { Ctx } from "../context";

// One task: its shape (what a list row shows, and what its page shows beyond it) and its read.

export interface ChecklistItem {
  id: string;
  item: string;
  completed: boolean;
  completedAt: string | null;
}

/** A checklist item as the task answers it. */
export function checklistItemOf(i: { id: string; text: string; is_completed: boolean; completed_at: Date | null }) {
  return {
    id: i.id,
    item: i.text,
    completed: i.is_completed,
    completedAt: i.completed_at ? new Date(i.completed_at).toISOString() : null,
  };
}

export interface TaskListItem {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  priority: Priority;
  stage: ClientStatus;
  /** "Completed", else the stage. */
  status: TaskStatus;
  isCompleted: boolean;
  isOverdue: boolean;
  dueDate: string;
  estimatedHours: number | null;
  progress: number;
  checklist: ChecklistItem[];
  client: { id: string; firstName: string; lastName: string } | null;
  assignee: { id: string; firstName: string; lastName: string };
  createdAt: string;
}

/** What a list row and a task's page both read: the task, its client's and its assignee's names. */
const TASK_COLUMNS = [
  "t.id",
  "t.title",
  "t.description",
  "t.type",
  "t.priority",
  "t.stage",
  "t.is_completed",
  "t.due_date",
  "t.estimated_hours",
  "t.created_at",
  "c.id as client_id",
  "c.first_name as client_first_name",
  "c.last_name as client_last_name",
  "u.id as assignee_id",
  "u.first_name as assignee_first_name",
  "u.last_name as assignee_last_name",
] as const;

/** The tasks with their assignee and client (if any), reading TASK_COLUMNS. */
export function tasksWithPeople(db: DB) {
  return db
    .selectFrom("tasks as t")
    .innerJoin("users as u", "u.id", "t.assigned_to")
    .leftJoin("clients as c", "c.id", "t.client_id")
    .select(TASK_COLUMNS);
}

/** A task as a list row and a task's page both show it, from its TASK_COLUMNS and its checklist. */
export function taskItemOf(
  row: InferResult<ReturnType<typeof tasksWithPeople>>[number],
  checklist: ChecklistItem[],
  today: string,
): TaskListItem {
  const done = checklist.filter((i) => i.completed).length;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    stage: row.stage,
    status: taskStatus({ stage: row.stage, isCompleted: row.is_completed }),
    isCompleted: row.is_completed,
    isOverdue: isTaskOverdue(row.due_date, row.is_completed, today),
    dueDate: row.due_date,
    estimatedHours: row.estimated_hours === null ? null : Number(row.estimated_hours),
    progress: taskProgress(done, checklist.length, row.is_completed),
    checklist,
    client: row.client_id
      ? { id: row.client_id, firstName: row.client_first_name!, lastName: row.client_last_name! }
      : null,
    assignee: { id: row.assignee_id, firstName: row.assignee_first_name, lastName: row.assignee_last_name },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface Communication {
  id: string;
  type: CommunicationType;
  content: string;
  author: string | null;
  timestamp: string;
}

/** A task as its page shows it: the list row's fields, and more of its client and assignee. */
export interface TaskRecord extends Omit<TaskListItem, "client" | "assignee"> {
  completedAt: string | null;
  estimatedPlacementDate: string | null;
  /** Newest first. */
  communications: Communication[];
  client: (NonNullable<TaskListItem["client"]> & { careLevel: CareLevel | null; phone: string }) | null;
  /**
   * The placement the task is about (one of its client's): its facility and status, and the step
   * of its checklist the task was made of (done together), if any.
   */
  placement: {
    id: string;
    status: PlacementStatus;
    facility: { id: string; name: string };
    step: ChecklistField | null;
  } | null;
  assignee: TaskListItem["assignee"] & { email: string; role: Role };
  createdBy: string | null;
  /** Counts the changes people made (DESIGN §7): what an edit must have read. */
  version: number;
  updatedAt: string;
  /** The agency's today, which `isOverdue` was counted from. */
  today: string;
}

/** A task with its checklist, communications, client and assignee; null when not the caller agency's. */
export async function getTask(db: DB, ctx: Ctx, id: string, today?: string): Promise<TaskRecord | null> {
  if (!isUuid(id)) return null;
  const [row, items, communications, day] = await Promise.all([
    tasksWithPeople(db)
      .leftJoin("users as cb", "cb.id", "t.created_by")
      .leftJoin("placements as p", "p.id", "t.placement_id")
      .leftJoin("facilities as pf", "pf.id", "p.facility_id")
      .select([
        "t.completed_at",
        "t.estimated_placement_date",
        "t.updated_at",
        "t.version",
        "p.id as placement_id",
        "t.placement_checklist_item",
        "p.status as placement_status",
        "pf.id as placement_facility_id",
        "pf.name as placement_facility_name",
        "c.care_level as client_care_level",
        "c.phone as client_phone",
        "u.email as assignee_email",
        "u.role as assignee_role",
        "cb.first_name as creator_first_name",
        "cb.last_name as creator_last_name",
      ])
      .where("t.id", "=", id)
      .where("t.agency_id", "=", ctx.agencyId)
      .executeTakeFirst(),
    db
      .selectFrom("task_checklist_items")
      .select(["id", "text", "is_completed", "completed_at"])
      .where("task_id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .orderBy("position")
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("task_communications as m")
      .leftJoin("users as a", "a.id", "m.author_id")
      .select(["m.id", "m.type", "m.content", "m.occurred_at", "a.first_name", "a.last_name"])
      .where("m.task_id", "=", id)
      .where("m.agency_id", "=", ctx.agencyId)
      .orderBy("m.occurred_at", "desc")
      .orderBy("m.created_at", "desc")
      .execute(),
    today ? { today } : agencyDay(db, ctx),
  ]);
  if (!row) return null;
  const item = taskItemOf(row, items.map(checklistItemOf), day.today);
  return {
    ...item,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    estimatedPlacementDate: row.estimated_placement_date,
    communications: communications.map((m) => ({
      id: m.id,
      type: m.type,
      content: m.content,
      author: m.first_name ? `${m.first_name} ${m.last_name}` : null,
      timestamp: new Date(m.occurred_at).toISOString(),
    })),
    client: item.client && { ...item.client, careLevel: row.client_care_level ?? null, phone: row.client_phone! },
    placement: row.placement_id
      ? {
          id: row.placement_id,
          status: row.placement_status!,
          facility: { id: row.placement_facility_id!, name: row.placement_facility_name! },
          step: row.placement_checklist_item,
        }
      : null,
    assignee: { ...item.assignee, email: row.assignee_email, role: row.assignee_role },
    createdBy: row.creator_first_name ? `${row.creator_first_name} ${row.creator_last_name}` : null,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    today: day.today,
  };
}

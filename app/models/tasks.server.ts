import { type InferResult, sql } from "kysely";
import type { TaskInput, TaskListQuery, TaskSortField } from "~/schemas/task";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import {
  type CareLevel,
  type ClientStatus,
  HIGH_PRIORITIES,
  PRIORITIES,
  type CommunicationType,
  isTaskOverdue,
  type PlacementStatus,
  type Priority,
  type Role,
  TASK_STAGES,
  type TaskStatus,
  taskProgress,
  taskStatus,
  type TaskType,
} from "~/utils/vocabulary";
import { agencyDay } from "./agency.server";
import { type Ctx, ownRow } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";
import {
  containsTerm,
  wordTrigram,
  countMatches,
  type PageInfo,
  pageInfo,
  pageSlice,
  pickerOptions,
  type PickerSearch,
} from "./lists.server";
import { countClientOptions, type ReferenceOption, searchClientOptions } from "./clients.server";
import { clientPlacementOptions } from "./placements.server";
import { listUsers } from "./user.server";
import { deleteAtVersion, lockAtVersion, type StaleWrite } from "./versions.server";

export interface TaskDashboard {
  overview: { totalTasks: number; completedTasks: number; overdueTasks: number };
}

/** Overdue: due before the agency's today and not completed. */
export async function getTaskDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<TaskDashboard> {
  const [count, overdue] = await Promise.all([counts, countOverdue(db, ctx)]);
  return {
    overview: {
      totalTasks: TASK_STAGES.reduce((sum, stage) => sum + count(`tasks:${stage}`), 0),
      completedTasks: count("tasks:completed"),
      overdueTasks: overdue,
    },
  };
}

/**
 * Open tasks due before the agency's today (of those passing `filters`), read from the indexes
 * of open tasks by due date: a few thousand entries at most.
 */
async function countOverdue(db: DB, ctx: Ctx, today?: string, filters: TaskFilters = {}): Promise<number> {
  const day = today ?? (await agencyDay(db, ctx)).today;
  const row = await filteredTasks(db, ctx, filters)
    .select(db.fn.countAll<string>().as("n"))
    .where("t.is_completed", "=", false)
    .where("t.due_date", "<", day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The number of tasks in each swim lane, every lane present. */
export async function countTasksByStage(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<Array<{ stage: ClientStatus; count: number }>> {
  const count = await counts;
  return TASK_STAGES.map((stage) => ({ stage, count: count(`tasks:${stage}`) }));
}

export interface TaskOfClient {
  id: string;
  title: string;
  stage: ClientStatus;
  priority: Priority;
  dueDate: string;
  isCompleted: boolean;
}

/** A client's tasks: open ones first, by due date (for the client's page). */
export async function listClientTasks(db: DB, ctx: Ctx, clientId: string): Promise<TaskOfClient[]> {
  const rows = await db
    .selectFrom("tasks")
    .select(["id", "title", "stage", "priority", "due_date", "is_completed"])
    .where("client_id", "=", clientId)
    .where("agency_id", "=", ctx.agencyId)
    .orderBy("is_completed")
    .orderBy("due_date")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    stage: row.stage,
    priority: row.priority,
    dueDate: row.due_date,
    isCompleted: row.is_completed,
  }));
}

// ─────────────────────────────── list ───────────────────────────────

export interface ChecklistItem {
  id: string;
  item: string;
  completed: boolean;
  completedAt: string | null;
}

function checklistItemOf(i: { id: string; text: string; is_completed: boolean; completed_at: Date | null }) {
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

export interface TaskStatistics {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  /** Urgent or High. */
  highPriorityTasks: number;
}

export interface TaskPage extends PageInfo {
  tasks: TaskListItem[];
  /** Null when a search's matches were counted only up to `countCap` (`capped`). */
  statistics: TaskStatistics | null;
  /** The agency's today (YYYY-MM-DD): overdue and the relative due dates are counted from it. */
  today: string;
}

export type TaskFilters = Pick<TaskListQuery, "search" | "status" | "priority" | "type" | "assignedTo" | "clientId">;

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
function tasksWithPeople(db: DB) {
  return db
    .selectFrom("tasks as t")
    .innerJoin("users as u", "u.id", "t.assigned_to")
    .leftJoin("clients as c", "c.id", "t.client_id")
    .select(TASK_COLUMNS);
}

/** A task as a list row and a task's page both show it, from its TASK_COLUMNS and its checklist. */
function taskItemOf(
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

/** `priority_rank` (a generated column, in the covering indexes) of each priority. */
const PRIORITY_RANK: Record<Priority, number> = { Low: 1, Medium: 2, High: 3, Urgent: 4 };

/**
 * A task's text contains the term (title, description, client and assignee names, carried by the
 * task; trigram-indexed). task_search also indexes its words' trigrams (see containsTerm).
 */
function searchCondition(term: string, from: "tasks" | "task_search") {
  return containsTerm(sql<string>`t.search_text`, term, from === "task_search");
}

/** The caller agency's tasks that pass the filters; Status is the stage of an open task, or Completed. */
function filteredTasks(db: DB, ctx: Ctx, filters: TaskFilters, from: "tasks" | "task_search" = "tasks") {
  const { status } = filters;
  return (
    db
      // task_search has the same names for the search, stage, completion and priority (see its
      // migration): a narrow table to count a search's matches from.
      .selectFrom(`${from} as t` as "tasks as t")
      .where("t.agency_id", "=", ctx.agencyId)
      .$if(status === "Completed", (qb) => qb.where("t.is_completed", "=", true))
      .$if(Boolean(status) && status !== "Completed", (qb) =>
        qb.where("t.stage", "=", status as ClientStatus).where("t.is_completed", "=", false),
      )
      .$if(Boolean(filters.priority), (qb) => qb.where("t.priority_rank", "=", PRIORITY_RANK[filters.priority!]))
      .$if(Boolean(filters.type), (qb) => qb.where("t.type", "=", filters.type!))
      .$if(Boolean(filters.assignedTo), (qb) => qb.where("t.assigned_to", "=", filters.assignedTo!))
      .$if(Boolean(filters.clientId), (qb) => qb.where("t.client_id", "=", filters.clientId!))
      .$if(Boolean(filters.search), (qb) => qb.where(searchCondition(filters.search!, from)))
  );
}

/**
 * The four tiles over the filtered set. Filtered by Status and Priority alone (or not at all),
 * the running totals by stage and priority answer, and only overdue is counted (open tasks due
 * before today, a partial index); other filters count the filtered set, from covering indexes.
 */
export async function taskStatistics(db: DB, ctx: Ctx, filters: TaskFilters, today: string): Promise<TaskStatistics> {
  if (!filters.search && !filters.type && !filters.assignedTo && !filters.clientId) {
    const { status, priority } = filters;
    const [count, overdue] = await Promise.all([
      readAgencyCounts(db, ctx),
      countOverdue(db, ctx, today, { status, priority }),
    ]);
    const priorities = PRIORITIES.filter((p) => !priority || p === priority);
    const sum = (names: string[]) => names.reduce((total, name) => total + count(name), 0);
    const open = (p: Priority) =>
      status === "Completed"
        ? []
        : TASK_STAGES.filter((s) => !status || s === status).map((s) => `tasks:open:${s}:${p}`);
    const done = (p: Priority) => (!status || status === "Completed" ? [`tasks:done:${p}`] : []);
    const completed = sum(priorities.flatMap(done));
    const high = priorities.filter((p) => HIGH_PRIORITIES.includes(p));
    return {
      totalTasks: sum(priorities.flatMap(open)) + completed,
      completedTasks: completed,
      overdueTasks: overdue,
      highPriorityTasks: sum(high.flatMap((p) => [...open(p), ...done(p)])),
    };
  }
  // A search alone (or with Status and Priority) counts from the narrow copy of the searched text.
  const narrow = filters.search && !filters.type && !filters.assignedTo && !filters.clientId;
  const trigram = narrow ? wordTrigram(filters.search!) : null;
  if (trigram) return trigramStatistics(db, ctx, filters, trigram, today);
  const row = await filteredTasks(db, ctx, filters, narrow ? "task_search" : "tasks")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`count(*) FILTER (WHERE t.is_completed)::int`.as("completed"),
      sql<number>`count(*) FILTER (WHERE NOT t.is_completed AND t.due_date < ${today})::int`.as("overdue"),
      sql<number>`count(*) FILTER (WHERE t.priority_rank >= 3)::int`.as("high"),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalTasks: row.total,
    completedTasks: row.completed,
    overdueTasks: row.overdue,
    highPriorityTasks: row.high,
  };
}

/**
 * The statistics of a three-letter search (with Status and Priority, or alone): its completed
 * matches from their running totals by trigram and priority (completed_task_trigrams, kept by a
 * trigger), its open ones counted from the partial index of open tasks' trigrams.
 */
async function trigramStatistics(
  db: DB,
  ctx: Ctx,
  filters: TaskFilters,
  trigram: string,
  today: string,
): Promise<TaskStatistics> {
  const { status, priority } = filters;
  const rank = priority ? PRIORITY_RANK[priority] : null;
  const [completed, open] = await Promise.all([
    status && status !== "Completed"
      ? []
      : db
          .selectFrom("completed_task_trigrams")
          .select(["priority_rank", "tasks"])
          .where("agency_id", "=", ctx.agencyId)
          .where("trigram", "=", trigram)
          .$if(rank !== null, (qb) => qb.where("priority_rank", "=", rank!))
          .execute(),
    status === "Completed"
      ? { total: 0, overdue: 0, high: 0 }
      : filteredTasks(db, ctx, filters, "task_search")
          .where("t.is_completed", "=", false)
          .select([
            sql<number>`count(*)::int`.as("total"),
            sql<number>`count(*) FILTER (WHERE t.due_date < ${today})::int`.as("overdue"),
            sql<number>`count(*) FILTER (WHERE t.priority_rank >= 3)::int`.as("high"),
          ])
          .executeTakeFirstOrThrow(),
  ]);
  const done = completed.reduce((sum, row) => sum + row.tasks, 0);
  const doneHigh = completed.filter((row) => row.priority_rank >= 3).reduce((sum, row) => sum + row.tasks, 0);
  return {
    totalTasks: open.total + done,
    completedTasks: done,
    overdueTasks: open.overdue,
    highPriorityTasks: open.high + doneHigh,
  };
}

/**
 * The list's orders: each a list of columns, each ascending or descending with the asked direction
 * (`flip`: against it; `fixed`: always so). Ties go by id, so that pages never overlap. Open tasks
 * come first in the due-date orders either way: a done task is no longer due.
 */
const ORDERS: Record<TaskSortField, { column: string; flip?: boolean; fixed?: "asc" }[]> = {
  dueDate: [{ column: "is_completed", fixed: "asc" }, { column: "due_date" }, { column: "id" }],
  priority: [{ column: "priority_rank" }, { column: "due_date", flip: true }, { column: "id" }],
  createdAt: [{ column: "created_at" }, { column: "id" }],
  title: [{ column: "title" }, { column: "id" }],
};

function orderTerms({ field, direction }: TaskListQuery["sort"]): [string, "asc" | "desc"][] {
  const opposite = direction === "asc" ? "desc" : "asc";
  return ORDERS[field].map((o) => [o.column, o.fixed ?? (o.flip ? opposite : direction)]);
}

/** The ids of the asked page, from the indexes of the list's orders. */
async function pageIds(db: DB, ctx: Ctx, query: TaskListQuery): Promise<string[]> {
  const ordered = orderTerms(query.sort).reduce(
    (qb, [column, direction]) => qb.orderBy(sql.ref(`t.${column}`), direction),
    filteredTasks(db, ctx, query).select("t.id"),
  );
  return (await pageSlice(ordered, query).execute()).map((r) => r.id);
}

/**
 * The statistics, or, for a search on the screen (`countCap`) that matches more tasks than that,
 * only that it does: a short term ("mar") matches thousands, and counting them all costs more
 * than the page (the screen then says "500+ tasks match your filters: refine the search"). The
 * API counts exactly.
 */
async function searchStatistics(
  db: DB,
  ctx: Ctx,
  query: TaskListQuery,
  today: string,
  { countCap }: { countCap?: number },
): Promise<{ capped: true } | { capped: false; statistics: TaskStatistics }> {
  if (query.search && countCap) {
    const matches = await countMatches(db, filteredTasks(db, ctx, query).select("t.id"), countCap);
    if (matches.capped) return { capped: true };
  }
  return { capped: false, statistics: await taskStatistics(db, ctx, query, today) };
}

/**
 * One page of tasks in the asked order, with the four statistics over the filtered set. `today`
 * is the agency's (see agencyDay): overdue is counted from it. The page's ids come first (from
 * an index of the order, beside the counts), then those tasks with their people and checklists.
 */
export async function listTasks(
  db: DB,
  ctx: Ctx,
  query: TaskListQuery,
  today: string,
  options: { countCap?: number } = {},
): Promise<TaskPage> {
  const [ids, counted] = await Promise.all([pageIds(db, ctx, query), searchStatistics(db, ctx, query, today, options)]);
  const statistics = counted.capped ? null : counted.statistics;
  const [rows, items] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          tasksWithPeople(db).where("t.id", "in", ids).execute(),
          db
            .selectFrom("task_checklist_items")
            .select(["id", "task_id", "text", "is_completed", "completed_at"])
            .where("task_id", "in", ids)
            .orderBy("task_id")
            .orderBy("position")
            .orderBy("created_at")
            .execute(),
        ]);
  const checklists = new Map<string, ChecklistItem[]>();
  for (const i of items) {
    const list = checklists.get(i.task_id) ?? [];
    list.push(checklistItemOf(i));
    checklists.set(i.task_id, list);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const tasks = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [taskItemOf(row, checklists.get(row.id) ?? [], today)] : [];
  });
  const count = counted.capped
    ? { total: options.countCap!, capped: true }
    : { total: counted.statistics.totalTasks, capped: false };
  return { tasks, statistics, today, ...pageInfo(query, count) };
}

// ─────────────────────────────── one task ───────────────────────────────

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
  /** The placement the task is about (one of its client's): its facility and status. */
  placement: { id: string; status: PlacementStatus; facility: { id: string; name: string } } | null;
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
        }
      : null,
    assignee: { ...item.assignee, email: row.assignee_email, role: row.assignee_role },
    createdBy: row.creator_first_name ? `${row.creator_first_name} ${row.creator_last_name}` : null,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    today: day.today,
  };
}

// ─────────────────────────────── writes ───────────────────────────────

export type TaskWriteResult =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; errors: { path: string; msg: string }[] }
  | StaleWrite;

export const PLACEMENT_OF_ANOTHER_CLIENT = "Placement must be one of the related client's placements";

/**
 * The client and placement the task will have (`stored` where the input leaves one out) and the
 * assignee (active) must be the caller agency's; the placement must be the client's.
 */
async function checkReferences(
  db: DB,
  ctx: Ctx,
  input: TaskInput,
  stored: { clientId: string | null; placementId: string | null } = { clientId: null, placementId: null },
) {
  const clientId = input.clientId === undefined ? stored.clientId : input.clientId;
  const placementId = input.placementId === undefined ? stored.placementId : input.placementId;
  const [client, placement, assignee] = await Promise.all([
    clientId && clientId !== stored.clientId ? ownRow(db, ctx, "clients", clientId) : { id: clientId },
    placementId ? ownRow(db, ctx, "placements", placementId) : null,
    ownRow(db, ctx, "users", input.assignedTo),
  ]);
  const placementError = !placementId
    ? null
    : !placement
      ? "Placement not found"
      : client && placement.client_id !== clientId
        ? PLACEMENT_OF_ANOTHER_CLIENT
        : null;
  return [
    ...(client ? [] : [{ path: "clientId", msg: "Client not found" }]),
    ...(placementError ? [{ path: "placementId", msg: placementError }] : []),
    ...(assignee ? [] : [{ path: "assignedTo", msg: "Assignee not found" }]),
  ];
}

/** The columns the input sets; a relation it leaves out (undefined) keeps what is stored. */
function columnsOf(input: TaskInput) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    priority: input.priority,
    stage: input.status,
    due_date: input.dueDate,
    ...(input.clientId === undefined ? {} : { client_id: input.clientId }),
    ...(input.placementId === undefined ? {} : { placement_id: input.placementId }),
    assigned_to: input.assignedTo,
    estimated_hours: input.estimatedHours === null ? null : String(input.estimatedHours),
  };
}

/**
 * Writes a task's checklist as given, in its order. An item that was done already (same text)
 * keeps the time it was done.
 */
async function writeChecklist(db: DB, ctx: Ctx, taskId: string, items: TaskInput["checklist"]) {
  const before = await db
    .selectFrom("task_checklist_items")
    .select(["text", "completed_at"])
    .where("task_id", "=", taskId)
    .where("is_completed", "=", true)
    .execute();
  const doneAt = new Map(before.map((i) => [i.text, i.completed_at]));
  await db.deleteFrom("task_checklist_items").where("task_id", "=", taskId).execute();
  if (items.length === 0) return;
  await db
    .insertInto("task_checklist_items")
    .values(
      items.map((entry, position) => ({
        agency_id: ctx.agencyId,
        task_id: taskId,
        text: entry.item,
        is_completed: entry.completed,
        completed_at: entry.completed ? (doneAt.get(entry.item) ?? new Date()) : null,
        position,
      })),
    )
    .execute();
}

/** Creates a task with its checklist, last in its stage's lane. */
export async function createTask(db: DB, ctx: Ctx, input: TaskInput): Promise<TaskWriteResult> {
  return db.transaction().execute(async (trx) => {
    const errors = await checkReferences(trx, ctx, input);
    if (errors.length > 0) return { ok: false, reason: "invalid", errors } as const;
    const completed = input.isCompleted ?? false;
    const row = await trx
      .insertInto("tasks")
      .values({
        ...columnsOf(input),
        agency_id: ctx.agencyId,
        created_by: ctx.userId,
        updated_by: ctx.userId,
        is_completed: completed,
        completed_at: completed ? new Date() : null,
        position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM tasks WHERE agency_id = ${ctx.agencyId} AND stage = ${input.status})`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeChecklist(trx, ctx, row.id, input.checklist);
    return { ok: true, id: row.id } as const;
  });
}

/**
 * Replaces a task's fields and checklist, when it is still at `input.version` (if given; a task
 * changed since is stale and keeps the other person's change). `isCompleted`, `clientId` and
 * `placementId` left out keep what is stored.
 */
export async function updateTask(db: DB, ctx: Ctx, id: string, input: TaskInput): Promise<TaskWriteResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "tasks", id, input.version);
    if (!locked.ok) return locked;
    const current = locked.row;
    const stored = { clientId: current.client_id, placementId: current.placement_id };
    const errors = await checkReferences(trx, ctx, input, stored);
    if (errors.length > 0) return { ok: false, reason: "invalid", errors } as const;
    const completed = input.isCompleted ?? current.is_completed;
    await trx
      .updateTable("tasks")
      .set({
        ...columnsOf(input),
        updated_by: ctx.userId,
        ...(completed !== current.is_completed
          ? { is_completed: completed, completed_at: completed ? new Date() : null }
          : {}),
      })
      .where("id", "=", id)
      .execute();
    await writeChecklist(trx, ctx, id, input.checklist);
    return { ok: true, id } as const;
  });
}

/** Marks a task done or open again; false when the caller's agency has no such task. */
export async function setTaskCompleted(db: DB, ctx: Ctx, id: string, completed: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db
    .updateTable("tasks")
    .set({ is_completed: completed, completed_at: completed ? new Date() : null, updated_by: ctx.userId })
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .where("is_completed", "=", !completed)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return true;
  // Already so: found all the same.
  return Boolean(await ownRow(db, ctx, "tasks", id));
}

/**
 * Ticks or unticks one item of a task's checklist; false when there is no such item on that task.
 * The checklist is the task's: the task counts it as its own change (an edit form opened before
 * it would otherwise put the box back as it was).
 */
export async function setChecklistItem(
  db: DB,
  ctx: Ctx,
  taskId: string,
  itemId: string,
  completed: boolean,
): Promise<boolean> {
  if (!isUuid(taskId) || !isUuid(itemId)) return false;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("task_checklist_items")
      .set({ is_completed: completed, completed_at: completed ? new Date() : null })
      .where("id", "=", itemId)
      .where("task_id", "=", taskId)
      .where("agency_id", "=", ctx.agencyId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.updateTable("tasks").set({ updated_by: ctx.userId }).where("id", "=", taskId).execute();
    return true;
  });
}

export type MoveResult =
  | { ok: true; id: string; stage: ClientStatus }
  | { ok: false; reason: "not-found" }
  /** Someone else moved it meanwhile: it is in `current`, not where the mover saw it. */
  | { ok: false; reason: "conflict"; current: ClientStatus }
  | StaleWrite;

/**
 * Moves a task to another stage (a swim lane), last in that lane. Two ways to say what the mover
 * saw: `from`, the stage (the board: a task moved by someone else meanwhile answers a conflict and
 * stays where they put it; its other changes do not matter to a move), or `version`, the whole
 * task (the API's If-Match: any change since is stale). A move to the stage it is in changes nothing.
 */
export async function moveTask(
  db: DB,
  ctx: Ctx,
  id: string,
  to: ClientStatus,
  from?: ClientStatus,
  version?: number,
): Promise<MoveResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "tasks", id, version);
    if (!locked.ok) return locked;
    const current = locked.row;
    if (current.stage === to) return { ok: true, id, stage: to } as const;
    if (from && current.stage !== from) return { ok: false, reason: "conflict", current: current.stage } as const;
    await trx
      .updateTable("tasks")
      .set({
        stage: to,
        position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM tasks WHERE agency_id = ${ctx.agencyId} AND stage = ${to})`,
        updated_by: ctx.userId,
      })
      .where("id", "=", id)
      .execute();
    return { ok: true, id, stage: to } as const;
  });
}

/** Adds a communication to a task, by the caller, now; null when the caller's agency has no such task. */
export async function addCommunication(
  db: DB,
  ctx: Ctx,
  taskId: string,
  input: { type: CommunicationType; content: string },
): Promise<Communication | null> {
  if (!isUuid(taskId)) return null;
  const row = await db
    .insertInto("task_communications")
    .columns(["agency_id", "task_id", "type", "content", "author_id"])
    .expression((eb) =>
      eb
        .selectFrom("tasks")
        .select([
          "agency_id",
          "id",
          sql<CommunicationType>`${input.type}`.as("type"),
          sql<string>`${input.content}`.as("content"),
          sql<string>`${ctx.userId}::uuid`.as("author_id"),
        ])
        .where("id", "=", taskId)
        .where("agency_id", "=", ctx.agencyId),
    )
    .returning(["id", "occurred_at"])
    .executeTakeFirst();
  if (!row) return null;
  const author = await db
    .selectFrom("users")
    .select(["first_name", "last_name"])
    .where("id", "=", ctx.userId)
    .executeTakeFirst();
  return {
    id: row.id,
    type: input.type,
    content: input.content,
    author: author ? `${author.first_name} ${author.last_name}` : null,
    timestamp: new Date(row.occurred_at).toISOString(),
  };
}

/** Deletes a task (still at `version`, if given). */
export function deleteTask(db: DB, ctx: Ctx, id: string, version?: number) {
  return deleteAtVersion(db, ctx, "tasks", id, version);
}

// ─────────────────────────────── form ───────────────────────────────

export interface TaskFormOptions {
  clients: ReferenceOption[];
  /** The chosen client's placements, and whose they are. */
  placements: ReferenceOption[];
  placementsOf: string | null;
  assignees: { id: string; name: string; role: Role }[];
  /** The client picker's search without JavaScript (null: not searched). */
  searched: { client: PickerSearch | null };
}

/** What the task form offers: clients (the chosen one among them, or a search's matches) and the agency's active users. */
export async function taskFormOptions(
  db: DB,
  ctx: Ctx,
  chosenClientId: string | null,
  clientTerm = "",
): Promise<TaskFormOptions> {
  const [client, placements, users] = await Promise.all([
    pickerOptions(
      clientTerm,
      (o) => searchClientOptions(db, ctx, { ...o, include: chosenClientId }),
      (term, cap) => countClientOptions(db, ctx, term, cap),
    ),
    chosenClientId ? clientPlacementOptions(db, ctx, chosenClientId) : [],
    listUsers(db, ctx),
  ]);
  return {
    clients: client.options,
    placements,
    placementsOf: chosenClientId,
    assignees: users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, role: u.role })),
    searched: { client: client.searched },
  };
}

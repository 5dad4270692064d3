import { sql } from "kysely";
import type { TaskListQuery, TaskSortField } from "~/schemas/task";
import type { DB } from "~/utils/db.server";
import {
  type ChecklistField,
  type ClientStatus,
  HIGH_PRIORITIES,
  PRIORITIES,
  type Priority,
  TASK_STAGES,
} from "~/utils/vocabulary";
import { agencyDay } from "../agency.server";
import type { Ctx } from "../context";
import { type AgencyCounts, readAgencyCounts } from "../counts.server";
import {
  containsTerm,
  type Count,
  countMatches,
  type PageInfo,
  pageInfo,
  pageSlice,
  wordTrigram,
} from "../lists.server";
import { type ChecklistItem, checklistItemOf, type TaskListItem, taskItemOf, tasksWithPeople } from "./record.server";

// The tasks list (its filters, orders, statistics and pages), the dashboard's task figures and a
// client's tasks.

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

/**
 * One person's tasks in the dashboard's task figures ("my work": an agent's dashboard starts on
 * them): what getTaskDashboard and countTasksByStage give for the agency, counted from the
 * index of tasks by assignee.
 */
export async function getMemberTaskFigures(
  db: DB,
  ctx: Ctx,
  userId: string,
): Promise<{ tasks: TaskDashboard; lanes: Array<{ stage: ClientStatus; count: number }> }> {
  const [rows, overdue] = await Promise.all([
    db
      .selectFrom("tasks")
      .select(["stage", "is_completed", sql<number>`count(*)::int`.as("n")])
      .where("agency_id", "=", ctx.agencyId)
      .where("assigned_to", "=", userId)
      .groupBy(["stage", "is_completed"])
      .execute(),
    countOverdue(db, ctx, undefined, { assignedTo: userId }),
  ]);
  const lanes = TASK_STAGES.map((stage) => ({
    stage,
    count: rows.filter((row) => row.stage === stage).reduce((sum, row) => sum + row.n, 0),
  }));
  return {
    tasks: {
      overview: {
        totalTasks: lanes.reduce((sum, lane) => sum + lane.count, 0),
        completedTasks: rows.filter((row) => row.is_completed).reduce((sum, row) => sum + row.n, 0),
        overdueTasks: overdue,
      },
    },
    lanes,
  };
}

export interface TaskOfClient {
  id: string;
  title: string;
  stage: ClientStatus;
  priority: Priority;
  dueDate: string;
  isCompleted: boolean;
  assignee: { id: string; firstName: string; lastName: string };
  /** The placement checklist step the task was made of (done together), if any. */
  placementStep: ChecklistField | null;
}

/**
 * A client's tasks for its page: open ones first, soonest due first, then the completed ones,
 * latest due first; at most `limit`.
 */
export function listClientTasks(db: DB, ctx: Ctx, clientId: string, limit = 100): Promise<TaskOfClient[]> {
  return listTasksOf(db, ctx, "client_id", clientId, limit);
}

/** A placement's tasks: open ones first, soonest due first, then the completed ones (for the placement's page). */
export function listPlacementTasks(db: DB, ctx: Ctx, placementId: string): Promise<TaskOfClient[]> {
  return listTasksOf(db, ctx, "placement_id", placementId);
}

async function listTasksOf(
  db: DB,
  ctx: Ctx,
  column: "client_id" | "placement_id",
  id: string,
  limit = 100,
): Promise<TaskOfClient[]> {
  const rows = await db
    .selectFrom("tasks as t")
    .innerJoin("users as u", "u.id", "t.assigned_to")
    .select(["t.id", "t.title", "t.stage", "t.priority", "t.due_date", "t.is_completed", "t.placement_checklist_item"])
    .select(["u.id as assignee_id", "u.first_name", "u.last_name"])
    .where(`t.${column}`, "=", id)
    .where("t.agency_id", "=", ctx.agencyId)
    .orderBy("t.is_completed")
    .orderBy(sql`CASE WHEN t.is_completed THEN NULL ELSE t.due_date END`)
    .orderBy("t.due_date", "desc")
    .orderBy("t.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    stage: row.stage,
    priority: row.priority,
    dueDate: row.due_date,
    isCompleted: row.is_completed,
    assignee: { id: row.assignee_id, firstName: row.first_name, lastName: row.last_name },
    placementStep: row.placement_checklist_item,
  }));
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

/**
 * The search page's tasks: the first of a search's matches in the list's order (`query` as the
 * list reads `/tasks?search=…`, so "See all" goes on from them), and how many match, counted up
 * to `countCap`; without the list's statistics and checklists.
 */
export async function firstTaskMatches(
  db: DB,
  ctx: Ctx,
  query: TaskListQuery,
  countCap: number,
): Promise<Count & { tasks: TaskListItem[] }> {
  const [ids, count, { today }] = await Promise.all([
    pageIds(db, ctx, query),
    countMatches(db, filteredTasks(db, ctx, query).select("t.id"), countCap),
    agencyDay(db, ctx),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await tasksWithPeople(db).where("t.id", "in", ids).where("t.agency_id", "=", ctx.agencyId).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const tasks = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [taskItemOf(row, [], today)] : [];
  });
  return { ...count, tasks };
}

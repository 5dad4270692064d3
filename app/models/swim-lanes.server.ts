import { type RawBuilder, sql } from "kysely";
import type { BoardFilters, SwimLaneQuery } from "~/schemas/swim-lanes";
import type { DB } from "~/utils/db.server";
import {
  type CareLevel,
  type ClientStatus,
  type CommunicationType,
  HIGH_PRIORITIES,
  isTaskOverdue,
  type Priority,
  PRIORITIES,
  PROGRESS_BANDS,
  type ProgressBand,
  type Role,
  TASK_STAGES,
} from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";
import { containsPattern } from "./lists.server";
import { bestMatches, type FacilityMatch, matchableClients, toApiMatchedFacility } from "./matching.server";

// The swim-lane board (docs/swim-lanes.md): five lanes, each with its count and average progress
// over the filtered set and its first cards in the board's order; the analytics and the smart
// matching suggestions. At 100,000 tasks nothing here reads every task: counts and averages come
// from running totals when the filters allow (priority and progress band), else from one
// aggregate over the filtered set; a lane's first cards come from an index in the board's order.

export interface BoardCard {
  id: string;
  title: string;
  priority: Priority;
  stage: ClientStatus;
  progress: number;
  isCompleted: boolean;
  isOverdue: boolean;
  dueDate: string;
  estimatedPlacementDate: string | null;
  client: { id: string; firstName: string; lastName: string; careLevel: CareLevel | null } | null;
  assignee: { id: string; firstName: string; lastName: string; role: Role };
  lastCommunication: {
    id: string;
    type: CommunicationType;
    content: string;
    author: string | null;
    timestamp: string;
  } | null;
  /** The client's best facility (spec 002 §3 matchedFacilities, the first). */
  bestMatch: FacilityMatch | null;
}

export interface LaneFigures {
  count: number;
  /** Rounded; 0 for an empty lane. */
  averageProgress: number;
  completed: number;
  /** Urgent or High. */
  highPriority: number;
}

export interface Lane extends LaneFigures {
  stage: ClientStatus;
  tasks: BoardCard[];
}

export interface BoardTotals {
  total: number;
  overdue: number;
  highPriority: number;
  completed: number;
  averageProgress: number;
}

export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
  tasks: number;
  /** Rounded percent of their tasks completed. */
  completionRate: number;
  averageProgress: number;
}

export interface Suggestion {
  taskId: string;
  taskTitle: string;
  client: { id: string; firstName: string; lastName: string };
  match: FacilityMatch;
}

/** The longest last communication a card carries (the card shows two lines of it). */
const COMMUNICATION_PREVIEW = 100;

const PRIORITY_RANK: Record<Priority, number> = { Low: 1, Medium: 2, High: 3, Urgent: 4 };

const BAND_RANGES: Record<ProgressBand, [number, number]> = { low: [0, 25], medium: [25, 75], high: [75, 101] };

/** The filters as conditions on `tasks t` (search: title, client name, assignee name; see below). */
function filterConditions(ctx: Ctx, filters: BoardFilters): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`t.agency_id = ${ctx.agencyId}`];
  if (filters.priority) conditions.push(sql`t.priority_rank = ${PRIORITY_RANK[filters.priority]}`);
  if (filters.progress) {
    const [from, to] = BAND_RANGES[filters.progress];
    conditions.push(sql`t.progress >= ${from} AND t.progress < ${to}`);
  }
  if (filters.assignedTo) conditions.push(sql`t.assigned_to = ${filters.assignedTo}`);
  if (filters.search) {
    // search_text is the title, description, client name and assignee name, a line each
    // (trigram-indexed, migration task_list); the board searches all but the description.
    const pattern = containsPattern(filters.search);
    conditions.push(
      sql`t.search_text LIKE ${pattern} AND (split_part(t.search_text, E'\\n', 1) LIKE ${pattern}
        OR split_part(t.search_text, E'\\n', 3) LIKE ${pattern} OR split_part(t.search_text, E'\\n', 4) LIKE ${pattern})`,
    );
  }
  return conditions;
}

const and = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` AND `);

interface Sums {
  count: number;
  progress: number;
  completed: number;
  high: number;
}

interface Wanted {
  stage: ClientStatus;
  offset: number;
  limit: number;
}

/** The board's order of a lane's cards, as SQL over `t` (see laneSlices). */
const ORDER_RANK = (today: string) => sql`CASE WHEN t.is_completed THEN 3 WHEN t.due_date < ${today} THEN 0
  WHEN t.priority_rank = ${PRIORITY_RANK.Urgent} THEN 1 ELSE 2 END`;

const wantedValues = (lanes: Wanted[]) =>
  sql.join(
    lanes.map((l) => sql`(${l.stage}::text, ${l.offset}::int, ${l.limit}::int)`),
    sql`, `,
  );

/**
 * Each lane's figures over the filtered set and the ids of its wanted cards, in the board's
 * order: open tasks first — overdue ones (most overdue first), then urgent ones, then the rest,
 * each by due date — then completed ones, most recently due first.
 *
 * A search's matches are read once and sorted (one statement). Otherwise the figures come from
 * the running totals (priority and band) or one aggregate over an index (an assignee), and each
 * part of a lane's order reads the lane's index (tasks_lane_idx) in order, skipping the parts the
 * figures say are empty.
 */
async function laneSlices(
  db: DB,
  ctx: Ctx,
  filters: BoardFilters,
  today: string,
  wanted: Wanted[],
  counts?: AgencyCounts,
): Promise<{ sums: Map<ClientStatus, Sums>; overdue: number; ids: Map<ClientStatus, string[]> }> {
  const where = and(filterConditions(ctx, filters));
  const ids = new Map<ClientStatus, string[]>(wanted.map((l) => [l.stage, []]));
  const sums = new Map<ClientStatus, Sums>();
  if (filters.search) {
    const rows = await sql<Sums & { stage: ClientStatus; overdue: number; ids: string[] | null }>`
      WITH hits AS MATERIALIZED (
        SELECT t.id, t.stage, t.is_completed, t.due_date, t.priority_rank, t.progress FROM tasks t WHERE ${where}
      ), wanted (stage, skip, take) AS (VALUES ${wanted.length ? wantedValues(wanted) : sql`(NULL::text, 0, 0)`}),
      ranked AS MATERIALIZED (
        SELECT w.stage, c.id, c.n FROM wanted w CROSS JOIN LATERAL (
          SELECT t.id, row_number() OVER () AS n FROM (
            SELECT t.id FROM hits t WHERE t.stage = w.stage
            ORDER BY ${ORDER_RANK(today)}, CASE WHEN t.is_completed THEN NULL ELSE t.due_date END, t.due_date DESC,
              CASE WHEN t.is_completed THEN NULL ELSE t.id END, t.id DESC
            LIMIT w.skip + w.take
          ) t
        ) c WHERE c.n > w.skip
      )
      SELECT h.stage, count(*)::int AS count, coalesce(sum(h.progress), 0)::int AS progress,
             count(*) FILTER (WHERE h.is_completed)::int AS completed,
             count(*) FILTER (WHERE h.priority_rank >= ${PRIORITY_RANK.High})::int AS high,
             count(*) FILTER (WHERE NOT h.is_completed AND h.due_date < ${today})::int AS overdue,
             (SELECT array_agg(r.id ORDER BY r.n) FROM ranked r WHERE r.stage = h.stage) AS ids
        FROM hits h GROUP BY h.stage`.execute(db);
    let overdue = 0;
    for (const row of rows.rows) {
      sums.set(row.stage, row);
      overdue += row.overdue;
      if (ids.has(row.stage)) ids.set(row.stage, row.ids ?? []);
    }
    return { sums, overdue, ids };
  }

  const overdueQuery = sql<{ n: number }>`
    SELECT count(*)::int AS n FROM tasks t WHERE ${where} AND NOT t.is_completed AND t.due_date < ${today}`;
  let overdue: number;
  if (!filters.assignedTo) {
    // Read from the running totals by stage, priority and band (migration swim_lanes).
    const [count, overdueRow] = await Promise.all([counts ?? readAgencyCounts(db, ctx), overdueQuery.execute(db)]);
    overdue = overdueRow.rows[0].n;
    const priorities = PRIORITIES.filter((p) => !filters.priority || p === filters.priority);
    const bands = PROGRESS_BANDS.filter((b) => !filters.progress || b === filters.progress);
    for (const stage of TASK_STAGES) {
      const figures = { count: 0, progress: 0, completed: 0, high: 0 };
      for (const p of priorities) {
        for (const b of bands) {
          const n = count(`tasks:lane:${stage}:${p}:${b}`);
          figures.count += n;
          figures.progress += count(`tasks:lane-progress:${stage}:${p}:${b}`);
          figures.completed += count(`tasks:lane-done:${stage}:${p}:${b}`);
          if (HIGH_PRIORITIES.includes(p)) figures.high += n;
        }
      }
      sums.set(stage, figures);
    }
  } else {
    const [rows, overdueRow] = await Promise.all([
      sql<Sums & { stage: ClientStatus }>`
        SELECT t.stage, count(*)::int AS count, coalesce(sum(t.progress), 0)::int AS progress,
               count(*) FILTER (WHERE t.is_completed)::int AS completed,
               count(*) FILTER (WHERE t.priority_rank >= ${PRIORITY_RANK.High})::int AS high
          FROM tasks t WHERE ${where} GROUP BY t.stage`.execute(db),
      overdueQuery.execute(db),
    ]);
    overdue = overdueRow.rows[0].n;
    for (const row of rows.rows) sums.set(row.stage, row);
  }

  // Only the parts that hold tasks: a part the filters leave empty would be read to its end.
  const lanes = wanted.filter((l) => (sums.get(l.stage)?.count ?? 0) > l.offset);
  if (lanes.length === 0) return { sums, overdue, ids };
  const hasOpen = lanes.some((l) => sums.get(l.stage)!.count > sums.get(l.stage)!.completed);
  const hasDone = lanes.some((l) => sums.get(l.stage)!.completed > 0);
  const part = (condition: RawBuilder<unknown>, order: RawBuilder<unknown>, rank: number) => sql`
    (SELECT t.id, ${sql.lit(rank)}::int AS rank, t.due_date FROM tasks t
      WHERE ${where} AND t.stage = w.stage AND ${condition}
      ORDER BY ${order} LIMIT w.skip + w.take)`;
  const parts = [
    ...(hasOpen
      ? [
          part(sql`NOT t.is_completed AND t.due_date < ${today} AND w.open`, sql`t.due_date, t.id`, 0),
          part(
            sql`NOT t.is_completed AND t.due_date >= ${today} AND t.priority_rank = ${PRIORITY_RANK.Urgent} AND w.open`,
            sql`t.due_date, t.id`,
            1,
          ),
          part(
            sql`NOT t.is_completed AND t.due_date >= ${today} AND t.priority_rank < ${PRIORITY_RANK.Urgent} AND w.open`,
            sql`t.due_date, t.id`,
            2,
          ),
        ]
      : []),
    ...(hasDone ? [part(sql`t.is_completed AND w.done`, sql`t.due_date DESC, t.id DESC`, 3)] : []),
  ];
  const values = sql.join(
    lanes.map((l) => {
      const s = sums.get(l.stage)!;
      return sql`(${l.stage}::text, ${l.offset}::int, ${l.limit}::int, ${s.count > s.completed}::boolean, ${s.completed > 0}::boolean)`;
    }),
    sql`, `,
  );
  const rows = await sql<{ stage: ClientStatus; id: string }>`
    WITH wanted (stage, skip, take, open, done) AS (VALUES ${values})
    SELECT w.stage, c.id FROM wanted w CROSS JOIN LATERAL (
      SELECT u.id FROM (${sql.join(parts, sql` UNION ALL `)}) u
      ORDER BY u.rank, CASE WHEN u.rank = 3 THEN NULL ELSE u.due_date END, u.due_date DESC,
        CASE WHEN u.rank = 3 THEN NULL ELSE u.id END, u.id DESC
      OFFSET w.skip LIMIT w.take
    ) c`.execute(db);
  for (const row of rows.rows) ids.get(row.stage)!.push(row.id);
  return { sums, overdue, ids };
}

/** What the cards of these tasks show (the caller agency's only), in the order of `ids`. */
export async function boardCards(
  db: DB,
  ctx: Ctx,
  ids: string[],
  today: string,
  counts?: AgencyCounts,
): Promise<BoardCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("tasks as t")
    .innerJoin("users as u", "u.id", "t.assigned_to")
    .leftJoin("clients as c", "c.id", "t.client_id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("task_communications as m")
          .leftJoin("users as a", "a.id", "m.author_id")
          .select([
            "m.id",
            "m.type",
            sql<string>`left(m.content, ${COMMUNICATION_PREVIEW + 1})`.as("content"),
            "m.occurred_at",
            "a.first_name",
            "a.last_name",
          ])
          .whereRef("m.task_id", "=", "t.id")
          .orderBy("m.occurred_at", "desc")
          .orderBy("m.created_at", "desc")
          .limit(1)
          .as("m"),
      (join) => join.onTrue(),
    )
    .select([
      "t.id",
      "t.title",
      "t.priority",
      "t.stage",
      "t.progress",
      "t.is_completed",
      "t.due_date",
      "t.estimated_placement_date",
      "c.id as client_id",
      "c.first_name as client_first_name",
      "c.last_name as client_last_name",
      "c.care_level as client_care_level",
      "u.id as assignee_id",
      "u.first_name as assignee_first_name",
      "u.last_name as assignee_last_name",
      "u.role as assignee_role",
      "m.id as message_id",
      "m.type as message_type",
      "m.content as message_content",
      "m.occurred_at as message_at",
      "m.first_name as message_first_name",
      "m.last_name as message_last_name",
    ])
    .where("t.id", "in", ids)
    .where("t.agency_id", "=", ctx.agencyId)
    .execute();
  const clientIds = [...new Set(rows.flatMap((r) => (r.client_id ? [r.client_id] : [])))];
  const [clients, count] = await Promise.all([
    matchableClients(db, ctx, clientIds),
    counts ?? readAgencyCounts(db, ctx),
  ]);
  const best = await bestMatches(db, ctx, clients, count("facilities:version"));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const content = r.message_content;
    return [
      {
        id: r.id,
        title: r.title,
        priority: r.priority,
        stage: r.stage,
        progress: r.progress,
        isCompleted: r.is_completed,
        isOverdue: isTaskOverdue(r.due_date, r.is_completed, today),
        dueDate: r.due_date,
        estimatedPlacementDate: r.estimated_placement_date,
        client: r.client_id
          ? {
              id: r.client_id,
              firstName: r.client_first_name!,
              lastName: r.client_last_name!,
              careLevel: r.client_care_level ?? null,
            }
          : null,
        assignee: {
          id: r.assignee_id,
          firstName: r.assignee_first_name,
          lastName: r.assignee_last_name,
          role: r.assignee_role,
        },
        lastCommunication:
          r.message_type && content !== null
            ? {
                id: r.message_id!,
                type: r.message_type,
                content:
                  content.length > COMMUNICATION_PREVIEW ? `${content.slice(0, COMMUNICATION_PREVIEW)}…` : content,
                author: r.message_first_name ? `${r.message_first_name} ${r.message_last_name}` : null,
                timestamp: new Date(r.message_at!).toISOString(),
              }
            : null,
        bestMatch: r.client_id ? (best.get(r.client_id) ?? null) : null,
      },
    ];
  });
}

/** Team Performance: each assignee's tasks in the filtered set, most tasks first. */
export async function teamPerformance(db: DB, ctx: Ctx, filters: BoardFilters): Promise<TeamMember[]> {
  const rows = await sql<{
    id: string;
    first_name: string;
    last_name: string;
    role: Role;
    tasks: number;
    completed: number;
    progress: number;
  }>`
    SELECT u.id, u.first_name, u.last_name, u.role, s.tasks, s.completed, s.progress
      FROM (SELECT t.assigned_to, count(*)::int AS tasks, count(*) FILTER (WHERE t.is_completed)::int AS completed,
                   coalesce(sum(t.progress), 0)::int AS progress
              FROM tasks t WHERE ${and(filterConditions(ctx, filters))} GROUP BY t.assigned_to) s
      JOIN users u ON u.id = s.assigned_to
     ORDER BY s.tasks DESC, u.first_name, u.last_name`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    tasks: r.tasks,
    completionRate: Math.round((r.completed * 100) / r.tasks),
    averageProgress: Math.round(r.progress / r.tasks),
  }));
}

/**
 * Smart Matching: the best matches among the board's cards, best first, one per client, at most
 * `limit` (spec 002 §9: 6).
 */
export function smartSuggestions(cards: BoardCard[], limit: number): Suggestion[] {
  const seen = new Set<string>();
  return cards
    .filter((c) => c.client && c.bestMatch && !c.isCompleted)
    .sort(
      (a, b) => b.bestMatch!.compatibilityScore - a.bestMatch!.compatibilityScore || a.dueDate.localeCompare(b.dueDate),
    )
    .flatMap((c) => {
      if (seen.has(c.client!.id)) return [];
      seen.add(c.client!.id);
      return [
        {
          taskId: c.id,
          taskTitle: c.title,
          client: { id: c.client!.id, firstName: c.client!.firstName, lastName: c.client!.lastName },
          match: c.bestMatch!,
        },
      ];
    })
    .slice(0, limit);
}

export interface Board {
  lanes: Lane[];
  totals: BoardTotals;
  today: string;
}

/**
 * The board under `query`: every lane's figures and its shown cards (`query.shown`), or with
 * `query.stage`, that lane's cards from `offset` (the API's "more").
 */
export async function loadBoard(db: DB, ctx: Ctx, query: SwimLaneQuery, today: string): Promise<Board> {
  const wanted = query.stage
    ? [{ stage: query.stage, offset: query.offset, limit: query.limit }]
    : TASK_STAGES.map((stage) => ({ stage, offset: 0, limit: query.shown[stage] }));
  // The agency's running totals, read once: the lanes' figures and the facilities' version.
  const counts = await readAgencyCounts(db, ctx);
  const { sums, overdue, ids } = await laneSlices(db, ctx, query, today, wanted, counts);
  const cards = await boardCards(db, ctx, [...ids.values()].flat(), today, counts);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const average = (progress: number, count: number) => (count === 0 ? 0 : Math.round(progress / count));
  const lanes = TASK_STAGES.map((stage): Lane => {
    const s = sums.get(stage) ?? { count: 0, progress: 0, completed: 0, high: 0 };
    return {
      stage,
      count: s.count,
      averageProgress: average(s.progress, s.count),
      completed: s.completed,
      highPriority: s.high,
      tasks: (ids.get(stage) ?? []).flatMap((id) => byId.get(id) ?? []),
    };
  });
  const all = [...sums.values()];
  const total = all.reduce((n, s) => n + s.count, 0);
  return {
    lanes,
    totals: {
      total,
      overdue,
      highPriority: all.reduce((n, s) => n + s.high, 0),
      completed: all.reduce((n, s) => n + s.completed, 0),
      averageProgress: average(
        all.reduce((n, s) => n + s.progress, 0),
        total,
      ),
    },
    today,
  };
}

/**
 * A card as the API answers it (spec 002 §3 "Swim-lane task card"): matchedFacilities holds the
 * client's best facility, communications the latest one (GET /api/tasks/{id} has them all).
 */
export function toApiBoardCard(card: BoardCard) {
  return {
    _id: card.id,
    title: card.title,
    status: card.stage,
    priority: card.priority,
    progress: { percentage: card.progress },
    matchedFacilities: card.bestMatch ? [toApiMatchedFacility(card.bestMatch)] : [],
    isOverdue: card.isOverdue,
    isCompleted: card.isCompleted,
    client: card.client
      ? {
          _id: card.client.id,
          firstName: card.client.firstName,
          lastName: card.client.lastName,
          careLevel: card.client.careLevel,
        }
      : null,
    assignedTo: {
      _id: card.assignee.id,
      firstName: card.assignee.firstName,
      lastName: card.assignee.lastName,
      role: card.assignee.role,
    },
    dueDate: card.dueDate,
    estimatedPlacementDate: card.estimatedPlacementDate,
    communications: card.lastCommunication ? [{ _id: card.lastCommunication.id, ...card.lastCommunication }] : [],
  };
}

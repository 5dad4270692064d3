import { type InferResult, type RawBuilder, sql } from "kysely";
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
import { type AgencyCounts, readAgencyCounts, readMemberCounts, readMemberLaneCounts } from "./counts.server";
import { containsPattern, containsTerm, wordTrigram } from "./lists.server";
import { bestMatches, type FacilityMatch, matchableClients } from "./matching.server";
import { lockAtVersion, type StaleWrite } from "./versions.server";
import { taskWritten } from "./follow-work.server";
import { audit } from "./audit.server";
import { recordTaskMove } from "./notifications.server";

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
  client: {
    id: string;
    firstName: string;
    lastName: string;
    careLevel: CareLevel | null;
    /** Placed or in Follow-up, or moved in by a placement: Smart Matching leaves them out. */
    placed: boolean;
  } | null;
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

/** The database's order of text (code points), so that ties read the same everywhere. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const BAND_RANGES: Record<ProgressBand, [number, number]> = { low: [0, 25], medium: [25, 75], high: [75, 101] };

/**
 * The filters as conditions on `t`: `tasks`, or with a search `task_search`, the narrow copy of
 * what the board filters, counts and orders by (same column names; migrations task_search_counts
 * and board_search_and_team). The board searches its `board_text`: title, client name and
 * assignee name, with the same two indexes as the list's text (see containsTerm).
 */
function filterConditions(ctx: Ctx, filters: BoardFilters): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`t.agency_id = ${ctx.agencyId}`];
  if (filters.priority) conditions.push(sql`t.priority_rank = ${PRIORITY_RANK[filters.priority]}`);
  if (filters.progress) {
    const [from, to] = BAND_RANGES[filters.progress];
    conditions.push(sql`t.progress >= ${from} AND t.progress < ${to}`);
  }
  if (filters.assignedTo) conditions.push(sql`t.assigned_to = ${filters.assignedTo}`);
  if (filters.search) conditions.push(containsTerm(sql<string>`t.board_text`, filters.search, true));
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

/** The four parts of a lane's order (see laneSlices), each with its own order of `t`. */
const parts = (today: string) => [
  { rank: 0, condition: sql`NOT t.is_completed AND t.due_date < ${today}`, descending: false },
  {
    rank: 1,
    condition: sql`NOT t.is_completed AND t.due_date >= ${today} AND t.priority_rank = ${PRIORITY_RANK.Urgent}`,
    descending: false,
  },
  {
    rank: 2,
    condition: sql`NOT t.is_completed AND t.due_date >= ${today} AND t.priority_rank < ${PRIORITY_RANK.Urgent}`,
    descending: false,
  },
  { rank: 3, condition: sql`t.is_completed`, descending: true },
];

/**
 * Each lane's figures over the filtered set and the ids of its wanted cards, in the board's
 * order: open tasks first — overdue ones (most overdue first), then urgent ones, then the rest,
 * each by due date — then completed ones, most recently due first.
 *
 * Under a search, see searchSlices. Otherwise the figures come from the running totals by lane,
 * priority and band (the agency's, or one assignee's), and each part of a lane's order reads
 * the lane's index (tasks_lane_idx) in order, skipping the parts the figures say are empty.
 */
async function laneSlices(
  db: DB,
  ctx: Ctx,
  filters: BoardFilters,
  today: string,
  wanted: Wanted[],
  counts?: AgencyCounts,
): Promise<{ sums: Map<ClientStatus, Sums>; overdue: number; ids: Map<ClientStatus, string[]> }> {
  if (filters.search) return searchSlices(db, ctx, filters, today, wanted, counts ?? (await readAgencyCounts(db, ctx)));
  const where = and(filterConditions(ctx, filters));
  const ids = new Map<ClientStatus, string[]>(wanted.map((l) => [l.stage, []]));
  const sums = new Map<ClientStatus, Sums>();

  const overdueQuery = sql<{ n: number }>`
    SELECT count(*)::int AS n FROM tasks t WHERE ${where} AND NOT t.is_completed AND t.due_date < ${today}`;
  // Read from the running totals by stage, priority and band (migration swim_lanes), the agency's
  // or, for one assignee, that member's (migration member_lane_totals).
  const [count, overdueRow] = await Promise.all([
    filters.assignedTo ? readMemberLaneCounts(db, ctx, filters.assignedTo) : (counts ?? readAgencyCounts(db, ctx)),
    overdueQuery.execute(db),
  ]);
  const overdue = overdueRow.rows[0].n;
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

  // Only the parts that hold tasks: a part the filters leave empty would be read to its end.
  const lanes = wanted.filter((l) => (sums.get(l.stage)?.count ?? 0) > l.offset);
  if (lanes.length === 0) return { sums, overdue, ids };
  const hasOpen = lanes.some((l) => sums.get(l.stage)!.count > sums.get(l.stage)!.completed);
  const hasDone = lanes.some((l) => sums.get(l.stage)!.completed > 0);
  const reads = parts(today)
    .filter(({ rank }) => (rank === 3 ? hasDone : hasOpen))
    .map(({ rank, condition, descending }) => {
      const direction = sql.raw(descending ? "DESC" : "ASC");
      return sql`
        (SELECT t.id, ${sql.lit(rank)}::int AS rank, t.due_date FROM tasks t
          WHERE ${where} AND t.stage = w.stage AND ${condition} AND ${rank === 3 ? sql`w.done` : sql`w.open`}
          ORDER BY t.due_date ${direction}, t.id ${direction} LIMIT w.skip + w.take)`;
    });
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
      SELECT u.id FROM (${sql.join(reads, sql` UNION ALL `)}) u
      ORDER BY u.rank, CASE WHEN u.rank = 3 THEN NULL ELSE u.due_date END, u.due_date DESC,
        CASE WHEN u.rank = 3 THEN NULL ELSE u.id END, u.id DESC
      OFFSET w.skip LIMIT w.take
    ) c`.execute(db);
  for (const row of rows.rows) ids.get(row.stage)!.push(row.id);
  return { sums, overdue, ids };
}

/**
 * A walk down a part of a lane's index in order, testing each task's text, reads about
 * `wanted ÷ density` entries, the density being the share of the lane's tasks that match. A walk
 * is taken when that is at most WALK_EXPECTED entries, and stops after WALK_AT_MOST.
 */
const WALK_EXPECTED = 100;
const WALK_AT_MOST = 400;

type Part = { stage: ClientStatus; rank: number; need: number };
type Slot = { stage: ClientStatus; rank: number; id: string; due_date: string };

/**
 * laneSlices under a search. The figures: one pass over the matches in task_search (the narrow
 * copy, its words' trigrams indexed), grouped by lane and part of the order. The cards of each
 * part of a wanted lane that has matches: where matches are dense (a search as broad as "mar",
 * thousands of matches), a short walk down the lane's index in order, testing each task's text;
 * the other parts (and any walk that stopped short) share one pass over the matches that keeps
 * each part's first ones. The parts are then merged in the board's order.
 */
async function searchSlices(
  db: DB,
  ctx: Ctx,
  filters: BoardFilters,
  today: string,
  wanted: Wanted[],
  counts: AgencyCounts,
): Promise<{ sums: Map<ClientStatus, Sums>; overdue: number; ids: Map<ClientStatus, string[]> }> {
  const conditions = filterConditions(ctx, filters);
  const groups = await searchGroups(db, ctx, filters, conditions, today);
  const sums = new Map<ClientStatus, Sums>();
  const partCounts = new Map<string, number>();
  let overdue = 0;
  for (const g of groups) {
    const lane = sums.get(g.stage) ?? { count: 0, progress: 0, completed: 0, high: 0 };
    lane.count += g.count;
    lane.progress += g.progress;
    lane.high += g.high;
    if (g.part === 3) lane.completed += g.count;
    if (g.part === 0) overdue += g.count;
    sums.set(g.stage, lane);
    partCounts.set(`${g.stage}:${g.part}`, g.count);
  }
  const ids = new Map<ClientStatus, string[]>(wanted.map((l) => [l.stage, []]));
  const wantedParts: Part[] = wanted.flatMap((lane) =>
    lane.offset >= (sums.get(lane.stage)?.count ?? 0)
      ? []
      : [0, 1, 2, 3]
          .filter((rank) => (partCounts.get(`${lane.stage}:${rank}`) ?? 0) > 0)
          .map((rank) => ({ stage: lane.stage, rank, need: lane.offset + lane.limit })),
  );
  const matchesOf = (p: Part) => partCounts.get(`${p.stage}:${p.rank}`)!;
  const dense = (p: Part) => p.need * counts(`tasks:${p.stage}`) <= WALK_EXPECTED * sums.get(p.stage)!.count;
  const walked = await walkParts(db, ctx, filters, today, wantedParts.filter(dense));
  // A walk that found fewer than it needed while the part has more stopped short.
  const found = (p: Part) => walked.filter((r) => r.stage === p.stage && r.rank === p.rank).length;
  const rest = wantedParts.filter((p) => !dense(p) || found(p) < Math.min(p.need, matchesOf(p)));
  const sorted = await sortParts(db, conditions, today, rest);
  const isRest = (r: Slot) => rest.some((p) => p.stage === r.stage && p.rank === r.rank);
  const slots = [...walked.filter((r) => !isRest(r)), ...sorted];
  const compare = (a: Slot, b: Slot) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    const ascending = byText(a.due_date, b.due_date) || byText(a.id, b.id);
    return a.rank === 3 ? -ascending : ascending;
  };
  for (const lane of wanted) {
    const mine = slots.filter((r) => r.stage === lane.stage).sort(compare);
    ids.set(
      lane.stage,
      mine.slice(lane.offset, lane.offset + lane.limit).map((r) => r.id),
    );
  }
  return { sums, overdue, ids };
}

interface Group {
  stage: ClientStatus;
  part: number;
  count: number;
  progress: number;
  high: number;
}

/**
 * A search's matches grouped by lane and part of the lane's order (see ORDER_RANK), with their
 * count, progress and high-priority count. For a three-letter term without an assignee, the
 * completed ones (part 3) come from their running totals by trigram, stage, priority and progress
 * band (completed_board_trigrams, kept by a trigger), the open ones from the partial index of open
 * tasks' trigrams; otherwise every match is grouped.
 */
async function searchGroups(
  db: DB,
  ctx: Ctx,
  filters: BoardFilters,
  conditions: RawBuilder<unknown>[],
  today: string,
): Promise<Group[]> {
  const trigram = filters.assignedTo ? null : wordTrigram(filters.search ?? "");
  const grouped = (open: boolean) => sql<Group>`
    SELECT t.stage, ${ORDER_RANK(today)} AS part, count(*)::int AS count, sum(t.progress)::int AS progress,
           count(*) FILTER (WHERE t.priority_rank >= ${PRIORITY_RANK.High})::int AS high
      FROM task_search t WHERE ${and(conditions)} ${open ? sql`AND NOT t.is_completed` : sql``} GROUP BY 1, 2`;
  if (!trigram) return (await grouped(false).execute(db)).rows;
  const [open, completed] = await Promise.all([
    grouped(true).execute(db),
    db
      .selectFrom("completed_board_trigrams")
      .select([
        "stage",
        sql<number>`sum(tasks)::int`.as("count"),
        sql<number>`sum(progress)::int`.as("progress"),
        sql<number>`coalesce(sum(tasks) FILTER (WHERE priority_rank >= ${PRIORITY_RANK.High}), 0)::int`.as("high"),
      ])
      .where("agency_id", "=", ctx.agencyId)
      .where("trigram", "=", trigram)
      .$if(Boolean(filters.priority), (qb) => qb.where("priority_rank", "=", PRIORITY_RANK[filters.priority!]))
      .$if(Boolean(filters.progress), (qb) => qb.where("band", "=", filters.progress!))
      .groupBy("stage")
      .having(sql<boolean>`sum(tasks) > 0`)
      .execute(),
  ]);
  return [...open.rows, ...completed.map((c) => ({ ...c, part: 3 }))];
}

/** Each part's first matches, read by walking the lane's index in order (see searchSlices). */
async function walkParts(db: DB, ctx: Ctx, filters: BoardFilters, today: string, wanted: Part[]): Promise<Slot[]> {
  if (wanted.length === 0) return [];
  // The filters but the search, on `tasks` (the lane index carries them).
  const others = and(filterConditions(ctx, { ...filters, search: undefined }));
  const pattern = containsPattern(filters.search ?? "");
  const ranks = new Set(wanted.map((p) => p.rank));
  // One statement, each part of the order planned once for every lane that walks it.
  const reads = parts(today)
    .filter(({ rank }) => ranks.has(rank))
    .map(({ rank, condition, descending }) => {
      const direction = sql.raw(descending ? "DESC" : "ASC");
      return sql`
        (SELECT x.id, x.due_date FROM (
           SELECT t.id, t.due_date FROM tasks t WHERE ${others} AND t.stage = p.stage AND ${condition}
            ORDER BY t.due_date ${direction}, t.id ${direction} LIMIT ${WALK_AT_MOST}
         ) x WHERE p.rank = ${sql.lit(rank)}
              AND EXISTS (SELECT 1 FROM task_search s WHERE s.task_id = x.id AND s.board_text LIKE ${pattern})
         ORDER BY x.due_date ${direction}, x.id ${direction} LIMIT p.need)`;
    });
  const values = sql.join(
    wanted.map((p) => sql`(${p.stage}::text, ${p.rank}::int, ${p.need}::int)`),
    sql`, `,
  );
  const rows = await sql<Slot>`
    WITH p (stage, rank, need) AS (VALUES ${values})
    SELECT p.stage, p.rank, c.id, c.due_date::text AS due_date
      FROM p CROSS JOIN LATERAL (${sql.join(reads, sql` UNION ALL `)}) c`.execute(db);
  return rows.rows;
}

/** Each part's first matches, from one pass over all the matches (see searchSlices). */
async function sortParts(db: DB, conditions: RawBuilder<unknown>[], today: string, wanted: Part[]): Promise<Slot[]> {
  if (wanted.length === 0) return [];
  const keys = sql.join(
    wanted.map((p) => sql`(${p.stage}::text, ${p.rank}::int)`),
    sql`, `,
  );
  const need = Math.max(...wanted.map((p) => p.need));
  const rows = await sql<Slot>`
    SELECT stage, rank, id, due_date FROM (
      SELECT t.stage, ${ORDER_RANK(today)} AS rank, t.task_id AS id, t.due_date::text AS due_date,
             row_number() OVER (PARTITION BY t.stage, ${ORDER_RANK(today)}
               ORDER BY CASE WHEN t.is_completed THEN NULL ELSE t.due_date END, t.due_date DESC,
                 CASE WHEN t.is_completed THEN NULL ELSE t.task_id END, t.task_id DESC) AS n
        FROM task_search t WHERE ${and(conditions)} AND (t.stage, ${ORDER_RANK(today)}) IN (${keys})
    ) ranked WHERE n <= ${need}`.execute(db);
  return rows.rows;
}

/** The rows of these tasks' cards (the caller agency's only): the task, its people, its last communication. */
function cardRows(db: DB, ctx: Ctx, ids: string[]) {
  return db
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
      sql<boolean>`(c.tracker_status IN ('Placed', 'Follow-up') OR EXISTS (SELECT 1 FROM placements p
        WHERE p.agency_id = t.agency_id AND p.client_id = c.id AND p.status = 'Completed' AND p.end_date IS NULL))`.as(
        "client_placed",
      ),
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
    .where("t.agency_id", "=", ctx.agencyId);
}

/** What one card shows, from its row and its client's best facility. */
function cardOf(
  r: InferResult<ReturnType<typeof cardRows>>[number],
  today: string,
  bestMatch: FacilityMatch | null,
): BoardCard {
  const content = r.message_content;
  return {
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
          placed: Boolean(r.client_placed),
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
            content: content.length > COMMUNICATION_PREVIEW ? `${content.slice(0, COMMUNICATION_PREVIEW)}…` : content,
            author: r.message_first_name ? `${r.message_first_name} ${r.message_last_name}` : null,
            timestamp: new Date(r.message_at!).toISOString(),
          }
        : null,
    bestMatch,
  };
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
  const rows = await cardRows(db, ctx, ids).execute();
  const clientIds = [...new Set(rows.flatMap((r) => (r.client_id ? [r.client_id] : [])))];
  const [clients, count] = await Promise.all([
    matchableClients(db, ctx, clientIds),
    counts ?? readAgencyCounts(db, ctx),
  ]);
  const best = await bestMatches(db, ctx, clients, count("facilities:version"));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [cardOf(r, today, r.client_id ? (best.get(r.client_id) ?? null) : null)] : [];
  });
}

/**
 * Team Performance: each assignee's tasks in the filtered set, most tasks first. Under the
 * Priority, Progress and Assignee filters the running totals per member answer; a search counts
 * its matches.
 */
export async function teamPerformance(db: DB, ctx: Ctx, filters: BoardFilters): Promise<TeamMember[]> {
  const figures = new Map<string, Omit<Sums, "high">>();
  if (filters.search) {
    const rows = await sql<Omit<Sums, "high"> & { assigned_to: string }>`
      SELECT t.assigned_to, count(*)::int AS count, count(*) FILTER (WHERE t.is_completed)::int AS completed,
             coalesce(sum(t.progress), 0)::int AS progress
        FROM task_search t WHERE ${and(filterConditions(ctx, filters))} GROUP BY t.assigned_to`.execute(db);
    for (const { assigned_to, ...sums } of rows.rows) figures.set(assigned_to, sums);
  } else {
    const { counts, names } = await readMemberCounts(db, ctx);
    const members = new Set(names.flatMap((name) => (name.startsWith("tasks:member:") ? [name.split(":")[2]] : [])));
    const priorities = PRIORITIES.filter((p) => !filters.priority || p === filters.priority);
    const bands = PROGRESS_BANDS.filter((b) => !filters.progress || b === filters.progress);
    for (const member of members) {
      if (filters.assignedTo && member !== filters.assignedTo) continue;
      const sums = { count: 0, completed: 0, progress: 0 };
      for (const p of priorities) {
        for (const b of bands) {
          sums.count += counts(`tasks:member:${member}:${p}:${b}`);
          sums.completed += counts(`tasks:member-done:${member}:${p}:${b}`);
          sums.progress += counts(`tasks:member-progress:${member}:${p}:${b}`);
        }
      }
      if (sums.count > 0) figures.set(member, sums);
    }
  }
  if (figures.size === 0) return [];
  const users = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "role"])
    .where("agency_id", "=", ctx.agencyId)
    .where("id", "in", [...figures.keys()])
    .execute();
  return users
    .map((u) => {
      const f = figures.get(u.id)!;
      return {
        id: u.id,
        firstName: u.first_name,
        lastName: u.last_name,
        role: u.role,
        tasks: f.count,
        completionRate: Math.round((f.completed * 100) / f.count),
        averageProgress: Math.round(f.progress / f.count),
      };
    })
    .sort((a, b) => b.tasks - a.tasks || byText(a.firstName, b.firstName) || byText(a.lastName, b.lastName));
}

/**
 * Smart Matching: the best matches among the board's cards, best first, one per client, at most
 * `limit` (spec 002 §9: 6). A client who is placed (or moved in) needs no facility: left out.
 */
export function smartSuggestions(cards: BoardCard[], limit: number): Suggestion[] {
  const seen = new Set<string>();
  return cards
    .filter((c) => c.client && !c.client.placed && c.bestMatch && !c.isCompleted)
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

// ─────────────────────────────── moves ───────────────────────────────

/** The position after the last task of a lane: where a new or moved task goes. */
export function endOfLane(ctx: Ctx, stage: ClientStatus) {
  return sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM tasks WHERE agency_id = ${ctx.agencyId} AND stage = ${stage})`;
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
        position: endOfLane(ctx, to),
        updated_by: ctx.userId,
      })
      .where("id", "=", id)
      .execute();
    await audit(trx, ctx, { action: "update", entity: "task", id, details: { fields: ["position", "stage"] } });
    // Moved by someone else: its assignee is told (the bell, the daily digest).
    await recordTaskMove(trx, ctx, current, { from: current.stage, to });
    // The client's status follows the furthest stage of their open tasks.
    await taskWritten(trx, ctx, current.client_id);
    return { ok: true, id, stage: to } as const;
  });
}

// The swim-lane board (docs/swim-lanes.md): each lane's figures and cards under every filter, in
// the board's order; tasks.progress and its bands; the analytics; moves between lanes; a task's
// communications; GET /api/tasks/swim-lanes with its "more" and "Show more"; and the running totals
// the board reads. Every expectation is counted here again, from the rows the test wrote (or with
// plain SQL), never with the functions under test.
import { type Insertable, sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { agencyDay, setAgencyTimeZone } from "~/models/agency.server";
import { loadBoard, moveTask, teamPerformance } from "~/models/swim-lanes.server";
import { createSession } from "~/models/session.server";
import { setChecklistItem, setTaskCompleted } from "~/models/tasks/writes.server";
import { action as screenAction, loader as screenLoader } from "~/routes/_app.swim-lanes";
import { loader as taskLoader } from "~/routes/api.tasks.$id";
import { action as communicationsAction } from "~/routes/api.tasks.$id_.communications";
import { action as statusAction } from "~/routes/api.tasks.$id_.status";
import { loader as swimLanesLoader } from "~/routes/api.tasks.swim-lanes";
import { LANE_CARDS, SwimLaneQuerySchema } from "~/schemas/swim-lanes";
import { takeToast, toastCookie } from "~/services/session.server";
import { TOAST_TEXT_LIMITS } from "~/utils/toast";
import type { TasksTable } from "~/utils/db-types";
import { addDays } from "~/utils/days";
import type { ClientStatus, Priority } from "~/utils/vocabulary";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createTask, createUser, type TestUser } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, get, settle } from "../support/http";
import { type Json, signInNewAgency } from "../support/api";

const db = testDb();

const STAGES: ClientStatus[] = ["New Client", "Active Client", "Target", "Placed", "Follow-up"];
const SLUGS: Record<ClientStatus, string> = {
  "New Client": "new-client",
  "Active Client": "active-client",
  Target: "target",
  Placed: "placed",
  "Follow-up": "follow-up",
};
const PRIORITY_LIST: Priority[] = ["Low", "Medium", "High", "Urgent"];
type Band = "low" | "medium" | "high";

let user: TestUser;
let token: string;
let cookie: string;
let today: string;

const ctx = () => ({ userId: user.id, agencyId: user.agency_id });

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
  // A fixed zone, so that "today" (and so overdue) does not depend on where the tests run.
  await setAgencyTimeZone(db, ctx(), "UTC");
  today = (await agencyDay(db, ctx())).today;
});

/** "YYYY-MM-DD", `days` from the agency's today. */
function day(days: number): string {
  return addDays(today, days);
}

// ───────────────────────────── the recount ─────────────────────────────

interface Row {
  id: string;
  title: string;
  description: string | null;
  stage: ClientStatus;
  priority: Priority;
  due_date: string;
  is_completed: boolean;
  assigned_to: string;
  client_name: string | null;
  assignee_name: string;
  items: number;
  done: number;
  /** tasks.progress as stored (compared with `progressOf`, never used as the expectation). */
  stored_progress: number;
}

/** An agency's tasks as plain rows, with their checklists counted. */
async function readRows(agencyId: string = user.agency_id): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT t.id, t.title, t.description, t.stage, t.priority, t.due_date::text AS due_date, t.is_completed,
           t.assigned_to, c.first_name || ' ' || c.last_name AS client_name,
           u.first_name || ' ' || u.last_name AS assignee_name,
           (SELECT count(*) FROM task_checklist_items i WHERE i.task_id = t.id)::int AS items,
           (SELECT count(*) FROM task_checklist_items i WHERE i.task_id = t.id AND i.is_completed)::int AS done,
           t.progress AS stored_progress
      FROM tasks t JOIN users u ON u.id = t.assigned_to LEFT JOIN clients c ON c.id = t.client_id
     WHERE t.agency_id = ${agencyId}`.execute(db);
  return rows;
}

/** The percent of the checklist done, rounded (halves up); without items 100 when completed, else 0. */
function progressOf(r: Pick<Row, "items" | "done" | "is_completed">): number {
  if (r.items === 0) return r.is_completed ? 100 : 0;
  // Whole-number arithmetic: done * 100 / items, rounded half up.
  const q = Math.floor((r.done * 100) / r.items);
  const rest = r.done * 100 - q * r.items;
  return rest * 2 >= r.items ? q + 1 : q;
}

function bandOf(progress: number): Band {
  if (progress < 25) return "low";
  if (progress < 75) return "medium";
  return "high";
}

interface Filters {
  search?: string;
  priority?: Priority;
  progress?: Band;
  assignedTo?: string;
}

function passes(r: Row, f: Filters): boolean {
  if (f.priority && r.priority !== f.priority) return false;
  if (f.progress && bandOf(progressOf(r)) !== f.progress) return false;
  if (f.assignedTo && r.assigned_to !== f.assignedTo) return false;
  if (f.search) {
    const term = f.search.trim().toLowerCase();
    const fields = [r.title, r.client_name ?? "", r.assignee_name].map((s) => s.toLowerCase());
    if (!fields.some((s) => s.includes(term))) return false;
  }
  return true;
}

/** The card's place in the board's order: overdue, urgent, the rest (each by due date), then completed (latest due first). */
function rankOf(r: Row): number {
  if (r.is_completed) return 3;
  if (r.due_date < today) return 0;
  if (r.priority === "Urgent") return 1;
  return 2;
}

function compareBoard(a: Row, b: Row): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra - rb;
  if (ra === 3) return b.due_date.localeCompare(a.due_date);
  return a.due_date.localeCompare(b.due_date);
}

/** What decides a card's place (ties among equal keys may go either way). */
const keyOf = (r: Row) => `${rankOf(r)} ${r.due_date}`;

const round = (n: number) => Math.round(n);
const average = (rows: Row[]) =>
  rows.length === 0 ? 0 : round(rows.reduce((s, r) => s + progressOf(r), 0) / rows.length);
const isHigh = (r: Row) => r.priority === "High" || r.priority === "Urgent";

function expectedFigures(rows: Row[]) {
  return {
    count: rows.length,
    averageProgress: average(rows),
    completed: rows.filter((r) => r.is_completed).length,
    highPriority: rows.filter(isHigh).length,
  };
}

function query(filters: Filters & { stage?: string; offset?: string; limit?: string }) {
  return SwimLaneQuerySchema.parse(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)));
}

/**
 * The board under `filters` (each lane `limit` cards) against the recount: each lane's figures,
 * its cards (all of the lane's, none twice, in the board's order) and the totals.
 */
async function expectBoardMatchesRecount(filters: Filters, limit = 100, label = JSON.stringify(filters)) {
  const rows = await readRows();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const matching = rows.filter((r) => passes(r, filters));
  const board = await loadBoard(db, ctx(), query({ ...filters, limit: String(limit) }), today);
  expect(
    board.lanes.map((l) => l.stage),
    label,
  ).toEqual(STAGES);
  for (const lane of board.lanes) {
    const expected = matching.filter((r) => r.stage === lane.stage).sort(compareBoard);
    const where = `${label} ${lane.stage}`;
    const { tasks, stage: _stage, ...figures } = lane;
    expect(figures, where).toEqual(expectedFigures(expected));
    const ids = tasks.map((c) => c.id);
    expect(new Set(ids).size, `${where}: a card twice`).toBe(ids.length);
    for (const id of ids)
      expect(
        expected.map((r) => r.id),
        `${where}: a card that does not pass`,
      ).toContain(id);
    expect(
      ids.map((id) => keyOf(byId.get(id)!)),
      `${where}: order`,
    ).toEqual(expected.slice(0, limit).map(keyOf));
    for (const card of tasks) {
      const r = byId.get(card.id)!;
      expect(
        { stage: card.stage, progress: card.progress, isOverdue: card.isOverdue, isCompleted: card.isCompleted },
        where,
      ).toEqual({
        stage: r.stage,
        progress: progressOf(r),
        isOverdue: !r.is_completed && r.due_date < today,
        isCompleted: r.is_completed,
      });
    }
  }
  expect(board.totals, label).toEqual({
    total: matching.length,
    overdue: matching.filter((r) => !r.is_completed && r.due_date < today).length,
    highPriority: matching.filter(isHigh).length,
    completed: matching.filter((r) => r.is_completed).length,
    averageProgress: average(matching),
  });
  return { board, matching };
}

/**
 * The running totals of the lanes ("tasks:lane…") and of the team members ("tasks:member…"), as
 * stored and as counted again with plain SQL, per agency.
 */
async function laneTotals(): Promise<{ stored: Record<string, number>; recounted: Record<string, number> }> {
  const stored = await sql<{ agency_id: string; name: string; value: string }>`
    SELECT agency_id, name, value::text FROM agency_counts
     WHERE (starts_with(name, 'tasks:lane') OR starts_with(name, 'tasks:member')) AND value <> 0`.execute(db);
  const recounted = await sql<{ agency_id: string; name: string; value: string }>`
    WITH p AS (
      SELECT t.agency_id, t.stage, t.priority, t.is_completed, t.assigned_to,
             CASE WHEN count(i.id) = 0 THEN CASE WHEN t.is_completed THEN 100 ELSE 0 END
                  ELSE floor(count(i.id) FILTER (WHERE i.is_completed) * 100.0 / count(i.id) + 0.5) END AS progress
        FROM tasks t LEFT JOIN task_checklist_items i ON i.task_id = t.id
       GROUP BY t.id
    ), b AS (
      SELECT *, stage || ':' || priority || ':' ||
             CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END AS lane,
             assigned_to || ':' || priority || ':' ||
             CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END AS member,
             assigned_to || ':' AS who
        FROM p
    )
    SELECT agency_id, name, value::text FROM (
      SELECT agency_id, 'tasks:lane:' || lane AS name, count(*)::bigint AS value FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:lane-done:' || lane, count(*) FILTER (WHERE is_completed)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:lane-progress:' || lane, sum(progress)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member:' || member, count(*)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member-done:' || member, count(*) FILTER (WHERE is_completed)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member-progress:' || member, sum(progress)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member-lane:' || who || 'count:' || lane, count(*)::bigint FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member-lane:' || who || 'done:' || lane, count(*) FILTER (WHERE is_completed)::bigint
        FROM b GROUP BY 1, 2
      UNION ALL
      SELECT agency_id, 'tasks:member-lane:' || who || 'progress:' || lane, sum(progress)::bigint FROM b GROUP BY 1, 2
    ) x WHERE value <> 0`.execute(db);
  const toRecord = (rows: { agency_id: string; name: string; value: string }[]) =>
    Object.fromEntries(rows.map((r) => [`${r.agency_id} ${r.name}`, Number(r.value)]).sort());
  return { stored: toRecord(stored.rows), recounted: toRecord(recounted.rows) };
}

async function expectLaneTotalsExact(label: string) {
  const { stored, recounted } = await laneTotals();
  expect(Object.keys(recounted).length, label).toBeGreaterThan(0);
  expect(stored, label).toEqual(recounted);
  // The narrow copy a search reads (task_search) follows every task.
  const copies = await sql<{ id: string; differs: boolean }>`
    SELECT t.id, s.task_id IS NULL
        OR (s.agency_id, s.stage, s.is_completed, s.due_date, s.priority_rank, s.progress, s.assigned_to, s.board_text)
           IS DISTINCT FROM (t.agency_id, t.stage, t.is_completed, t.due_date, t.priority_rank, t.progress, t.assigned_to,
             split_part(t.search_text, E'\n', 1) || E'\n' || split_part(t.search_text, E'\n', 3) || E'\n'
             || split_part(t.search_text, E'\n', 4)) AS differs
      FROM tasks t LEFT JOIN task_search s ON s.task_id = t.id`.execute(db);
  expect(copies.rows.length, label).toBeGreaterThan(0);
  expect(
    copies.rows.filter((r) => r.differs).map((r) => r.id),
    label,
  ).toEqual([]);
}

async function expectStoredProgressExact(label: string) {
  const rows = await sql<{ id: string; items: number; done: number; is_completed: boolean; stored_progress: number }>`
    SELECT t.id, t.is_completed, t.progress AS stored_progress,
           (SELECT count(*) FROM task_checklist_items i WHERE i.task_id = t.id)::int AS items,
           (SELECT count(*) FROM task_checklist_items i WHERE i.task_id = t.id AND i.is_completed)::int AS done
      FROM tasks t`.execute(db);
  for (const r of rows.rows) expect(r.stored_progress, `${label}: task ${r.id}`).toBe(progressOf(r));
}

// ───────────────────────────── the data ─────────────────────────────

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
  };
}

async function checklist(taskId: string, items: boolean[], agencyId: string = user.agency_id) {
  if (items.length === 0) return;
  await db
    .insertInto("task_checklist_items")
    .values(
      items.map((done, position) => ({
        agency_id: agencyId,
        task_id: taskId,
        text: `Step ${position + 1}`,
        is_completed: done,
        completed_at: done ? new Date() : null,
        position,
      })),
    )
    .execute();
}

const doneOf = (items: number, done: number) => Array.from({ length: items }, (_, i) => i < done);

interface Board {
  priya: TestUser;
  leo: TestUser;
  other: { agencyId: string; user: TestUser; taskIds: string[] };
}

const TITLES = ["Call the family", "Facility visit", "Paperwork", "Assessment", "Tour booking", "Insurance check"];

/**
 * 90 tasks of the caller's agency over the five lanes (every priority, overdue, due today and
 * later, completed, checklists from none to five items, three assignees, three clients or none;
 * "zebrawood" only in descriptions), and another agency's tasks that share titles and names.
 */
async function seedBoard(): Promise<Board> {
  const rng = random(20261128);
  const priya = await createUser(db, { agencyId: user.agency_id, first_name: "Priya", last_name: "Shah" });
  const leo = await createUser(db, { agencyId: user.agency_id, first_name: "Leo", last_name: "Brandt" });
  const clients = [
    await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" }),
    await createClient(db, { agencyId: user.agency_id, first_name: "Walter", last_name: "Kim" }),
    await createClient(db, { agencyId: user.agency_id, first_name: "Nadia", last_name: "Okafor" }),
  ];
  const assignees = [user, priya, leo];
  const values = Array.from({ length: 90 }, (_, i) => {
    const completed = rng.chance(0.3);
    return {
      agency_id: user.agency_id,
      title: `${rng.pick(TITLES)} ${i + 1}`,
      description: rng.chance(0.3) ? "Bring the zebrawood cabinet key" : rng.chance(0.5) ? "Routine" : null,
      stage: rng.pick(STAGES),
      priority: rng.pick(PRIORITY_LIST),
      due_date: day(rng.int(-6, 6)),
      is_completed: completed,
      completed_at: completed ? new Date() : null,
      assigned_to: rng.pick(assignees).id,
      client_id: rng.chance(0.25) ? null : rng.pick(clients).id,
    };
  });
  const tasks = await db.insertInto("tasks").values(values).returning("id").execute();
  const items = tasks.flatMap((t) => {
    const n = rng.int(0, 5);
    const done = rng.int(0, n);
    return doneOf(n, done).map((isDone, position) => ({
      agency_id: user.agency_id,
      task_id: t.id,
      text: `Step ${position + 1}`,
      is_completed: isDone,
      position,
    }));
  });
  await db.insertInto("task_checklist_items").values(items).execute();

  // Another agency: the same names and titles, in every lane, never on this agency's board.
  const agency = await createAgency(db);
  const otherUser = await createUser(db, { agencyId: agency.id, first_name: "Priya", last_name: "Shah" });
  const otherClient = await createClient(db, { agencyId: agency.id, first_name: "Ruth", last_name: "Adler" });
  const taskIds: string[] = [];
  for (const [i, stage] of STAGES.entries()) {
    for (const priority of ["Urgent", "High"] as const) {
      const t = await createTask(db, {
        agencyId: agency.id,
        title: `Facility visit elsewhere ${i}`,
        description: "zebrawood",
        stage,
        priority,
        due_date: day(-3 + i),
        assigned_to: otherUser.id,
        client_id: otherClient.id,
      });
      await checklist(t.id, doneOf(4, i % 5), agency.id);
      taskIds.push(t.id);
    }
  }
  return { priya, leo, other: { agencyId: agency.id, user: otherUser, taskIds } };
}

// ───────────────────────────── the API ─────────────────────────────

type Handler = (a: ReturnType<typeof args>) => unknown;

async function call(handler: Handler, request: Request, params: Record<string, string> = {}) {
  const response = await settle(handler(args(request, params)));
  return { status: response.status, json: (await response.json()) as Json };
}

/** `as`: the bearer token ("" for none). */
const lanesApi = (search = "", as: string = token) =>
  call(swimLanesLoader, apiRequest(`/api/tasks/swim-lanes${search}`, { token: as }));

const patchStatus = (id: string, body: unknown, as: string = token) =>
  call(statusAction, apiRequest(`/api/tasks/${id}/status`, { method: "PATCH", body, token: as }), { id });

const postCommunication = (id: string, body: unknown, as: string = token) =>
  call(communicationsAction, apiRequest(`/api/tasks/${id}/communications`, { method: "POST", body, token: as }), {
    id,
  });

const readTask = (id: string) => call(taskLoader, apiRequest(`/api/tasks/${id}`, { token }), { id });

async function stageOf(id: string) {
  return await db
    .selectFrom("tasks")
    .select(["stage", "position", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

// ───────────────────────────── 1. lanes and order ─────────────────────────────

describe("the board's lanes under every filter", () => {
  let seeded: Board;
  beforeEach(async () => {
    seeded = await seedBoard();
  });

  it("the fixture covers what the filters and the order tell apart", async () => {
    const rows = await readRows();
    // Otherwise the comparisons below would prove little.
    expect(rows.length).toBe(90);
    for (const stage of STAGES) expect(rows.filter((r) => r.stage === stage).length, stage).toBeGreaterThan(10);
    for (const band of ["low", "medium", "high"] as const) {
      expect(rows.filter((r) => bandOf(progressOf(r)) === band).length, band).toBeGreaterThan(5);
    }
    expect(rows.filter((r) => rankOf(r) === 0).length).toBeGreaterThan(5);
    expect(rows.filter((r) => rankOf(r) === 1).length).toBeGreaterThan(2);
    expect(rows.filter((r) => rankOf(r) === 2).length).toBeGreaterThan(5);
    expect(rows.filter((r) => rankOf(r) === 3).length).toBeGreaterThan(5);
    expect(rows.filter((r) => !r.is_completed && r.due_date === today).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.description?.includes("zebrawood")).length).toBeGreaterThan(5);
  });

  it("with no filter, by Priority, by each Progress band, by assignee: counts, figures and order as recounted", async () => {
    const { priya, leo } = seeded;
    const filters: Filters[] = [
      {},
      ...PRIORITY_LIST.map((priority) => ({ priority })),
      { progress: "low" },
      { progress: "medium" },
      { progress: "high" },
      { assignedTo: priya.id },
      { assignedTo: leo.id },
      { assignedTo: user.id },
    ];
    for (const f of filters) {
      const { matching } = await expectBoardMatchesRecount(f);
      if (Object.keys(f).length > 0) expect(matching.length, JSON.stringify(f)).toBeGreaterThan(0);
      // The first ten cards of each lane (the board's default) too.
      await expectBoardMatchesRecount(f, 10, `${JSON.stringify(f)} limit 10`);
    }
  });

  it("search reads the title, the client's name and the assignee's name (any case), never the description", async () => {
    const searches = [
      "visit",
      "FACILITY VISIT",
      "adler",
      "Ruth Adl",
      "kim",
      "priya",
      "priya sha",
      "leo brandt",
      "  call  ",
    ];
    for (const search of searches) {
      const { matching } = await expectBoardMatchesRecount({ search });
      expect(matching.length, search).toBeGreaterThan(0);
      await expectBoardMatchesRecount({ search }, 10, `${search} limit 10`);
    }
    // Only descriptions hold it: nothing matches, in any lane.
    const { board } = await expectBoardMatchesRecount({ search: "zebrawood" });
    expect(board.totals.total).toBe(0);
    // Three letters (read from the words' trigrams): the same.
    expect((await expectBoardMatchesRecount({ search: "zeb" })).board.totals.total).toBe(0);
    expect(board.lanes.every((l) => l.count === 0 && l.tasks.length === 0)).toBe(true);
    // A term spanning the title and the description is no match either.
    expect((await loadBoard(db, ctx(), query({ search: "1\nbring" }), today)).totals.total).toBe(0);
    // LIKE's wildcards are plain characters.
    expect((await loadBoard(db, ctx(), query({ search: "%" }), today)).totals.total).toBe(0);
    expect((await loadBoard(db, ctx(), query({ search: "_" }), today)).totals.total).toBe(0);
  });

  it("filters combine", async () => {
    const { priya, leo } = seeded;
    const combos: Filters[] = [
      { priority: "High", progress: "medium" },
      { priority: "Urgent", progress: "low", assignedTo: priya.id },
      { assignedTo: leo.id, progress: "high" },
      { search: "visit", priority: "Urgent" },
      { search: "adler", progress: "medium" },
      { search: "priya", assignedTo: priya.id },
      { search: "priya", assignedTo: leo.id },
      { search: "a", priority: "Low", progress: "low", assignedTo: user.id },
    ];
    let nonEmpty = 0;
    for (const f of combos) {
      const { matching } = await expectBoardMatchesRecount(f);
      if (matching.length > 0) nonEmpty += 1;
      await expectBoardMatchesRecount(f, 3, `${JSON.stringify(f)} limit 3`);
    }
    expect(nonEmpty).toBeGreaterThan(5);
  });

  it("order: overdue (most overdue first), then urgent by due date, then the rest by due date, then completed (latest due first)", async () => {
    // A lane of its own, with known tasks: the expected order written out by hand.
    await db.deleteFrom("tasks").where("agency_id", "=", user.agency_id).execute();
    const t = (title: string, due: number, priority: Priority, completed = false) =>
      createTask(db, {
        agencyId: user.agency_id,
        assigned_to: user.id,
        stage: "Target",
        title,
        due_date: day(due),
        priority,
        is_completed: completed,
      });
    await t("rest later", 5, "High");
    await t("done long ago", -9, "Urgent", true);
    await t("urgent later", 4, "Urgent");
    await t("overdue 1 day", -1, "Low");
    await t("rest soon", 1, "Low");
    await t("urgent today", 0, "Urgent");
    await t("done recently", 3, "Low", true);
    await t("overdue 5 days", -5, "Medium");
    await t("overdue urgent 2 days", -2, "Urgent");
    await t("rest today", 0, "Medium");
    await t("done yesterday", -1, "High", true);
    const expected = [
      "overdue 5 days",
      "overdue urgent 2 days",
      "overdue 1 day",
      "urgent today",
      "urgent later",
      "rest today",
      "rest soon",
      "rest later",
      "done recently",
      "done yesterday",
      "done long ago",
    ];
    for (const search of [undefined, "morgan"]) {
      for (const assignedTo of [undefined, user.id]) {
        const board = await loadBoard(db, ctx(), query({ search, assignedTo }), today);
        const lane = board.lanes.find((l) => l.stage === "Target")!;
        expect(
          lane.tasks.map((c) => c.title),
          `${search} ${assignedTo}`,
        ).toEqual(expected.slice(0, LANE_CARDS));
        const more = await loadBoard(
          db,
          ctx(),
          query({ search, assignedTo, stage: "target", offset: String(LANE_CARDS) }),
          today,
        );
        expect(more.lanes.find((l) => l.stage === "Target")!.tasks.map((c) => c.title)).toEqual(
          expected.slice(LANE_CARDS, 2 * LANE_CARDS),
        );
      }
    }
  });
});

// ───────────────────────────── 2. progress ─────────────────────────────

describe("progress and its bands", () => {
  /** Tasks in Target, titled "Band …", with checklists of `items` of which `done` are done. */
  const cases = [
    { title: "Band quarter", items: 4, done: 1, completed: false, progress: 25, band: "medium" },
    { title: "Band three quarters", items: 4, done: 3, completed: false, progress: 75, band: "high" },
    { title: "Band done bare", items: 0, done: 0, completed: true, progress: 100, band: "high" },
    { title: "Band open bare", items: 0, done: 0, completed: false, progress: 0, band: "low" },
    { title: "Band eighth", items: 8, done: 1, completed: false, progress: 13, band: "low" },
    { title: "Band two thirds", items: 3, done: 2, completed: false, progress: 67, band: "medium" },
    { title: "Band just low", items: 25, done: 6, completed: false, progress: 24, band: "low" },
    { title: "Band just medium", items: 50, done: 37, completed: false, progress: 74, band: "medium" },
    { title: "Band all ticked open", items: 4, done: 4, completed: false, progress: 100, band: "high" },
    { title: "Band done half", items: 2, done: 1, completed: true, progress: 50, band: "medium" },
  ] as const;

  let ids: Record<string, string>;

  beforeEach(async () => {
    ids = {};
    for (const c of cases) {
      const t = await createTask(db, {
        agencyId: user.agency_id,
        assigned_to: user.id,
        stage: "Target",
        title: c.title,
        is_completed: c.completed,
      });
      await checklist(t.id, doneOf(c.items, c.done));
      ids[c.title] = t.id;
    }
  });

  const progressById = async () =>
    Object.fromEntries(
      (await db.selectFrom("tasks").select(["id", "progress"]).execute()).map((r) => [r.id, r.progress]),
    );

  it("tasks.progress is the rounded percent done (100 when completed without items, else 0); 25 and 75 open their bands", async () => {
    const stored = await progressById();
    for (const c of cases) expect(stored[ids[c.title]], c.title).toBe(c.progress);
    for (const band of ["low", "medium", "high"] as const) {
      const expected = cases
        .filter((c) => c.band === band)
        .map((c) => c.title)
        .sort();
      // The three ways the board reads a filter: running totals, an assignee's aggregate, a search.
      for (const extra of [{}, { assignedTo: user.id }, { search: "band" }]) {
        const board = await loadBoard(db, ctx(), query({ progress: band, ...extra }), today);
        const lane = board.lanes.find((l) => l.stage === "Target")!;
        const label = `${band} ${JSON.stringify(extra)}`;
        expect(lane.tasks.map((c) => c.title).sort(), label).toEqual(expected);
        expect(lane.count, label).toBe(expected.length);
        const progresses: number[] = cases.filter((c) => c.band === band).map((c) => c.progress);
        expect(lane.averageProgress, label).toBe(round(progresses.reduce((a, b) => a + b, 0) / progresses.length));
      }
    }
    await expectBoardMatchesRecount({});
    await expectLaneTotalsExact("created");
  });

  it("follows the checklist: an item ticked or unticked, items deleted or added, a task completed or reopened", async () => {
    const check = async (label: string, expected: Record<string, number>) => {
      const stored = await progressById();
      for (const [title, progress] of Object.entries(expected))
        expect(stored[ids[title]], `${label}: ${title}`).toBe(progress);
      await expectStoredProgressExact(label);
      await expectLaneTotalsExact(label);
      for (const f of [
        {},
        { progress: "low" as const },
        { progress: "medium" as const },
        { progress: "high" as const },
      ]) {
        await expectBoardMatchesRecount(f, 100, `${label} ${JSON.stringify(f)}`);
      }
    };
    const items = async (title: string, completed: boolean) =>
      db
        .selectFrom("task_checklist_items")
        .select("id")
        .where("task_id", "=", ids[title])
        .where("is_completed", "=", completed)
        .orderBy("position")
        .execute();

    // Ticked through the model: 1 of 4 → 2 of 4.
    const quarterOpen = await items("Band quarter", false);
    expect(await setChecklistItem(db, ctx(), ids["Band quarter"], quarterOpen[0].id, true)).toBe(true);
    await check("ticked", { "Band quarter": 50 });

    // Unticked: 3 of 4 → 2 of 4 (high → medium); 4 of 4 → 3 of 4 (stays high at 75).
    const threeDone = await items("Band three quarters", true);
    await setChecklistItem(db, ctx(), ids["Band three quarters"], threeDone[0].id, false);
    const allDone = await items("Band all ticked open", true);
    await db.updateTable("task_checklist_items").set({ is_completed: false }).where("id", "=", allDone[0].id).execute();
    await check("unticked", { "Band three quarters": 50, "Band all ticked open": 75 });

    // Deleted: the eighth loses six open items (1 of 2 = 50); two thirds loses all (open: 0).
    const eighthOpen = await items("Band eighth", false);
    await db
      .deleteFrom("task_checklist_items")
      .where(
        "id",
        "in",
        eighthOpen.slice(0, 6).map((i) => i.id),
      )
      .execute();
    await db.deleteFrom("task_checklist_items").where("task_id", "=", ids["Band two thirds"]).execute();
    await check("deleted", { "Band eighth": 50, "Band two thirds": 0 });

    // Completed: without items 100, with items still the percent done; reopened: back to 0.
    expect(await setTaskCompleted(db, ctx(), ids["Band two thirds"], true)).toBe(true);
    await setTaskCompleted(db, ctx(), ids["Band quarter"], true);
    await check("completed", { "Band two thirds": 100, "Band quarter": 50 });
    await setTaskCompleted(db, ctx(), ids["Band two thirds"], false);
    await setTaskCompleted(db, ctx(), ids["Band done bare"], false);
    await check("reopened", { "Band two thirds": 0, "Band done bare": 0 });

    // Added: a bare open task gets one done item (1 of 1: 100); a bare completed task one open item (0 of 1: 0).
    await checklist(ids["Band open bare"], [true]);
    await setTaskCompleted(db, ctx(), ids["Band done bare"], true);
    await checklist(ids["Band done bare"], [false]);
    await check("added", { "Band open bare": 100, "Band done bare": 0 });

    // The last item of a completed task deleted: 100 again.
    await db.deleteFrom("task_checklist_items").where("task_id", "=", ids["Band done bare"]).execute();
    await check("emptied", { "Band done bare": 100 });
  });
});

// ───────────────────────────── 3. analytics ─────────────────────────────

describe("the analytics", () => {
  let seeded: Board;
  beforeEach(async () => {
    seeded = await seedBoard();
  });

  it("totals and Team Performance per assignee equal a recount, under filters", async () => {
    const { priya } = seeded;
    const filters: Filters[] = [
      {},
      { priority: "High" },
      { progress: "medium" },
      { search: "visit" },
      { assignedTo: priya.id },
      { search: "adler", priority: "Urgent" },
      { search: "kim", progress: "low" },
      { priority: "Urgent", progress: "low" },
      { assignedTo: priya.id, priority: "High", progress: "medium" },
    ];
    for (const f of filters) {
      const label = JSON.stringify(f);
      // The totals (overdue, high priority, completed, average progress) are checked in there.
      const { matching } = await expectBoardMatchesRecount(f);
      const team = await teamPerformance(db, ctx(), query(f));
      const byAssignee = new Map<string, Row[]>();
      for (const r of matching) byAssignee.set(r.assigned_to, [...(byAssignee.get(r.assigned_to) ?? []), r]);
      const expected = [...byAssignee.entries()].map(([id, rows]) => ({
        id,
        tasks: rows.length,
        completionRate: round((rows.filter((r) => r.is_completed).length * 100) / rows.length),
        averageProgress: average(rows),
      }));
      const sortById = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
      expect(
        sortById(
          team.map(({ id, tasks, completionRate, averageProgress }) => ({
            id,
            tasks,
            completionRate,
            averageProgress,
          })),
        ),
        label,
      ).toEqual(sortById(expected));
      // Most tasks first; each member named.
      expect(
        team.map((m) => m.tasks),
        label,
      ).toEqual([...team.map((m) => m.tasks)].sort((a, b) => b - a));
      for (const m of team)
        expect(m.firstName, label).toBe(matching.find((r) => r.assigned_to === m.id)!.assignee_name.split(" ")[0]);
    }
  });

  it("hand-counted figures on a small board", async () => {
    await db.deleteFrom("tasks").where("agency_id", "=", user.agency_id).execute();
    const t = (values: Partial<Omit<Insertable<TasksTable>, "agency_id">>) =>
      createTask(db, { agencyId: user.agency_id, assigned_to: user.id, ...values });
    await t({ stage: "Target", priority: "Urgent", due_date: day(-2) }); // overdue, high, 0
    await t({ stage: "Target", priority: "High", due_date: day(-1), is_completed: true }); // done, high, 100
    const c = await t({ stage: "Placed", priority: "Low", due_date: day(1) }); // 1 of 3 → 33
    await t({ stage: "Placed", priority: "Medium", due_date: day(-4) }); // overdue, 0
    await checklist(c.id, [true, false, false]);
    const board = await loadBoard(db, ctx(), query({}), today);
    expect(board.totals).toEqual({ total: 4, overdue: 2, highPriority: 2, completed: 1, averageProgress: 33 });
    const lanes = Object.fromEntries(board.lanes.map(({ stage, tasks: _t, ...figures }) => [stage, figures]));
    expect(lanes.Target).toEqual({ count: 2, averageProgress: 50, completed: 1, highPriority: 2 });
    expect(lanes.Placed).toEqual({ count: 2, averageProgress: 17, completed: 0, highPriority: 0 });
    expect(lanes["New Client"]).toEqual({ count: 0, averageProgress: 0, completed: 0, highPriority: 0 });
    const team = await teamPerformance(db, ctx(), query({}));
    expect(team).toEqual([
      {
        id: user.id,
        firstName: "Dana",
        lastName: "Morgan",
        role: "coordinator",
        tasks: 4,
        completionRate: 25,
        averageProgress: 33,
      },
    ]);
  });
});

// ───────────────────────────── 4. moves ─────────────────────────────

describe("moving a task between lanes", () => {
  it("moveTask and PATCH /api/tasks/{id}/status reach each of the five stages, last in the lane", async () => {
    const byModel = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "New Client" });
    const byApi = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "New Client" });
    // Someone already in each lane, so that "last" means something.
    for (const stage of STAGES)
      await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage, position: 50 });
    const order: ClientStatus[] = ["Active Client", "Target", "Placed", "Follow-up", "New Client"];
    let from: ClientStatus = "New Client";
    for (const to of order) {
      const isLast = async (id: string) => {
        const row = await stageOf(id);
        expect(row.stage, to).toBe(to);
        const { max } = await db
          .selectFrom("tasks")
          .select((eb) => eb.fn.max("position").as("max"))
          .where("agency_id", "=", user.agency_id)
          .where("stage", "=", to)
          .where("id", "<>", id)
          .executeTakeFirstOrThrow();
        expect(row.position, `${to}: last`).toBeGreaterThan(Number(max));
      };
      expect(await moveTask(db, ctx(), byModel.id, to, from)).toEqual({ ok: true, id: byModel.id, stage: to });
      await isLast(byModel.id);
      const { status, json } = await patchStatus(byApi.id, { status: SLUGS[to], fromStatus: from });
      expect(status, to).toBe(200);
      expect(json.data.task.status).toBe(to);
      expect(json.data.task._id).toBe(byApi.id);
      await isLast(byApi.id);
      from = to;
      // The lanes' counts follow the move (running totals, recounted).
      await expectBoardMatchesRecount({});
      await expectLaneTotalsExact(to);
    }
  });

  it("a move to the stage it is in is a success that changes nothing", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    const before = await stageOf(task.id);
    expect(await moveTask(db, ctx(), task.id, "Target")).toEqual({ ok: true, id: task.id, stage: "Target" });
    expect(await moveTask(db, ctx(), task.id, "Target", "Target")).toEqual({ ok: true, id: task.id, stage: "Target" });
    const { status, json } = await patchStatus(task.id, { status: "Target", fromStatus: "Target" });
    expect(status).toBe(200);
    expect(json.data.task.status).toBe("Target");
    expect(await stageOf(task.id)).toEqual(before);
  });

  it("a stale move (fromStatus is not where the task is now) is a conflict and the task stays", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    const before = await stageOf(task.id);
    expect(await moveTask(db, ctx(), task.id, "Placed", "New Client")).toEqual({
      ok: false,
      reason: "conflict",
      current: "Target",
    });
    expect(await stageOf(task.id)).toEqual(before);
    const { status, json } = await patchStatus(task.id, { status: "Placed", fromStatus: "new-client" });
    expect(status).toBe(409);
    expect(json.success).toBe(false);
    expect(json.message).toContain("Target");
    expect(json.data.task.status).toBe("Target");
    expect(await stageOf(task.id)).toEqual(before);
    // Without fromStatus, the move is not checked.
    expect((await patchStatus(task.id, { status: "Placed" })).status).toBe(200);
    expect((await stageOf(task.id)).stage).toBe("Placed");
  });

  it("a bad status is a 400; another agency's task and an unknown id are 404s; no token is a 401", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    for (const body of [
      { status: "Done" },
      { status: "completed" },
      {},
      { status: "" },
      { status: "Placed", fromStatus: "nowhere" },
      { status: "Placed", extra: 1 },
    ]) {
      const { status, json } = await patchStatus(task.id, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.success).toBe(false);
    }
    expect((await stageOf(task.id)).stage).toBe("Target");

    const agency = await createAgency(db);
    const theirs = await createTask(db, { agencyId: agency.id, stage: "Target" });
    expect(await moveTask(db, ctx(), theirs.id, "Placed")).toEqual({ ok: false, reason: "not-found" });
    expect((await patchStatus(theirs.id, { status: "Placed" })).status).toBe(404);
    expect((await patchStatus(theirs.id, { status: "Placed", fromStatus: "Target" })).status).toBe(404);
    expect((await stageOf(theirs.id)).stage).toBe("Target");

    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await moveTask(db, ctx(), unknown, "Placed")).toEqual({ ok: false, reason: "not-found" });
    expect((await patchStatus(unknown, { status: "Placed" })).status).toBe(404);
    expect((await patchStatus("not-an-id", { status: "Placed" })).status).toBe(404);
    expect((await patchStatus(task.id, { status: "Placed" }, "")).status).toBe(401);
    expect((await stageOf(task.id)).stage).toBe("Target");
  });
});

describe("the board's move form (POST /swim-lanes)", () => {
  const move = (fields: Record<string, string>, search = "") =>
    settle(screenAction(args(formPost(`/swim-lanes${search}`, fields, cookie))));

  it("moves without JavaScript: back to the board as it was, at the moved card, with the toast", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    const response = await move({ taskId: task.id, status: "placed", fromStatus: "Target" }, "?priority=High");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/swim-lanes?priority=High#task-${task.id}`);
    const { toast } = await takeToast(get("/swim-lanes", cookiesFrom(response)));
    expect(toast).toMatchObject({ type: "success", title: "Task moved successfully!" });
    expect((await stageOf(task.id)).stage).toBe("Placed");
  });

  it("an unknown or over-long stage is a 400 that quotes it in no cookie, with JavaScript or without", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    const long = "x".repeat(3_000);
    const refused: Record<string, string>[] = [
      { status: long },
      { status: `Placed${long}` },
      { status: "Placed", fromStatus: long },
      { status: "Done" },
      {},
    ];
    for (const fields of refused) {
      for (const via of [{}, { via: "fetch" }] as Record<string, string>[]) {
        const label = `${JSON.stringify(via)} ${JSON.stringify(fields).slice(0, 40)}`;
        const response = await move({ taskId: task.id, ...via, ...fields });
        expect(response.status, label).toBe(400);
        expect(response.headers.getSetCookie(), label).toEqual([]);
        const body = (await response.json()) as { ok: boolean; message: string };
        expect(body.ok, label).toBe(false);
        expect(body.message, label).toMatch(/^Failed to move task: /);
        expect(body.message.length, label).toBeLessThanOrEqual(TOAST_TEXT_LIMITS.title);
      }
    }
    expect((await stageOf(task.id)).stage).toBe("Target");
  });

  it("no toast outgrows its cookie (4 KB in a browser), whatever its text quotes", async () => {
    for (const unit of ["x", "\u0000", '"', "€", "💥", "\uD800"]) {
      const text = unit.repeat(20_000);
      const setCookie = await toastCookie({ type: "error", title: text, description: text });
      expect(setCookie.length, JSON.stringify(unit)).toBeLessThanOrEqual(4096);
      const { toast } = await takeToast(get("/", setCookie.split(";")[0]));
      expect(toast?.title.endsWith("…")).toBe(true);
      expect(toast?.description?.endsWith("…")).toBe(true);
    }
  });
});

// ───────────────────────────── 5. communications ─────────────────────────────

describe("a task's communications", () => {
  it("POST adds one by the caller (201), newest first on GET /api/tasks/{id} and on the card", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Target" });
    const first = await postCommunication(task.id, { type: "call", content: "Spoke with the daughter" });
    expect(first.status).toBe(201);
    expect(first.json.data.communication).toMatchObject({
      _id: expect.any(String),
      type: "call",
      content: "Spoke with the daughter",
      author: "Dana Morgan",
    });
    const second = await postCommunication(task.id, { type: "email", content: "  Sent the brochure  " });
    expect(second.status).toBe(201);
    expect(second.json.data.communication.content).toBe("Sent the brochure");

    const { status, json } = await readTask(task.id);
    expect(status).toBe(200);
    expect(json.data.task.communications.map((m: Json) => [m.type, m.content, m.author])).toEqual([
      ["email", "Sent the brochure", "Dana Morgan"],
      ["call", "Spoke with the daughter", "Dana Morgan"],
    ]);
    const stored = await db
      .selectFrom("task_communications")
      .select(["author_id", "agency_id"])
      .where("task_id", "=", task.id)
      .execute();
    expect(stored).toEqual([
      { author_id: user.id, agency_id: user.agency_id },
      { author_id: user.id, agency_id: user.agency_id },
    ]);
    const board = await loadBoard(db, ctx(), query({}), today);
    const card = board.lanes.find((l) => l.stage === "Target")!.tasks[0];
    expect(card.lastCommunication).toMatchObject({
      type: "email",
      content: "Sent the brochure",
      author: "Dana Morgan",
    });
  });

  it("blank, too long or badly typed content is a 400; another agency's task is a 404; nothing is added", async () => {
    const task = await createTask(db, { agencyId: user.agency_id, assigned_to: user.id });
    const bad = [
      { type: "note", content: "" },
      { type: "note", content: "   \n\t " },
      { type: "note" },
      { type: "note", content: "x".repeat(10_001) },
      { type: "note", content: `  ${"x".repeat(10_001)}` },
      { type: "sms", content: "Hello" },
      { type: "", content: "Hello" },
      { content: "Hello" },
      { type: "note", content: "Hello", extra: true },
    ];
    for (const body of bad) {
      const { status, json } = await postCommunication(task.id, body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json.success).toBe(false);
    }
    expect(await db.selectFrom("task_communications").select("id").execute()).toEqual([]);
    // Exactly 10,000 characters is fine.
    expect((await postCommunication(task.id, { type: "meeting", content: "y".repeat(10_000) })).status).toBe(201);

    const agency = await createAgency(db);
    const theirs = await createTask(db, { agencyId: agency.id });
    expect((await postCommunication(theirs.id, { type: "note", content: "Hello" })).status).toBe(404);
    expect(
      (await postCommunication("00000000-0000-4000-8000-000000000000", { type: "note", content: "Hi" })).status,
    ).toBe(404);
    expect((await postCommunication("not-an-id", { type: "note", content: "Hi" })).status).toBe(404);
    expect((await postCommunication(task.id, { type: "note", content: "Hi" }, "")).status).toBe(401);
    expect(
      await db.selectFrom("task_communications").select("task_id").where("task_id", "=", theirs.id).execute(),
    ).toEqual([]);
    expect((await db.selectFrom("task_communications").select("id").execute()).length).toBe(1);
  });
});

// ───────────────────────────── 6 and 7. the API and "Show more" ─────────────────────────────

describe("GET /api/tasks/swim-lanes", () => {
  let seeded: Board;
  beforeEach(async () => {
    seeded = await seedBoard();
  });

  /** The API's answer against the recount: every lane keyed by stage, `limit` cards each. */
  async function expectApiMatchesRecount(
    params: Record<string, string>,
    filters: Filters,
    shown: Partial<Record<ClientStatus, number>> = {},
  ) {
    const search = new URLSearchParams(params).toString();
    const { status, json } = await lanesApi(search ? `?${search}` : "");
    expect(status, search).toBe(200);
    expect(Object.keys(json.data.lanes).sort(), search).toEqual([...STAGES].sort());
    const rows = await readRows();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const limit = Number(params.limit ?? LANE_CARDS);
    for (const stage of STAGES) {
      const lane = json.data.lanes[stage];
      const expected = rows.filter((r) => r.stage === stage && passes(r, filters)).sort(compareBoard);
      const where = `${search} ${stage}`;
      expect(lane.count, where).toBe(expected.length);
      expect(lane.averageProgress, where).toBe(average(expected));
      const ids: string[] = lane.tasks.map((t: Json) => t._id);
      expect(new Set(ids).size, where).toBe(ids.length);
      for (const id of ids) expect(byId.has(id), `${where}: not this agency's or not passing`).toBe(true);
      expect(
        ids.map((id) => keyOf(byId.get(id)!)),
        where,
      ).toEqual(expected.slice(0, shown[stage] ?? limit).map(keyOf));
      for (const t of lane.tasks as Json[]) {
        expect(t.status, where).toBe(stage);
        expect(t.progress.percentage, where).toBe(progressOf(byId.get(t._id)!));
      }
    }
    return json;
  }

  it("answers every lane keyed by stage, with its count and first cards, under the filters", async () => {
    const { priya } = seeded;
    await expectApiMatchesRecount({}, {});
    await expectApiMatchesRecount({ priority: "high" }, { priority: "High" });
    await expectApiMatchesRecount({ priority: "Urgent", limit: "4" }, { priority: "Urgent" });
    for (const band of ["low", "medium", "high"] as const)
      await expectApiMatchesRecount({ progress: band }, { progress: band });
    await expectApiMatchesRecount({ assignedTo: priya.id }, { assignedTo: priya.id });
    await expectApiMatchesRecount({ search: "Adler" }, { search: "Adler" });
    await expectApiMatchesRecount({ search: "visit", limit: "100" }, { search: "visit" });
    await expectApiMatchesRecount(
      { search: "priya shah", progress: "medium" },
      { search: "priya shah", progress: "medium" },
    );
    const none = await expectApiMatchesRecount({ search: "zebrawood" }, { search: "zebrawood" });
    expect(Object.values(none.data.lanes as Json).every((l: Json) => l.count === 0)).toBe(true);
  });

  it("never includes another agency's tasks, and another agency sees none of ours", async () => {
    const { other } = seeded;
    const ours = new Set((await readRows()).map((r) => r.id));
    for (const search of [
      "",
      "?search=visit",
      "?search=priya",
      "?search=adler",
      "?priority=Urgent&limit=100",
      "?limit=100",
    ]) {
      const { json } = await lanesApi(search);
      for (const lane of Object.values(json.data.lanes as Record<string, Json>)) {
        for (const t of lane.tasks as Json[]) {
          expect(ours.has(t._id), search).toBe(true);
          expect(other.taskIds).not.toContain(t._id);
        }
      }
    }
    // Filtering by the other agency's user: nothing.
    const { status, json } = await lanesApi(`?assignedTo=${other.user.id}`);
    expect(status).toBe(200);
    expect(
      Object.values(json.data.lanes as Record<string, Json>).every((l) => l.count === 0 && l.tasks.length === 0),
    ).toBe(true);
    // The other agency's board: its ten tasks only.
    const { token: theirToken } = await createSession(db, {
      user: { id: other.user.id, agencyId: other.agencyId },
      limits: { idleMinutes: 30, absoluteHours: 12 },
      kind: "api",
    });
    const theirs = await lanesApi("?limit=100", theirToken);
    expect(theirs.status).toBe(200);
    const ids = Object.values(theirs.json.data.lanes as Record<string, Json>).flatMap((l) =>
      (l.tasks as Json[]).map((t) => t._id),
    );
    expect(ids.sort()).toEqual([...other.taskIds].sort());
  });

  it("stage, offset and limit read the next cards of one lane, without overlap, to the end", async () => {
    const rows = await readRows();
    for (const stage of STAGES) {
      const expected = rows.filter((r) => r.stage === stage).sort(compareBoard);
      const seen: string[] = [];
      for (let offset = 0; offset < expected.length + 3; offset += 4) {
        const { status, json } = await lanesApi(`?stage=${SLUGS[stage]}&offset=${offset}&limit=4`);
        expect(status).toBe(200);
        expect(Object.keys(json.data.lanes)).toEqual([stage]);
        const lane = json.data.lanes[stage];
        expect(lane.count).toBe(expected.length);
        expect(lane.offset).toBe(offset);
        seen.push(...(lane.tasks as Json[]).map((t) => t._id as string));
      }
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(new Set(seen).size, `${stage}: a card on two pages`).toBe(seen.length);
      expect(
        seen.map((id) => keyOf(byId.get(id)!)),
        stage,
      ).toEqual(expected.map(keyOf));
      // Page one of "more" continues the board's first page.
      const first = (await lanesApi("?limit=5")).json.data.lanes[stage].tasks.map((t: Json) => t._id);
      const next = (await lanesApi(`?stage=${encodeURIComponent(stage)}&offset=5&limit=5`)).json.data.lanes[
        stage
      ].tasks.map((t: Json) => t._id);
      for (const id of next) expect(first, `${stage}: overlap`).not.toContain(id);
    }
  });

  it("pages of a lane whose completed cards share a due date neither overlap nor skip a card", async () => {
    await db.deleteFrom("tasks").where("agency_id", "=", user.agency_id).execute();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      ids.push(
        (await createTask(db, { agencyId: user.agency_id, assigned_to: user.id, stage: "Placed", due_date: day(i) }))
          .id,
      );
    }
    for (let i = 0; i < 13; i++) {
      const t = await createTask(db, {
        agencyId: user.agency_id,
        assigned_to: user.id,
        stage: "Placed",
        due_date: day(-3),
        is_completed: true,
        title: `Done ${i}`,
      });
      ids.push(t.id);
    }
    // Each way the board reads a lane: running totals (no filter, Priority), an assignee's
    // aggregate, a search.
    const problems: Record<string, { onTwoPages: number; missed: number; firstFiveChange: boolean }> = {};
    for (const filter of ["", "&priority=Medium", `&assignedTo=${user.id}`, "&search=e", "&search=done%20"]) {
      const pages: string[][] = [];
      for (const offset of [0, 5, 10]) {
        const { json } = await lanesApi(`?stage=placed&offset=${offset}&limit=5${filter}`);
        pages.push((json.data.lanes.Placed.tasks as Json[]).map((t) => t._id as string));
      }
      const seen = pages.flat();
      const expectedIds = filter.includes("done") ? ids.slice(2) : ids;
      // "Show more": the lane's first five cards, shown with ten more.
      const fifteen = (await lanesApi(`?shown.placed=15${filter}`)).json.data.lanes.Placed.tasks.map(
        (t: Json) => t._id,
      );
      problems[filter || "no filter"] = {
        onTwoPages: seen.length - new Set(seen).size,
        missed: expectedIds.filter((id) => !seen.includes(id)).length,
        firstFiveChange: JSON.stringify(fifteen.slice(0, 5)) !== JSON.stringify(pages[0]),
      };
    }
    const fine = { onTwoPages: 0, missed: 0, firstFiveChange: false };
    expect(problems).toEqual({
      "no filter": fine,
      "&priority=Medium": fine,
      [`&assignedTo=${user.id}`]: fine,
      "&search=e": fine,
      "&search=done%20": fine,
    });
  });

  it("a bad filter is a 400 naming it; no token is a 401", async () => {
    for (const [search, path] of [
      ["?priority=critical", "priority"],
      ["?progress=huge", "progress"],
      ["?assignedTo=nobody", "assignedTo"],
      ["?stage=done", "stage"],
      ["?offset=5", "offset"],
      ["?stage=target&offset=-1", "offset"],
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?shown.target=0", "shown.target"],
      ["?colour=red", "colour"],
      [`?search=${"x".repeat(101)}`, "search"],
    ] as const) {
      const { status, json } = await lanesApi(search);
      expect(status, search).toBe(400);
      expect(json.success).toBe(false);
      expect(
        json.errors.map((e: Json) => e.path),
        search,
      ).toContain(path);
    }
    expect((await lanesApi("", "")).status).toBe(401);
    expect((await lanesApi("", "not-a-token")).status).toBe(401);
  });

  it("Show more: shown.<stage slug> raises that lane's cards alone (API and screen)", async () => {
    const rows = await readRows();
    const counts = Object.fromEntries(STAGES.map((s) => [s, rows.filter((r) => r.stage === s).length]));
    for (const stage of STAGES) {
      expect(counts[stage], stage).toBeGreaterThan(12);
      const shown = { [stage]: 12 } as Partial<Record<ClientStatus, number>>;
      const json = await expectApiMatchesRecount({ [`shown.${SLUGS[stage]}`]: "12" }, {}, shown);
      for (const s of STAGES)
        expect((json.data.lanes[s].tasks as Json[]).length, `${stage}: ${s}`).toBe(s === stage ? 12 : LANE_CARDS);
    }
    // Beyond the lane's count: all of it. Two lanes at once, with the default limit changed.
    const target = counts.Target;
    const { json } = await lanesApi(`?shown.target=100&shown.follow-up=11&limit=3`);
    expect(json.data.lanes.Target.tasks.length).toBe(target);
    expect(json.data.lanes["Follow-up"].tasks.length).toBe(11);
    expect(json.data.lanes.Placed.tasks.length).toBe(3);
    // A lane's first cards stay the same when it shows more.
    const ten = (await lanesApi("")).json.data.lanes.Target.tasks.map((t: Json) => t._id);
    const twelve = (await lanesApi("?shown.target=12")).json.data.lanes.Target.tasks.map((t: Json) => t._id);
    expect(twelve.slice(0, LANE_CARDS)).toEqual(ten);

    // The screen reads the same parameter.
    const response = await settle(screenLoader(args(get("/swim-lanes?shown.active-client=13", cookie))));
    expect(response.status).toBe(200);
    const data = (await response.json()) as Json;
    const lanes = Object.fromEntries((data.lanes as Json[]).map((l) => [l.stage, l]));
    expect(lanes["Active Client"].tasks.length).toBe(13);
    expect(lanes["Active Client"].count).toBe(counts["Active Client"]);
    expect(lanes.Target.tasks.length).toBe(LANE_CARDS);
  });
});

// ───────────────────────────── 8. running totals ─────────────────────────────

describe("the lanes' running totals", () => {
  it("stay equal to a GROUP BY recount through inserts, updates and deletes of tasks and checklist items", async () => {
    const seeded = await seedBoard();
    await expectLaneTotalsExact("seeded");
    await expectStoredProgressExact("seeded");
    const mine = () => db.selectFrom("tasks").select("id").where("agency_id", "=", user.agency_id).orderBy("id");
    const steps: [string, () => Promise<unknown>][] = [
      [
        "tasks re-prioritised in one statement",
        () => db.updateTable("tasks").set({ priority: "Urgent" }).where("priority", "=", "Low").execute(),
      ],
      [
        "tasks reassigned in one statement",
        () =>
          db
            .updateTable("tasks")
            .set({ assigned_to: seeded.priya.id })
            .where("id", "in", mine().where("priority", "=", "High").limit(6))
            .execute(),
      ],
      [
        "tasks moved in one statement",
        () =>
          db
            .updateTable("tasks")
            .set({ stage: "Placed" })
            .where("id", "in", mine().where("stage", "=", "Target").limit(5))
            .execute(),
      ],
      [
        "tasks completed and reopened in one statement",
        () =>
          sql`UPDATE tasks SET is_completed = NOT is_completed, completed_at = CASE WHEN is_completed THEN NULL ELSE now() END
                   WHERE id IN (SELECT id FROM tasks ORDER BY id LIMIT 30)`.execute(db),
      ],
      [
        "items ticked across tasks and agencies",
        () => sql`UPDATE task_checklist_items SET is_completed = true WHERE position % 2 = 0`.execute(db),
      ],
      [
        "items unticked",
        () => sql`UPDATE task_checklist_items SET is_completed = false WHERE position = 4 OR position = 1`.execute(db),
      ],
      [
        "items moved from one task to another",
        () =>
          sql`UPDATE task_checklist_items SET task_id = (SELECT id FROM tasks WHERE agency_id = ${user.agency_id} ORDER BY id LIMIT 1)
               WHERE id IN (SELECT id FROM task_checklist_items WHERE agency_id = ${user.agency_id} ORDER BY id DESC LIMIT 7)`.execute(
            db,
          ),
      ],
      ["items deleted across tasks", () => sql`DELETE FROM task_checklist_items WHERE position = 2`.execute(db)],
      [
        "items added to many tasks at once",
        () =>
          sql`INSERT INTO task_checklist_items (agency_id, task_id, text, is_completed, position)
                  SELECT agency_id, id, 'Extra', (hashtext(id::text) % 2 = 0), 9 FROM tasks WHERE id IN (SELECT id FROM tasks ORDER BY id DESC LIMIT 25)`.execute(
            db,
          ),
      ],
      ["tasks with checklists deleted", () => db.deleteFrom("tasks").where("id", "in", mine().limit(9)).execute()],
      [
        "a task of the other agency deleted",
        () => db.deleteFrom("tasks").where("id", "=", seeded.other.taskIds[0]).execute(),
      ],
      [
        "tasks inserted completed with no items and open with items, in one transaction",
        () =>
          db.transaction().execute(async (trx) => {
            const rows = await trx
              .insertInto("tasks")
              .values(
                STAGES.flatMap((stage, i) => [
                  {
                    agency_id: user.agency_id,
                    title: `Late ${i}`,
                    due_date: day(i),
                    stage,
                    assigned_to: user.id,
                    is_completed: true,
                  },
                  {
                    agency_id: user.agency_id,
                    title: `Late open ${i}`,
                    due_date: day(i),
                    stage,
                    priority: "High" as const,
                    assigned_to: user.id,
                  },
                ]),
              )
              .returning(["id", "is_completed"])
              .execute();
            await trx
              .insertInto("task_checklist_items")
              .values(
                rows
                  .filter((r) => !r.is_completed)
                  .flatMap((r) =>
                    doneOf(4, 3).map((done, position) => ({
                      agency_id: user.agency_id,
                      task_id: r.id,
                      text: "x",
                      is_completed: done,
                      position,
                    })),
                  ),
              )
              .execute();
          }),
      ],
      [
        "a checklist replaced (deleted and written again) in a transaction",
        () =>
          db.transaction().execute(async (trx) => {
            const task = await trx
              .selectFrom("tasks")
              .select("id")
              .where("agency_id", "=", user.agency_id)
              .orderBy("id", "desc")
              .executeTakeFirstOrThrow();
            await trx.deleteFrom("task_checklist_items").where("task_id", "=", task.id).execute();
            await trx
              .insertInto("task_checklist_items")
              .values(
                doneOf(3, 1).map((done, position) => ({
                  agency_id: user.agency_id,
                  task_id: task.id,
                  text: `r${position}`,
                  is_completed: done,
                  position,
                })),
              )
              .execute();
          }),
      ],
      [
        "every item of the agency deleted",
        () => db.deleteFrom("task_checklist_items").where("agency_id", "=", user.agency_id).execute(),
      ],
      [
        "a client renamed (her tasks' searched text changes)",
        () => db.updateTable("clients").set({ last_name: "Adams" }).where("last_name", "=", "Adler").execute(),
      ],
    ];
    for (const [label, step] of steps) {
      await step();
      await expectStoredProgressExact(label);
      await expectLaneTotalsExact(label);
      // A three-letter search reads its completed matches from running totals by trigram
      // (completed_board_trigrams): they follow every step too.
      await expectBoardMatchesRecount({ search: "adl" }, 100, `adl after ${label}`);
      await expectBoardMatchesRecount({ search: "PRI", priority: "High" }, 100, `pri after ${label}`);
      await expectBoardMatchesRecount({ search: "ada", progress: "high" }, 100, `ada after ${label}`);
    }
    // And the board read from those totals agrees with a recount.
    for (const f of [
      {},
      { priority: "Urgent" as const },
      { progress: "high" as const },
      { priority: "High" as const, progress: "low" as const },
      { search: "kim" },
      { search: "visit", progress: "medium" as const },
    ]) {
      await expectBoardMatchesRecount(f);
    }
  });
});

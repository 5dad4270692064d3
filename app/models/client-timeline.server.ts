import { type Compilable, type RawBuilder, sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { TIMELINE_KINDS, type TimelineKind } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type PageInfo, pageInfo, type PageQuery } from "./lists.server";
import { visibleTo } from "./resources.server";

// A client's timeline (docs/screens.md "Clients", docs/data-model.md "The client timeline"):
// everything that happened with the client, newest first, from the tables that record it.
//
// How it stays fast: the client's tasks and placements are read once, as two small tables of the
// statement (`client_tasks`, `client_placements`: MATERIALIZED, so that the planner does not weigh
// every index of `tasks` and `placements` again in each branch that needs them). Each kind is one
// branch of a UNION ALL that reads the client's rows through an index that starts with the client
// (or those tasks' and placements' ids), ordered by time and cut at the page's end
// (LIMIT page × size) before the branches are merged, ordered and cut to the page. A page never
// reads more than page × size rows of a kind, and the authors' names are read for the page's rows
// only. The counts per kind (the filter's and the page links') are counted over the same branches,
// in the same statement.

/** One entry as the sources store it, before it is worded (services/client-timeline.server.ts). */
export interface TimelineRow {
  kind: TimelineKind;
  /**
   * What happened, within its kind: a note's or communication's type (`call`…), a placement
   * event's name ("Status changed"), `created` or `completed` for a task, the status a client
   * moved to, the kind of record a document was added to (`Client`, `Placement`, `Task`).
   */
  event: string;
  /** The source row's id (a task's for its two entries, a document's, a note's…). */
  id: string;
  at: Date;
  actor: { id: string; name: string } | null;
  /**
   * The text: a note's or communication's content, a placement event's description, the status a
   * client moved from, a document's category.
   */
  body: string | null;
  /** The record the entry links to (a task, a placement, a document) and its name. */
  ref: { id: string; name: string } | null;
}

export interface TimelinePage extends PageInfo {
  rows: TimelineRow[];
  /** How many entries of each kind the client has (whatever the filter). */
  counts: Record<TimelineKind, number>;
}

/** The client's tasks and placements (with the facility's name), the two small tables every statement starts with. */
function clientRecords(ctx: Ctx, clientId: string): RawBuilder<unknown> {
  return sql`
    WITH client_tasks AS MATERIALIZED (
      SELECT id, title, created_at, created_by, is_completed, completed_at, assigned_to
      FROM tasks WHERE agency_id = ${ctx.agencyId} AND client_id = ${clientId}
    ), client_placements AS MATERIALIZED (
      SELECT p.id, f.name AS facility_name
      FROM placements p JOIN facilities f ON f.id = p.facility_id
      WHERE p.agency_id = ${ctx.agencyId} AND p.client_id = ${clientId}
    )`;
}

type Branch = (db: DB, ctx: Ctx, clientId: string) => Compilable | RawBuilder<unknown>;

/**
 * Each kind's branch: a query of the columns kind, event, id, at, actor_id, body, ref_id, ref_name,
 * which may read `client_tasks` and `client_placements`.
 */
const BRANCHES: Record<TimelineKind, Branch> = {
  note: (_db, ctx, clientId) => sql`
    SELECT 'note' AS kind, n.kind AS event, n.id, n.occurred_at AS at, n.author_id AS actor_id, n.content AS body,
      NULL::uuid AS ref_id, NULL::text AS ref_name
    FROM client_notes n
    WHERE n.agency_id = ${ctx.agencyId} AND n.client_id = ${clientId}`,
  communication: (_db, ctx) => sql`
    SELECT 'communication' AS kind, m.type AS event, m.id, m.occurred_at AS at, m.author_id AS actor_id,
      m.content AS body, t.id AS ref_id, t.title AS ref_name
    FROM client_tasks t JOIN task_communications m ON m.task_id = t.id
    WHERE m.agency_id = ${ctx.agencyId}`,
  status: (_db, ctx, clientId) => sql`
    SELECT 'status' AS kind, s.to_status AS event, s.id, s.created_at AS at, s.changed_by AS actor_id,
      s.from_status AS body, NULL::uuid AS ref_id, NULL::text AS ref_name
    FROM client_status_changes s
    WHERE s.agency_id = ${ctx.agencyId} AND s.client_id = ${clientId}`,
  placement: (_db, ctx) => sql`
    SELECT 'placement' AS kind, e.event, e.id, e.occurred_at AS at, e.actor_id, e.description AS body,
      p.id AS ref_id, p.facility_name AS ref_name
    FROM client_placements p JOIN placement_events e ON e.placement_id = p.id
    WHERE e.agency_id = ${ctx.agencyId}`,
  // Two entries a task: created, and completed when it is. Who completed a task is not stored; its
  // entry names the task's assignee.
  task: () => sql`
    SELECT 'task' AS kind, v.event, t.id, v.at, v.actor_id, NULL::text AS body, t.id AS ref_id, t.title AS ref_name
    FROM client_tasks t CROSS JOIN LATERAL (VALUES
      ('created', t.created_at, t.created_by),
      ('completed', CASE WHEN t.is_completed THEN t.completed_at END, t.assigned_to)
    ) AS v(event, at, actor_id)
    WHERE v.at IS NOT NULL`,
  // Documents added to the client, to one of its placements or to one of its tasks
  // (resources_related_idx; ids are unique across the three tables).
  document: (db, ctx, clientId) =>
    db
      .selectFrom("resources as r")
      .select([
        sql<string>`'document'`.as("kind"),
        "r.related_type as event",
        "r.id",
        "r.created_at as at",
        "r.uploaded_by as actor_id",
        "r.category as body",
        "r.id as ref_id",
        "r.original_name as ref_name",
      ])
      .where("r.agency_id", "=", ctx.agencyId)
      .where("r.related_type", "in", ["Client", "Placement", "Task"])
      .where(
        "r.related_id",
        "in",
        sql<string>`(SELECT ${clientId}::uuid UNION ALL SELECT id FROM client_placements UNION ALL SELECT id FROM client_tasks)`,
      )
      .where(visibleTo(ctx)),
  // Two entries a tour: scheduled (when it was arranged, with its notes), and its outcome once
  // recorded (Completed, Cancelled, No-show, with the outcome's notes); both link to the facility.
  tour: (_db, ctx, clientId) => sql`
    SELECT 'tour' AS kind, v.event, t.id, v.at, v.actor_id, v.body, f.id AS ref_id, f.name AS ref_name
    FROM tours t JOIN facilities f ON f.id = t.facility_id CROSS JOIN LATERAL (VALUES
      ('Scheduled', t.created_at, t.created_by, t.notes),
      (t.outcome, CASE WHEN t.outcome <> 'Scheduled' THEN t.outcome_at END, t.outcome_by, t.outcome_notes)
    ) AS v(event, at, actor_id, body)
    WHERE t.agency_id = ${ctx.agencyId} AND t.client_id = ${clientId} AND v.at IS NOT NULL`,
};

/** The timeline's order, newest first; the rest only breaks ties (a task's two entries share its id). */
const ORDER = sql`at DESC, kind, id DESC, event`;

/**
 * Each branch ordered by time and cut at `rows` (the page's end), as one UNION ALL. `OFFSET 0`
 * keeps each branch a query of its own, read by the client: without it the planner may walk an
 * index of the whole agency's rows newest first (`resources_agency_created_idx`) hoping to meet
 * the client's soon, which in an agency of 20,000 documents reads all of them for a client with few.
 */
function merged(branches: (Compilable | RawBuilder<unknown>)[], rows: number): RawBuilder<unknown> {
  return sql.join(
    branches.map((branch) => sql`(SELECT * FROM (${branch} OFFSET 0) b ORDER BY at DESC, id DESC LIMIT ${rows})`),
    sql` UNION ALL `,
  );
}

interface Row {
  kind: TimelineKind;
  event: string;
  id: string;
  at: Date;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  body: string | null;
  ref_id: string | null;
  ref_name: string | null;
}

/**
 * A page of a client's timeline (of the agency's client `clientId`: the caller checks that it is
 * one), newest first, of one kind or all, and the counts of each kind: one statement, so that the
 * client's tasks and placements are read once and the page costs one round trip. The counts row
 * always comes back (LEFT JOIN LATERAL), with the page's rows beside it (none beyond the last page).
 */
export async function clientTimeline(
  db: DB,
  ctx: Ctx,
  clientId: string,
  query: PageQuery & { kind?: TimelineKind },
): Promise<TimelinePage> {
  const kinds: readonly TimelineKind[] = query.kind ? [query.kind] : TIMELINE_KINDS;
  const branches = kinds.map((kind) => BRANCHES[kind](db, ctx, clientId));
  const every = sql.join(
    TIMELINE_KINDS.map((kind) => BRANCHES[kind](db, ctx, clientId)),
    sql` UNION ALL `,
  );
  const offset = (query.page - 1) * query.limit;
  const { rows } = await sql<
    Row & { counts: Partial<Record<TimelineKind, number>> | null }
  >`${clientRecords(ctx, clientId)}
    SELECT c.counts, e.kind, e.event, e.id, e.at, e.actor_id, u.first_name, u.last_name, e.body, e.ref_id, e.ref_name
    FROM (
      SELECT json_object_agg(b.kind, b.n) AS counts
      FROM (SELECT a.kind, count(*)::int AS n FROM (${every}) a GROUP BY a.kind) b
    ) c
    LEFT JOIN LATERAL (
      SELECT * FROM (${merged(branches, offset + query.limit)}) m ORDER BY ${ORDER} LIMIT ${query.limit} OFFSET ${offset}
    ) e ON true
    LEFT JOIN users u ON u.id = e.actor_id
    ORDER BY ${ORDER}`.execute(db);
  const counts = Object.fromEntries(TIMELINE_KINDS.map((kind) => [kind, rows[0]?.counts?.[kind] ?? 0])) as Record<
    TimelineKind,
    number
  >;
  const total = kinds.reduce((sum, kind) => sum + counts[kind], 0);
  const entries = rows.filter((row) => row.kind !== null).map(toRow);
  return { ...pageInfo(query, { total, capped: false }), rows: entries, counts };
}

function toRow(row: Row): TimelineRow {
  return {
    kind: row.kind,
    event: row.event,
    id: row.id,
    at: new Date(row.at),
    actor: row.actor_id && row.first_name ? { id: row.actor_id, name: `${row.first_name} ${row.last_name}` } : null,
    body: row.body,
    ref: row.ref_id ? { id: row.ref_id, name: row.ref_name ?? "" } : null,
  };
}

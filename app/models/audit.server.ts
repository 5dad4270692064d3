import { type Compilable, type Insertable, type OperationNodeSource, sql } from "kysely";
import { type DB, isDatabaseUnavailable } from "~/utils/db.server";
import type { AuditEventsTable } from "~/utils/db-types";
import type { AuditAction, AuditEntity } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { type Count, type Cursor, countMatches, keysetBatches, type PageQuery, pageSlice } from "./lists.server";

// The audit trail (docs/security.md, "Audit trail"). An entry is written with `audit`, in the
// transaction of the change it records (a change that rolls back leaves no entry, and no change
// happens without one). The database refuses to change entries, and to delete them before their
// agency's retention period (db/migrations/…_audit_trail.ts); `pruneAuditEntries` deletes the
// older ones.

/** Who did it: a signed-in user's context, or what is known of a caller who is not one (a failed sign-in). */
export interface AuditWho {
  userId: Ctx["userId"] | null;
  agencyId: Ctx["agencyId"] | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Where a caller is, as an entry records it: their address and browser (`callerOf(request)`). */
export type AuditFrom = Pick<AuditWho, "ip" | "userAgent">;

export interface AuditEntry {
  action: AuditAction;
  /** The kind of record, and which one (none: a list, as an export of it). */
  entity?: AuditEntity;
  id?: string | null;
  /**
   * What else tells the entry apart: the names of the fields an update changed (never their
   * values: a client's are medical), a document's version, a role's change, an export's filters.
   */
  details?: Record<string, unknown>;
  /** The e-mail a failed sign-in tried. */
  email?: string | null;
}

/** Writes one entry, on `db` or the transaction it is given. */
export async function audit(db: DB, who: AuditWho, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      agency_id: who.agencyId,
      actor_id: who.userId,
      action: entry.action,
      entity_type: entry.entity ?? null,
      entity_id: entry.id ?? null,
      details: JSON.stringify(entry.details ?? {}) as unknown as Record<string, unknown>,
      email: entry.email?.slice(0, 320) ?? null,
      ip: who.ip ?? null,
      user_agent: who.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
}

/**
 * Writes one entry per row that `rows` (a query, or an UPDATE … RETURNING, with an `id` column)
 * gives, alike but for the record's id: one INSERT … SELECT however many rows (work moved from
 * one person to another). Returns how many entries, that is how many rows.
 */
export async function auditEach(
  db: DB,
  who: AuditWho,
  entry: Omit<AuditEntry, "id" | "email">,
  rows: Compilable<{ id: string }> & OperationNodeSource,
): Promise<number> {
  const result = await sql`
    WITH rows AS (${rows})
    INSERT INTO audit_events (agency_id, actor_id, action, entity_type, entity_id, details, ip, user_agent)
    SELECT ${who.agencyId}::uuid, ${who.userId}::uuid, ${entry.action}, ${entry.entity ?? null}, rows.id,
      ${JSON.stringify(entry.details ?? {})}::jsonb, ${who.ip ?? null}, ${who.userAgent?.slice(0, 500) ?? null}
    FROM rows`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A model's getter whose record, when there is one, is recorded as viewed (`view`, of kind
 * `entity`): a client's page, its API record. No record, no entry.
 */
export function viewed<R>(entity: AuditEntity, find: (db: DB, ctx: Ctx, id: string) => Promise<R | null>) {
  return async (db: DB, ctx: Ctx, id: string): Promise<R | null> => {
    const record = await find(db, ctx, id);
    if (record) queueView(db, ctx, entity, id);
    return record;
  };
}

// A view is a read, not a change: its entry is queued and written a moment later, with the other
// views of that moment in one INSERT, so that opening a record costs little more than reading it
// (docs/security.md, "Audit trail"). Changes are never queued (`audit` above).

/** How long a view waits to be written at most, and how many one INSERT writes. */
export const VIEW_FLUSH_MS = 200;
const VIEW_BATCH = 500;
/** While the database is away, views wait for it, up to this many (the oldest go first). */
const VIEW_QUEUE_LIMIT = 20_000;
const VIEW_RETRY_MS = 2_000;

type ViewRow = Insertable<AuditEventsTable>;

const views: { queue: ViewRow[]; db: DB | null; timer: NodeJS.Timeout | null; flushing: Promise<void> | null } = {
  queue: [],
  db: null,
  timer: null,
  flushing: null,
};

function queueView(db: DB, who: AuditWho, entity: AuditEntity, id: string): void {
  views.queue.push({
    agency_id: who.agencyId,
    actor_id: who.userId,
    action: "view",
    entity_type: entity,
    entity_id: id,
    ip: who.ip ?? null,
    user_agent: who.userAgent?.slice(0, 500) ?? null,
    // The moment of the view, not of its INSERT: a batch's entries keep their order.
    created_at: new Date(),
  });
  views.db = db;
  if (views.queue.length >= VIEW_BATCH) void flushViews();
  else scheduleFlush(VIEW_FLUSH_MS);
}

function scheduleFlush(ms: number): void {
  if (views.timer) return;
  views.timer = setTimeout(() => {
    views.timer = null;
    void flushViews();
  }, ms);
  views.timer.unref();
}

/**
 * Writes the queued views now (the server calls it on its way down; tests, to read them). One
 * flush at a time; a batch the database refuses while away waits for the next try.
 */
export function flushViews(): Promise<void> {
  views.flushing = (views.flushing ?? Promise.resolve()).then(writeQueuedViews);
  return views.flushing;
}

async function writeQueuedViews(): Promise<void> {
  const db = views.db;
  while (db && views.queue.length > 0) {
    const batch = views.queue.splice(0, VIEW_BATCH);
    try {
      await db.insertInto("audit_events").values(batch).execute();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        await writeOneByOne(db, batch);
        continue;
      }
      views.queue = [...batch, ...views.queue].slice(-VIEW_QUEUE_LIMIT);
      console.error(`[audit] the database is away: ${views.queue.length} view entries wait`);
      scheduleFlush(VIEW_RETRY_MS);
      return;
    }
  }
}

/** A batch the database refused: each entry on its own, so that one bad entry loses only itself. */
async function writeOneByOne(db: DB, batch: ViewRow[]): Promise<void> {
  for (const row of batch) {
    await db
      .insertInto("audit_events")
      .values(row)
      .execute()
      .catch((error: unknown) => console.error("[audit] could not write a view entry", error));
  }
}

/**
 * The names of the columns among `names` whose values differ between a record before and after
 * an update (both as the database returned them), for the update's entry: names only, never
 * values (a client's are medical).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  names: string[] = Object.keys(after),
): string[] {
  return names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).sort();
}

/** An update's entry: the record before and after, and the columns the update set. */
export function auditUpdate(
  db: DB,
  ctx: Ctx,
  entity: AuditEntity,
  before: { id: string } & Record<string, unknown>,
  after: Record<string, unknown>,
  names: string[],
): Promise<void> {
  return audit(db, ctx, {
    action: "update",
    entity,
    id: before.id,
    details: { fields: changedFields(before, after, names) },
  });
}

export interface AuditFilters {
  actorId?: string;
  action?: AuditAction;
  entity?: AuditEntity;
  entityId?: string;
  /** Days (YYYY-MM-DD), both included, in `timeZone` (the agency's; UTC when not given). */
  from?: string;
  to?: string;
  timeZone?: string;
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: AuditAction;
  entity: AuditEntity | null;
  entityId: string | null;
  /** The record's name as it is now (a client's, a facility's…); null once it is deleted. */
  entityName: string | null;
  actorId: string | null;
  actorName: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

function filtered(db: DB, ctx: Ctx, filters: AuditFilters) {
  let query = db.selectFrom("audit_events as a").where("a.agency_id", "=", ctx.agencyId);
  if (filters.actorId) query = query.where("a.actor_id", "=", filters.actorId);
  if (filters.action) query = query.where("a.action", "=", filters.action);
  if (filters.entity) query = query.where("a.entity_type", "=", filters.entity);
  if (filters.entityId) query = query.where("a.entity_id", "=", filters.entityId);
  const zone = filters.timeZone ?? "UTC";
  if (filters.from)
    query = query.where("a.created_at", ">=", sql<Date>`(${filters.from}::date)::timestamp AT TIME ZONE ${zone}`);
  if (filters.to) {
    query = query.where("a.created_at", "<", sql<Date>`((${filters.to}::date + 1)::timestamp) AT TIME ZONE ${zone}`);
  }
  return query;
}

/** How each kind of record is named on the audit screen: `t` is the record. */
const NAMES: Partial<Record<AuditEntity, { table: string; name: string }>> = {
  client: { table: "clients", name: "t.first_name || ' ' || t.last_name" },
  facility: { table: "facilities", name: "t.name" },
  user: { table: "users", name: "t.first_name || ' ' || t.last_name" },
  task: { table: "tasks", name: "t.title" },
  resource: { table: "resources", name: "t.original_name" },
  agreement: {
    table: "referral_agreements",
    name: "(SELECT 'Agreement with ' || f.name FROM facilities f WHERE f.id = t.facility_id)",
  },
  placement: {
    table: "placements",
    name: "(SELECT c.first_name || ' ' || c.last_name || ' to ' || f.name FROM clients c, facilities f WHERE c.id = t.client_id AND f.id = t.facility_id)",
  },
};

/** A record's current name (null once it is deleted): one small lookup per row of a page. */
const entityName = sql<string | null>`CASE a.entity_type ${sql.join(
  Object.entries(NAMES).map(
    ([entity, { table, name }]) =>
      sql`WHEN ${entity} THEN (SELECT ${sql.raw(name)} FROM ${sql.table(table)} t WHERE t.id = a.entity_id AND t.agency_id = a.agency_id)`,
  ),
  sql` `,
)} END`;

function rows(db: DB, ctx: Ctx, filters: AuditFilters) {
  return filtered(db, ctx, filters)
    .leftJoin("users as actor", "actor.id", "a.actor_id")
    .select([
      "a.id",
      "a.created_at as createdAt",
      "a.action",
      "a.entity_type as entity",
      "a.entity_id as entityId",
      entityName.as("entityName"),
      "a.actor_id as actorId",
      sql<string | null>`actor.first_name || ' ' || actor.last_name`.as("actorName"),
      "a.email",
      "a.ip",
      "a.user_agent as userAgent",
      "a.details",
    ])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc");
}

/** Counting stops here: the trail grows by every view, and "10,000+" says enough. */
export const AUDIT_COUNT_CAP = 10_000;

/** A page of the agency's entries matching `filters`, newest first, and how many match. */
export async function listAuditEntries(
  db: DB,
  ctx: Ctx,
  filters: AuditFilters,
  page: PageQuery,
): Promise<{ entries: AuditRow[]; count: Count }> {
  const [entries, count] = await Promise.all([
    pageSlice(rows(db, ctx, filters), page).execute(),
    countMatches(db, filtered(db, ctx, filters).select("a.id"), AUDIT_COUNT_CAP),
  ]);
  return { entries, count };
}

/**
 * The latest `limit` entries matching `filters`, and whether there are more; no count, which
 * would read every view of a record viewed for years on each view of its page.
 */
export async function latestAuditEntries(
  db: DB,
  ctx: Ctx,
  filters: AuditFilters,
  limit: number,
): Promise<{ entries: AuditRow[]; more: boolean }> {
  const found = await rows(db, ctx, filters)
    .limit(limit + 1)
    .execute();
  return { entries: found.slice(0, limit), more: found.length > limit };
}

/** Every entry matching `filters`, newest first, a batch at a time (the CSV download). */
export function streamAuditEntries(
  db: DB,
  ctx: Ctx,
  filters: AuditFilters,
  batchSize = 1000,
): AsyncIterable<AuditRow[]> {
  return keysetBatches(async (after: Cursor<Date> | null) => {
    let query = rows(db, ctx, filters).select("a.created_at as sort_key").limit(batchSize);
    if (after) {
      query = query.where(({ eb, refTuple, tuple }) =>
        eb(refTuple("a.created_at", "a.id"), "<", tuple(after.key, after.id)),
      );
    }
    return query.execute();
  }, batchSize);
}

/**
 * Deletes the entries older than their agency's retention period (six years unless the agency
 * keeps them longer): what the database allows to go. Returns how many.
 */
export async function pruneAuditEntries(db: DB): Promise<number> {
  const result = await sql`
    DELETE FROM audit_events a
    WHERE a.created_at < now() - make_interval(years => COALESCE(
      (SELECT audit_retention_years FROM agencies WHERE id = a.agency_id), 6))`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

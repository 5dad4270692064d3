import { type SelectQueryBuilder, sql } from "kysely";
import { expiryOf, EXPIRY_WARNING_DAYS } from "~/schemas/resource.constants";
import { addDays, relativeDay } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import type { Database } from "~/utils/db-types";
import { formatDate } from "~/utils/format";
import { OPEN_PLACEMENT_STATUSES } from "~/utils/client-status";
import { can } from "~/utils/permissions";
import { isUuid } from "~/utils/uuid";
import type { ClientStatus, PlacementStatus } from "~/utils/vocabulary";
import type { Ctx } from "./context";
import { visibleTo } from "./resources.server";

// What needs a person's attention (the bell, /notifications and the daily digest;
// docs/screens.md, "Notifications"). Two sorts:
// - worked out from current data on every read: their open tasks overdue or due today, the
//   placements of theirs moving in within the week, the documents expiring within 30 days that
//   concern them. Read marks are per person, item and day (`notification_reads`): read today, the
//   item is unread again tomorrow if it still holds.
// - stored, because nothing else remembers them: a task of theirs moved on the board by someone
//   else (`notifications`, written in the move's transaction), read once and for all (`read_at`),
//   shown for 7 days once read.

export type NotificationKind = "task-overdue" | "task-due" | "move-in" | "document-expiring" | "task-moved";

export interface NotificationItem {
  /** What a read mark names: "task:<id>", "move-in:<id>", "document:<id>", "moved:<notification id>". */
  key: string;
  kind: NotificationKind;
  /** "Overdue task", "Due today", "Moving in this week", "Document expiring", "Task moved". */
  label: string;
  /** The record: the task's title, "Client → Facility", the document's name. */
  title: string;
  /** "Due Nov 3, 2026 (5 days ago)", "Expires in 20 days", "Dana Ruiz moved it from New Client to Placed". */
  detail: string;
  /** The record's page. */
  href: string;
  read: boolean;
}

/** How many of each kind are read at most (the bell shows a few, the page pages through them). */
const PER_KIND = 50;
/** The days of "this week": today and the next six. */
const WEEK_DAYS = 7;
/** A stored notification, once read, is still listed for this many days. */
const KEEP_READ_DAYS = 7;

/**
 * The open statuses written into the statement, not sent as values: a statement is prepared once
 * and its plan kept (docs/decisions/014-prepared-statements.md), and only a plan that sees these
 * words uses the indexes kept for open placements (`placements_move_in_idx`).
 */
const OPEN_PLACEMENTS = OPEN_PLACEMENT_STATUSES.map((status) => sql.lit<PlacementStatus>(status));

function dueTasks(db: DB, ctx: Ctx, today: string) {
  return db
    .selectFrom("tasks")
    .where("agency_id", "=", ctx.agencyId)
    .where("assigned_to", "=", ctx.userId)
    .where("is_completed", "=", sql.lit(false))
    .where("due_date", "<=", today)
    .orderBy("due_date")
    .orderBy("id")
    .limit(PER_KIND);
}

/** A placement is theirs when they are its agent or made it. */
function moveIns(db: DB, ctx: Ctx, today: string) {
  return db
    .selectFrom("placements as p")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.status", "in", OPEN_PLACEMENTS)
    .where("p.move_in_date", ">=", today)
    .where("p.move_in_date", "<=", addDays(today, WEEK_DAYS - 1))
    .where((eb) => eb.or([eb("p.agent_id", "=", ctx.userId), eb("p.created_by", "=", ctx.userId)]))
    .orderBy("p.move_in_date")
    .orderBy("p.id")
    .limit(PER_KIND);
}

/**
 * Documents expiring within 30 days that the person may see and that concern them: uploaded by
 * them; about a placement of theirs or a task assigned to them; about a client or facility of one
 * of their open placements. Facility documents (licences, inspection reports) concern coordinators
 * and admins too, who keep the directory.
 */
function expiringDocuments(db: DB, ctx: Ctx, today: string) {
  // Each condition is checked for the few documents expiring in the window (an EXISTS by the
  // document's record), not by listing all of the person's placements and tasks first: on a
  // large agency that list costs every page's header 15 ms. `OFFSET 0` keeps Postgres from
  // turning an EXISTS into such a list (a "hashed SubPlan"), which it prefers by its estimates.
  const keepsDirectory = can(ctx.role, "records.delete");
  return db
    .selectFrom("resources as r")
    .where("r.agency_id", "=", ctx.agencyId)
    .where("r.expiration_date", ">=", today)
    .where("r.expiration_date", "<=", addDays(today, EXPIRY_WARNING_DAYS))
    .where(visibleTo(ctx))
    .where((eb) => {
      /** One of the person's placements (agent or creator) by `column` = the document's record. */
      const placementOf = (column: "p.id" | "p.client_id" | "p.facility_id", open: boolean) =>
        eb.exists(
          eb
            .selectFrom("placements as p")
            .select("p.id")
            .whereRef(column, "=", "r.related_id")
            .where("p.agency_id", "=", ctx.agencyId)
            .where((p) => p.or([p("p.agent_id", "=", ctx.userId), p("p.created_by", "=", ctx.userId)]))
            .$if(open, (qb) => qb.where("p.status", "in", OPEN_PLACEMENTS))
            .offset(0),
        );
      return eb.or([
        eb("r.uploaded_by", "=", ctx.userId),
        eb.and([eb("r.related_type", "=", "Placement"), placementOf("p.id", false)]),
        eb.and([
          eb("r.related_type", "=", "Task"),
          eb.exists(
            eb
              .selectFrom("tasks as t")
              .select("t.id")
              .whereRef("t.id", "=", "r.related_id")
              .where("t.agency_id", "=", ctx.agencyId)
              .where("t.assigned_to", "=", ctx.userId)
              .offset(0),
          ),
        ]),
        eb.and([eb("r.related_type", "=", "Client"), placementOf("p.client_id", true)]),
        eb.and([
          eb("r.related_type", "=", "Facility"),
          keepsDirectory ? eb.lit(true) : placementOf("p.facility_id", true),
        ]),
      ]);
    })
    .orderBy("r.expiration_date")
    .orderBy("r.id")
    .limit(PER_KIND);
}

function storedMoves(db: DB, ctx: Ctx) {
  return db
    .selectFrom("notifications as n")
    .where("n.user_id", "=", ctx.userId)
    .where("n.agency_id", "=", ctx.agencyId)
    .where((eb) =>
      eb.or([
        eb("n.read_at", "is", null),
        eb("n.read_at", ">", sql<Date>`now() - make_interval(days => ${KEEP_READ_DAYS})`),
      ]),
    )
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(PER_KIND);
}

async function readKeys(db: DB, ctx: Ctx, today: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("notification_reads")
    .select("item_key")
    .where("user_id", "=", ctx.userId)
    .where("day", "=", today)
    .execute();
  return new Set(rows.map((row) => row.item_key));
}

/**
 * How many of the person's notifications are unread (what the bell shows on every page): the same
 * items as `listNotifications`, counted in one statement instead of listed in five.
 */
export async function countUnreadNotifications(db: DB, ctx: Ctx, today: string): Promise<number> {
  /** The computed items of one kind (`prefix` + id is their read mark's key) not marked read today. */
  const unread = (prefix: string, items: SelectQueryBuilder<Database, never, { id: string }>) =>
    db
      .selectFrom(items.as("i"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("notification_reads as nr")
              .select("nr.item_key")
              .where("nr.user_id", "=", ctx.userId)
              .where("nr.day", "=", today)
              .whereRef("nr.item_key", "=", sql<string>`${prefix} || i.id`),
          ),
        ),
      );
  const movedUnread = db
    .selectFrom(storedMoves(db, ctx).select("n.id").where("n.read_at", "is", null).as("m"))
    .select((eb) => eb.fn.countAll<number>().as("n"));
  const { n } = await db
    .selectNoFrom(
      sql<number>`(${unread("task:", dueTasks(db, ctx, today).select("id"))})
        + (${unread("move-in:", moveIns(db, ctx, today).select("p.id"))})
        + (${unread("document:", expiringDocuments(db, ctx, today).select("r.id"))})
        + (${movedUnread})`.as("n"),
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Everything that needs the person now, on `today` (their agency's day): overdue tasks (most
 * overdue first), tasks due today, their tasks moved by others (newest first), move-ins this week
 * and expiring documents (soonest first). At most 50 of each kind.
 */
export async function listNotifications(db: DB, ctx: Ctx, today: string): Promise<NotificationItem[]> {
  const [tasks, placements, documents, moves, read] = await Promise.all([
    dueTasks(db, ctx, today).select(["id", "title", "due_date"]).execute(),
    moveIns(db, ctx, today)
      .innerJoin("clients as c", "c.id", "p.client_id")
      .innerJoin("facilities as f", "f.id", "p.facility_id")
      .select(["p.id", "p.move_in_date", "c.first_name", "c.last_name", "f.name as facility"])
      .execute(),
    expiringDocuments(db, ctx, today).select(["r.id", "r.original_name", "r.expiration_date"]).execute(),
    storedMoves(db, ctx)
      .innerJoin("tasks as t", "t.id", "n.task_id")
      .leftJoin("users as a", "a.id", "n.actor_id")
      .select(["n.id", "n.task_id", "n.details", "n.read_at", "t.title", "a.first_name", "a.last_name"])
      .execute(),
    readKeys(db, ctx, today),
  ]);
  const computed = (key: string) => ({ key, read: read.has(key) });
  return [
    ...tasks.map((t): NotificationItem => {
      const overdue = t.due_date < today;
      return {
        ...computed(`task:${t.id}`),
        kind: overdue ? "task-overdue" : "task-due",
        label: overdue ? "Overdue task" : "Due today",
        title: t.title,
        detail: overdue
          ? `Due ${formatDate(t.due_date)} (${relativeDay(t.due_date, today).toLowerCase()})`
          : "Due today",
        href: `/tasks/${t.id}`,
      };
    }),
    ...moves.map((m): NotificationItem => {
      const { from, to } = m.details as { from?: ClientStatus; to?: ClientStatus };
      const who = m.first_name ? `${m.first_name} ${m.last_name}` : "Someone";
      return {
        key: `moved:${m.id}`,
        read: m.read_at !== null,
        kind: "task-moved",
        label: "Task moved",
        title: m.title,
        detail: `${who} moved it from ${from ?? "another stage"} to ${to ?? "another stage"}`,
        href: `/tasks/${m.task_id}`,
      };
    }),
    ...placements.map((p): NotificationItem => ({
      ...computed(`move-in:${p.id}`),
      kind: "move-in",
      label: "Moving in this week",
      title: `${p.first_name} ${p.last_name} → ${p.facility}`,
      detail: `Moves in ${formatDate(p.move_in_date)} (${relativeDay(p.move_in_date!, today).toLowerCase()})`,
      href: `/placements/${p.id}`,
    })),
    ...documents.map((d): NotificationItem => ({
      ...computed(`document:${d.id}`),
      kind: "document-expiring",
      label: "Document expiring",
      title: d.original_name,
      detail: expiryOf(d.expiration_date, today).status,
      href: `/resources/${d.id}`,
    })),
  ];
}

const COMPUTED_KEY = /^(task|move-in|document):([0-9a-f-]{36})$/;
const STORED_KEY = /^moved:([0-9a-f-]{36})$/;

/** Whether `key` names a notification (what the mark-read form posts). */
export function isNotificationKey(key: string): boolean {
  const match = COMPUTED_KEY.exec(key) ?? STORED_KEY.exec(key);
  return Boolean(match && isUuid(match[match.length - 1]));
}

/** Marks the person's notifications `keys` read (computed ones for `today`); unknown keys are ignored. */
export async function markNotificationsRead(db: DB, ctx: Ctx, keys: string[], today: string): Promise<void> {
  const stored = keys.flatMap((key) => STORED_KEY.exec(key)?.[1] ?? []).filter(isUuid);
  const computed = keys.filter((key) => COMPUTED_KEY.test(key) && isUuid(key.slice(key.indexOf(":") + 1)));
  if (stored.length > 0) {
    await db
      .updateTable("notifications")
      .set({ read_at: new Date() })
      .where("id", "in", stored)
      .where("user_id", "=", ctx.userId)
      .where("agency_id", "=", ctx.agencyId)
      .where("read_at", "is", null)
      .execute();
  }
  if (computed.length > 0) {
    await db
      .insertInto("notification_reads")
      .values(computed.map((key) => ({ user_id: ctx.userId, item_key: key, day: today })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Marks everything the person has now read. */
export async function markAllNotificationsRead(db: DB, ctx: Ctx, today: string): Promise<void> {
  const items = await listNotifications(db, ctx, today);
  await markNotificationsRead(
    db,
    ctx,
    items.filter((item) => !item.read).map((item) => item.key),
    today,
  );
}

/**
 * A task moved on the board by someone other than its assignee: the assignee is told. Part of the
 * move's transaction.
 */
export async function recordTaskMove(
  db: DB,
  ctx: Ctx,
  task: { id: string; assigned_to: string },
  move: { from: ClientStatus; to: ClientStatus },
): Promise<void> {
  if (task.assigned_to === ctx.userId) return;
  await db
    .insertInto("notifications")
    .values({
      agency_id: ctx.agencyId,
      user_id: task.assigned_to,
      kind: "task_moved",
      task_id: task.id,
      actor_id: ctx.userId,
      details: JSON.stringify(move) as unknown as Record<string, unknown>,
    })
    .execute();
}

/** Deletes read marks of days gone by and stored notifications read long ago. Returns how many. */
export async function pruneNotifications(db: DB, today: string): Promise<number> {
  const reads = await db.deleteFrom("notification_reads").where("day", "<", addDays(today, -2)).executeTakeFirst();
  const stored = await db
    .deleteFrom("notifications")
    .where("read_at", "<", sql<Date>`now() - make_interval(days => ${KEEP_READ_DAYS})`)
    .executeTakeFirst();
  return Number(reads.numDeletedRows) + Number(stored.numDeletedRows);
}

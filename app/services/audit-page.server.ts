import { agencyDay } from "~/models/agency.server";
import {
  type AuditFilters,
  type AuditRow,
  latestAuditEntries,
  listAuditEntries,
  streamAuditEntries,
} from "~/models/audit.server";
import type { Ctx } from "~/models/context";
import { pageInfo } from "~/models/lists.server";
import { listStaff } from "~/models/staff.server";
import type { AuditListQuery } from "~/schemas/audit";
import type { DB } from "~/utils/db.server";
import { formatDateTime, shortUserAgent } from "~/utils/format";
import { can } from "~/utils/permissions";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditEntity } from "~/utils/vocabulary";
import { requirePermission, type SignedIn } from "./session.server";

// What the audit screens show (docs/screens.md, "Audit log"): Settings → Audit log for admins,
// and a client's own history on its page for coordinators and admins.

/** Where each kind of record that has a page of its own is; the others (a token…) have none. */
const RECORD_PAGES: Partial<Record<AuditEntity, string>> = {
  client: "/clients",
  facility: "/facilities",
  placement: "/placements",
  task: "/tasks",
  resource: "/resources",
  user: "/settings/users",
};

/** One entry as a row of the audit screens shows it. */
export interface AuditEntryView {
  id: string;
  /** When, as ISO (for `<time dateTime>`) and as read in the agency's zone ("Nov 27, 2026, 3:42 PM"). */
  at: string;
  when: string;
  /** Who did it, or null: nobody signed in (a failed sign-in, whose `emailTried` says who it claimed to be). */
  who: string | null;
  emailTried: string | null;
  /** What was done: "Viewed", "Updated"… */
  action: string;
  /** Which record, or null: none (a sign-in failure, an export of the audit log). */
  record: {
    kind: string;
    /** Its name as it is now; null once it is deleted (`deleted`), or for a kind without names (a token). */
    name: string | null;
    deleted: boolean;
    /** Its page, while it exists. */
    href: string | null;
    /** The audit log narrowed to it (null: the entry names a kind, not a record: an export). */
    historyHref: string | null;
  } | null;
  /** The names of the fields an update changed. */
  fields: string[];
  ip: string | null;
  /** "Chrome 126 on Windows", and the whole User-Agent. */
  browser: string;
  userAgent: string | null;
}

function recordOf(row: AuditRow): AuditEntryView["record"] {
  if (!row.entity) return null;
  const page = RECORD_PAGES[row.entity];
  const deleted = Boolean(page && row.entityId && row.entityName === null);
  return {
    kind: AUDIT_ENTITY_LABELS[row.entity],
    name: row.entityName,
    deleted,
    href: page && row.entityId && !deleted ? `${page}/${row.entityId}` : null,
    historyHref: row.entityId
      ? `/settings/audit?${new URLSearchParams({ entity: row.entity, entityId: row.entityId })}`
      : null,
  };
}

/** The names of the fields an update changed (`details.fields`), none for another entry. */
export function fieldsOf(row: AuditRow): string[] {
  const fields = row.details.fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === "string") : [];
}

export function toAuditEntryView(row: AuditRow, timeZone: string): AuditEntryView {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    when: formatDateTime(row.createdAt, timeZone),
    who: row.actorName,
    emailTried: row.email,
    action: AUDIT_ACTION_LABELS[row.action],
    record: recordOf(row),
    fields: fieldsOf(row),
    ip: row.ip,
    browser: shortUserAgent(row.userAgent),
    userAgent: row.userAgent,
  };
}

/** The model's filters from the screen's query, its days read in the agency's zone. */
export function auditFilters(query: AuditListQuery, timeZone: string): AuditFilters {
  const { actorId, action, entity, entityId, from, to } = query;
  return { actorId, action, entity, entityId, from, to, timeZone };
}

/** Settings → Audit log (admins only): a page of entries, and the agency's staff for the person filter. */
export async function auditLogPage({ db, ctx }: SignedIn, query: AuditListQuery) {
  requirePermission(ctx, "audit.view");
  const { timeZone } = await agencyDay(db, ctx);
  const [{ entries, count }, staff] = await Promise.all([
    listAuditEntries(db, ctx, auditFilters(query, timeZone), query),
    listStaff(db, ctx),
  ]);
  const views = entries.map((row) => toAuditEntryView(row, timeZone));
  return {
    ...pageInfo(query, count),
    entries: views,
    people: staff.map(
      (m) => [m.id, `${m.firstName} ${m.lastName}${m.isActive ? "" : " (deactivated)"}`] as [string, string],
    ),
    // The record the log is narrowed to (a "History" link), named as its entries name it.
    record: query.entityId ? { id: query.entityId, name: narrowedName(views, query) } : null,
  };
}

function narrowedName(views: AuditEntryView[], query: AuditListQuery): string {
  const record = views[0]?.record;
  const kind = query.entity ? AUDIT_ENTITY_LABELS[query.entity] : (record?.kind ?? "Record");
  return `${kind} ${record?.name ?? (record?.deleted ? "(deleted)" : (query.entityId ?? "").slice(0, 8))}`;
}

/** Every entry matching the audit log's filters, a batch at a time (its CSV download, which checks the role first). */
export async function* auditBatches(db: DB, ctx: Ctx, query: AuditListQuery): AsyncIterable<AuditRow[]> {
  const { timeZone } = await agencyDay(db, ctx);
  yield* streamAuditEntries(db, ctx, auditFilters(query, timeZone));
}

/** How many entries a client's page shows of its history. */
export const CLIENT_HISTORY_SHOWN = 10;

/**
 * A client's own history for its page: its latest entries and whether there are more; null for a
 * role that may not see it (an agent), whose page loads none.
 */
export async function clientHistory({ db, ctx }: Pick<SignedIn, "db" | "ctx">, clientId: string) {
  if (!can(ctx.role, "audit.clientHistory")) return null;
  const [{ timeZone }, { entries, more }] = await Promise.all([
    agencyDay(db, ctx),
    latestAuditEntries(db, ctx, { entity: "client", entityId: clientId }, CLIENT_HISTORY_SHOWN),
  ]);
  return { entries: entries.map((row) => toAuditEntryView(row, timeZone)), more };
}

export type ClientHistoryData = NonNullable<Awaited<ReturnType<typeof clientHistory>>>;

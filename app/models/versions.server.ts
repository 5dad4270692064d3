import type { Selectable, Updateable } from "kysely";
import type { Database } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import { audit, auditUpdate } from "./audit.server";
import { type Ctx, ownRow } from "./context";

// No lost edits (DESIGN §7; docs/architecture.md, "A stale save is refused"). Clients, facilities,
// placements, tasks and documents count the changes people make to them (`version`; a document's
// `revision`): every write by a person names them in `updated_by`, and the database adds one to
// the count (db/migrations/20261203000100_record_versions.ts). A save carries the count it was
// read at; the update is made only `WHERE version = …`, and when it matches nothing the record is
// either gone (not found) or was changed by someone else meanwhile (stale).

/** Where a record stands: its version, when it last changed and who changed it. */
export interface RecordVersion {
  version: number;
  /** ISO 8601. */
  updatedAt: string;
  /** Null when no one is named: a change from before versions were counted, or by a removed user. */
  updatedBy: { id: string; name: string } | null;
}

/** A save refused because the record changed after it was read: how it stands now. Nothing was written. */
export interface StaleWrite {
  ok: false;
  reason: "stale";
  current: RecordVersion;
}

export const NOT_FOUND = { ok: false, reason: "not-found" } as const;

type VersionRow = {
  version: number;
  updated_at: Date | string;
  updated_by: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** A record's version row (its version, updated_at, updated_by and that user's names) as a RecordVersion. */
export function versionOf(row: VersionRow): RecordVersion {
  return {
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy:
      row.updated_by && row.first_name !== null
        ? { id: row.updated_by, name: `${row.first_name} ${row.last_name}` }
        : null,
  };
}

/** Why a guarded write matched nothing: no such record (`current` null), or a newer version of it. */
export function notSaved(current: RecordVersion | null): StaleWrite | typeof NOT_FOUND {
  return current ? { ok: false, reason: "stale", current } : NOT_FOUND;
}

/** The tables whose records count their versions (a document's `revision` has its own functions). */
export type VersionedTable = "clients" | "facilities" | "placements" | "tasks";

/** The version of a record of the caller's agency (a tour's, an agreement's, a disclosure's too); null when there is none. */
export async function currentVersion(
  db: DB,
  ctx: Ctx,
  table: VersionedTable | "tours" | "referral_agreements" | "client_disclosures",
  id: string,
): Promise<RecordVersion | null> {
  if (!isUuid(id)) return null;
  // The tables have the same names for these columns; Kysely is given one of them.
  const row = await db
    .selectFrom(`${table} as r` as "clients as r")
    .leftJoin("users as u", "u.id", "r.updated_by")
    .select(["r.version", "r.updated_at", "r.updated_by", "u.first_name", "u.last_name"])
    .where("r.id", "=", id)
    .where("r.agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return row ? versionOf(row) : null;
}

/**
 * A record of the caller's agency, locked for the rest of the transaction (FOR UPDATE) when it is
 * still at `version` (if given): its row, or not found, or stale with how it stands now.
 */
export async function lockAtVersion<T extends VersionedTable>(
  trx: DB,
  ctx: Ctx,
  table: T,
  id: string,
  version: number | undefined,
): Promise<{ ok: true; row: Selectable<Database[T]> } | typeof NOT_FOUND | StaleWrite> {
  const row = await ownRow(trx, ctx, table, id, { forUpdate: true });
  if (!row) return NOT_FOUND;
  if (version !== undefined && (row as { version: number }).version !== version)
    return notSaved(await currentVersion(trx, ctx, table, id));
  return { ok: true, row };
}

type Row<T extends VersionedTable> = Selectable<Database[T]>;

/**
 * Sets columns of a record the transaction has locked (lockAtVersion), as the caller: the row
 * after, and the update's audit entry naming the columns that changed.
 */
export async function updateLocked<T extends VersionedTable>(
  trx: DB,
  ctx: Ctx,
  table: T,
  before: Row<T>,
  set: Updateable<Database[T]>,
): Promise<Row<T>> {
  const after = await trx
    .updateTable(table as VersionedTable as "clients")
    .set({ ...(set as Updateable<Database["clients"]>), updated_by: ctx.userId })
    .where("id", "=", (before as { id: string }).id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditUpdate(trx, ctx, ENTITIES[table], before as Row<"clients">, after, Object.keys(set));
  return after as unknown as Row<T>;
}

/** Sets columns of a record when it is still at `version` (if given): lockAtVersion, then updateLocked. */
export async function updateAtVersion<T extends VersionedTable>(
  db: DB,
  ctx: Ctx,
  table: T,
  id: string,
  version: number | undefined,
  set: Updateable<Database[T]>,
): Promise<{ ok: true; row: Row<T> } | typeof NOT_FOUND | StaleWrite> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, table, id, version);
    if (!locked.ok) return locked;
    return { ok: true, row: await updateLocked(trx, ctx, table, locked.row, set) } as const;
  });
}

const ENTITIES = { clients: "client", facilities: "facility", placements: "placement", tasks: "task" } as const;

/**
 * Deletes a record the transaction has locked (lockAtVersion), with its audit entry: for a delete
 * that checks what refers to the record after locking it, so that nothing can come to refer to it
 * between the check and the delete.
 */
export async function deleteLocked<T extends VersionedTable>(trx: DB, ctx: Ctx, table: T, row: Row<T>): Promise<void> {
  const id = (row as { id: string }).id;
  await trx
    .deleteFrom(table as VersionedTable as "clients")
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .execute();
  await audit(trx, ctx, { action: "delete", entity: ENTITIES[table], id });
}

/**
 * Deletes a record of the caller's agency (still at `version`, if given), with its audit entry;
 * `after` runs in the same transaction with the deleted row (what follows from it: a bed given
 * back, a client's status).
 */
export async function deleteAtVersion<T extends VersionedTable>(
  db: DB,
  ctx: Ctx,
  table: T,
  id: string,
  version?: number,
  after?: (trx: DB, row: Row<T>) => Promise<void>,
): Promise<{ ok: true } | typeof NOT_FOUND | StaleWrite> {
  if (!isUuid(id)) return NOT_FOUND;
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom(table as VersionedTable as "clients")
      .where("id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .$if(version !== undefined, (qb) => qb.where("version", "=", version!))
      .returningAll()
      .executeTakeFirst();
    if (!deleted) return notSaved(await currentVersion(trx, ctx, table, id));
    await audit(trx, ctx, { action: "delete", entity: ENTITIES[table], id });
    if (after) await after(trx, deleted as unknown as Row<T>);
    return { ok: true } as const;
  });
}

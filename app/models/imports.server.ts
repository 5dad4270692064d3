import { type Insertable, type Selectable, sql } from "kysely";
import type { ImportMode, ImportStatus, ImportType } from "~/schemas/import";
import type { Database, ImportsTable } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import { audit, auditEach } from "./audit.server";
import type { Ctx } from "./context";
import { lockAtVersion, updateLocked } from "./versions.server";

// CSV imports (docs/decisions/012-csv-import.md; docs/data-model.md, "Imports"): the import rows,
// their files in pieces while they wait, and the writes an import makes and undo takes back. The
// import itself (reading, checking, choosing) is app/services/import.server.ts.

/** The most errors an import keeps (the counts are exact; the list is for fixing the file). */
export const MAX_KEPT_ERRORS = 1_000;

export type ImportRow = Selectable<ImportsTable>;

/** An import as the screens and the API show it. */
export interface ImportRecord {
  id: string;
  type: ImportType;
  status: ImportStatus;
  fileName: string;
  sizeBytes: number;
  duplicates: ImportRow["duplicates"];
  mode: ImportMode;
  mapping: Record<string, number> | null;
  counts: { total: number; processed: number; created: number; updated: number; skipped: number; invalid: number };
  errors: unknown[];
  message: string | null;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  undoneAt: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toImportRecord(row: ImportRow): ImportRecord {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    duplicates: row.duplicates,
    mode: row.mode,
    mapping: row.mapping,
    counts: {
      total: row.total_rows,
      processed: row.processed_rows,
      created: row.created_count,
      updated: row.updated_count,
      skipped: row.skipped_count,
      invalid: row.invalid_count,
    },
    errors: row.errors,
    message: row.message,
    createdBy: row.created_by,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    undoneAt: iso(row.undone_at),
  };
}

// ─────────────────────────────── the import and its file ───────────────────────────────

/** A column mapping as the `mapping` column is written: its JSON text, or null. */
const storedMapping = (mapping: Record<string, number> | null | undefined) =>
  mapping ? (JSON.stringify(mapping) as never) : null;

/** Adds an import of the caller's agency (in the caller's transaction, with its file's pieces and its job). */
export async function insertImport(
  trx: DB,
  ctx: Ctx,
  values: Omit<Insertable<ImportsTable>, "agency_id" | "created_by">,
): Promise<void> {
  await trx
    .insertInto("imports")
    .values({
      ...values,
      mapping: storedMapping(values.mapping),
      agency_id: ctx.agencyId,
      created_by: ctx.userId,
    })
    .execute();
}

/** One piece of an import's file (the import's row may come later in the same transaction). */
export async function addImportChunk(trx: DB, importId: string, seq: number, data: Uint8Array): Promise<void> {
  await trx
    .insertInto("import_file_chunks")
    .values({ import_id: importId, seq, data: Buffer.from(data) })
    .execute();
}

/** An import's file, a piece at a time, in order. */
export async function* importFile(db: DB, importId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const chunk = await db
      .selectFrom("import_file_chunks")
      .select("data")
      .where("import_id", "=", importId)
      .where("seq", "=", seq)
      .executeTakeFirst();
    if (!chunk) return;
    yield chunk.data;
  }
}

export async function deleteImportFile(db: DB, importId: string): Promise<void> {
  await db.deleteFrom("import_file_chunks").where("import_id", "=", importId).execute();
}

/** An import of the caller's agency. */
export async function getImport(db: DB, ctx: Ctx, id: string): Promise<ImportRecord | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("imports")
    .selectAll()
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return row ? toImportRecord(row) : null;
}

/** The caller agency's latest imports. */
export async function listImports(db: DB, ctx: Ctx, limit = 20): Promise<ImportRecord[]> {
  const rows = await db
    .selectFrom("imports")
    .selectAll()
    .where("agency_id", "=", ctx.agencyId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toImportRecord);
}

/** An import by id alone: what its job reads (the job runs as the import's author, in its agency). */
export async function readImportRow(db: DB, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom("imports").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The imports of every agency that were waiting or running when the process stopped (without a queue). */
export async function unfinishedImportIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("imports").select("id").where("status", "in", ["queued", "running"]).execute();
  return rows.map((row) => row.id);
}

/** Locks an import's row for the transaction: a second run of its job waits, then sees where the first left it. */
export async function lockImportRow(trx: DB, id: string): Promise<ImportRow | undefined> {
  return trx.selectFrom("imports").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

type DraftChoices = { mapping?: Record<string, number>; duplicates: ImportRow["duplicates"]; mode: ImportMode };

/** The update of a draft of the caller's agency: these choices, and the other `columns` given. */
function updateDraft(db: DB, ctx: Ctx, id: string, choices: DraftChoices, columns: { status?: "queued" } = {}) {
  return db
    .updateTable("imports")
    .set({
      ...columns,
      mapping: storedMapping(choices.mapping),
      duplicates: choices.duplicates,
      mode: choices.mode,
    })
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .where("status", "=", "draft");
}

/** A draft of the caller's agency, queued with these choices; false when it is not a draft. */
export async function queueDraft(trx: DB, ctx: Ctx, id: string, choices: DraftChoices): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await updateDraft(trx, ctx, id, choices, { status: "queued" }).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a draft's choices (the mapping form, before its preview). */
export async function setDraftChoices(db: DB, ctx: Ctx, id: string, choices: DraftChoices): Promise<void> {
  await updateDraft(db, ctx, id, choices).execute();
}

export type ImportUpdate = Partial<{
  status: ImportStatus;
  message: string | null;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  started_at: Date | null;
  finished_at: Date | null;
}>;

export async function updateImport(db: DB, id: string, set: ImportUpdate): Promise<void> {
  await db.updateTable("imports").set(set).where("id", "=", id).execute();
}

/** What a batch of an import did: added to the import's counts and lists (in the batch's transaction). */
export interface BatchOutcome {
  processed: number;
  created: string[];
  updated: number;
  skipped: number;
  invalid: number;
  errors: unknown[];
  previous: unknown[];
}

export async function recordBatch(db: DB, id: string, batch: BatchOutcome): Promise<void> {
  await db
    .updateTable("imports")
    .set({
      processed_rows: sql`processed_rows + ${batch.processed}`,
      created_count: sql`created_count + ${batch.created.length}`,
      updated_count: sql`updated_count + ${batch.updated}`,
      skipped_count: sql`skipped_count + ${batch.skipped}`,
      invalid_count: sql`invalid_count + ${batch.invalid}`,
      created_ids: sql`created_ids || ${batch.created}::uuid[]`,
      previous: sql`previous || ${JSON.stringify(batch.previous)}::jsonb`,
      errors: sql`CASE WHEN jsonb_array_length(errors) >= ${MAX_KEPT_ERRORS} THEN errors
        ELSE errors || ${JSON.stringify(batch.errors.slice(0, MAX_KEPT_ERRORS))}::jsonb END`,
    })
    .where("id", "=", id)
    .execute();
}

/** Starts an import's run again from nothing (all or nothing: an earlier run wrote nothing that stayed). */
export async function resetImportProgress(db: DB, id: string): Promise<void> {
  await db
    .updateTable("imports")
    .set({
      processed_rows: 0,
      created_count: 0,
      updated_count: 0,
      skipped_count: 0,
      invalid_count: 0,
      created_ids: sql`'{}'::uuid[]`,
      previous: sql`'[]'::jsonb`,
      errors: sql`'[]'::jsonb`,
      message: null,
    })
    .where("id", "=", id)
    .execute();
}

// ─────────────────────────────── what an import writes ───────────────────────────────

/** The tables an import writes, and how their audit entries name a record. */
export const IMPORT_TABLES = { clients: "client", facilities: "facility", placements: "placement" } as const;
export type ImportTable = keyof typeof IMPORT_TABLES;

/** Clients of the agency whose e-mail (any case) or phone digits are among these: the forms' duplicate rule. */
export async function clientsByContact(
  db: DB,
  ctx: Ctx,
  emails: string[],
  digits: string[],
): Promise<{ id: string; email: string; phone_digits: string }[]> {
  if (emails.length === 0 && digits.length === 0) return [];
  return db
    .selectFrom("clients")
    .select(["id", sql<string>`lower(email)`.as("email"), "phone_digits"])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "=", sql`ANY(${emails}::text[])`),
        eb("phone_digits", "=", sql<string>`ANY(${digits}::text[])`),
      ]),
    )
    .orderBy("created_at")
    .execute();
}

/** Facilities of the agency with one of these licence numbers (any case): an import's duplicate rule for facilities. */
export async function facilitiesByLicense(
  db: DB,
  ctx: Ctx,
  licenses: string[],
): Promise<{ id: string; license: string }[]> {
  if (licenses.length === 0) return [];
  return db
    .selectFrom("facilities")
    .select(["id", sql<string>`lower(license_number)`.as("license")])
    .where("agency_id", "=", ctx.agencyId)
    .where(sql<string>`lower(license_number)`, "=", sql<string>`ANY(${licenses}::text[])`)
    .orderBy("created_at")
    .execute();
}

/**
 * Adds records in one multi-row statement (the running totals' triggers run once per statement:
 * docs/decisions/002-running-totals.md), with one `import` audit entry each; their ids, in order.
 */
export async function insertImported<T extends ImportTable>(
  trx: DB,
  ctx: Ctx,
  table: T,
  importId: string,
  rows: Insertable<Database[T]>[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto(table as ImportTable as "clients")
    .values(
      rows.map((row) => ({
        ...(row as Insertable<Database["clients"]>),
        agency_id: ctx.agencyId,
        // Clients and placements name who added them; facilities do not.
        ...(table === "facilities" ? {} : { created_by: ctx.userId }),
        updated_by: ctx.userId,
      })),
    )
    .returning("id")
    .execute();
  const ids = inserted.map((r) => r.id);
  await auditEach(
    trx,
    ctx,
    { action: "import", entity: IMPORT_TABLES[table], details: { import: importId } },
    trx
      .selectFrom(table as ImportTable as "clients")
      .select("id")
      .where("id", "=", sql<string>`ANY(${ids}::uuid[])`),
  );
  return ids;
}

/**
 * Sets a record's columns from an import (audited as an update); the values it had before, to
 * restore on undo. Null when the record is gone.
 */
export async function updateImported<T extends ImportTable>(
  trx: DB,
  ctx: Ctx,
  table: T,
  id: string,
  set: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const locked = await lockAtVersion(trx, ctx, table, id, undefined);
  if (!locked.ok) return null;
  const before = locked.row as Record<string, unknown>;
  await updateLocked(trx, ctx, table, locked.row, set as never);
  return Object.fromEntries(Object.keys(set).map((column) => [column, before[column]]));
}

/** Whether an error is Postgres refusing a delete for rows that still refer to the record. */
const isInUse = (error: unknown) => (error as { code?: string }).code === "23503";

/**
 * Takes back a finished import (in one transaction): deletes what it created, restores what it
 * updated, marks it undone, with audit entries. False when a created record is in use now (a
 * placement of an imported client): nothing is changed then.
 */
export async function undoImportWrites(
  db: DB,
  ctx: Ctx,
  row: ImportRow,
  restoreColumns: (values: Record<string, unknown>) => Record<string, unknown>,
): Promise<boolean> {
  const table = row.type as ImportTable;
  try {
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("imports")
        .set({ status: "undone", undone_at: sql`now()`, undone_by: ctx.userId })
        .where("id", "=", row.id)
        .where("status", "=", "done")
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new Error("The import is not done");
      const deleted = trx
        .deleteFrom(table as ImportTable as "clients")
        .where("agency_id", "=", ctx.agencyId)
        .where("id", "=", sql<string>`ANY(${row.created_ids}::uuid[])`)
        .returning("id");
      await auditEach(
        trx,
        ctx,
        { action: "delete", entity: IMPORT_TABLES[table], details: { import: row.id } },
        deleted,
      );
      for (const { id, values } of row.previous as { id: string; values: Record<string, unknown> }[]) {
        await updateImported(trx, ctx, table, id, restoreColumns(values));
      }
      await audit(trx, ctx, { action: "undo", entity: "import", id: row.id, details: { type: row.type } });
    });
    return true;
  } catch (error) {
    if (isInUse(error)) return false;
    throw error;
  }
}

import type { Task, TaskList } from "graphile-worker";
import type { Ctx } from "~/models/context";
import { audit } from "~/models/audit.server";
import {
  type BatchOutcome,
  deleteImportFile,
  type ImportRow,
  importFile,
  insertImported,
  readImportRow,
  recordBatch,
  resetImportProgress,
  updateImport,
  updateImported,
} from "~/models/imports.server";
import { type DuplicateChoice, IMPORT_MESSAGES, matchHeaders, MAX_IMPORT_ROWS } from "~/schemas/import";
import { type DB, getDb } from "~/utils/db.server";
import { csvRows } from "./import-csv.server";
import { UnreadableWorkbook, xlsxRows } from "./import-xlsx.server";
import { issuesOf, type RowError, rowErrors, rowInput } from "./import-rows.server";
import { importerOf } from "./import-types.server";
import type { Importer } from "./importer.server";

// Running an import (docs/decisions/012-csv-import.md): its file read as it streams, a batch of
// rows at a time; each row checked with the form's schema, matched against earlier rows and the
// agency's records by the forms' duplicate rule, then inserted (one multi-row statement a batch)
// or used to update the record it duplicates. All or nothing (one transaction: any invalid row,
// and nothing stays), or the valid rows (a transaction a batch, which records its progress with
// it, so that a run stopped half-way resumes after the last batch that committed).

/** Rows a batch holds: one INSERT of up to this many rows. */
export const IMPORT_BATCH_ROWS = 1_000;

/** A row read from the file: its number in the spreadsheet (the header is row 1) and its cells. */
interface FileRow {
  row: number;
  cells: string[];
}

/** What a run knows across batches: the file's headers, the mapping, and the keys of the rows taken so far. */
interface RunState {
  importId: string;
  ctx: Ctx;
  importer: Importer;
  headers: string[];
  mapping: Record<string, number>;
  choice: DuplicateChoice;
  /** Duplicate key → the row that first had it. */
  seen: Map<string, number>;
  /** What the rows written so far hold that no other row may (the importer's `refusals`): key → row. */
  claimed: Map<string, number>;
}

/** Stops an all-or-nothing run and takes its writes back: some rows were not valid. */
class NotAllValid extends Error {
  constructor(readonly outcome: BatchOutcome) {
    super("Some rows are not valid");
  }
}

const emptyOutcome = (): BatchOutcome => ({
  processed: 0,
  created: [],
  updated: 0,
  skipped: 0,
  invalid: 0,
  errors: [],
  previous: [],
});

function addOutcome(total: BatchOutcome, batch: BatchOutcome): void {
  total.processed += batch.processed;
  total.created.push(...batch.created);
  total.updated += batch.updated;
  total.skipped += batch.skipped;
  total.invalid += batch.invalid;
  total.errors.push(...batch.errors.slice(0, Math.max(0, 1_000 - total.errors.length)));
  total.previous.push(...batch.previous);
}

/** A valid row: its schema output and its keys. */
interface ValidRow {
  row: number;
  cells: string[];
  input: unknown;
  meta: { createdAt?: string; updatedAt?: string };
  keys: string[];
}

/** Checks a batch's rows: the valid ones (not repeating an earlier row, unless created anyway), and what the others were. */
export async function checkRows(db: DB, state: RunState, rows: FileRow[], outcome: BatchOutcome): Promise<ValidRow[]> {
  const { importer, headers, mapping } = state;
  const valid: ValidRow[] = [];
  const read = rows.map(({ cells }) => rowInput(importer.fields, mapping, cells));
  const prepared = importer.prepare
    ? await importer.prepare(
        db,
        state.ctx,
        read.map((r) => r.input),
      )
    : [];
  for (const [i, { row, cells }] of rows.entries()) {
    const { input, meta, errors } = read[i];
    const problems = [...errors, ...(prepared[i] ?? [])];
    const parsed = importer.schema.safeParse(input);
    // A field the importer could not find says so once, not again as "is required".
    const schemaIssues = parsed.success
      ? []
      : issuesOf(parsed.error).filter((s) => !problems.some((p) => p.key === s.key));
    const issues = [...problems, ...schemaIssues];
    if (issues.length > 0) {
      outcome.invalid++;
      outcome.errors.push(
        ...rowErrors(row, importer.fields, headers, mapping, cells, issues).map((e) => ({ kind: "invalid", ...e })),
      );
      continue;
    }
    const keys = importer.keys(parsed.data);
    const earlier = keys.map((k) => state.seen.get(k)).find((r) => r !== undefined);
    if (earlier !== undefined && state.choice !== "create") {
      outcome.skipped++;
      outcome.errors.push(duplicate(row, `${importer.sameAs} as row ${earlier} of this file: skipped`));
      continue;
    }
    for (const key of keys) if (!state.seen.has(key)) state.seen.set(key, row);
    valid.push({ row, cells, input: parsed.data, meta, keys });
  }
  return valid;
}

const duplicate = (row: number, message: string): RowError & { kind: "duplicate" } => ({
  kind: "duplicate",
  row,
  field: null,
  column: null,
  message,
});

/**
 * The rows of a batch to write, each with the record it updates (if any), the duplicates skipped
 * said so in `outcome`, and the rows the importer refuses (a second open placement) counted as
 * not valid.
 */
async function rowsToWrite(
  db: DB,
  state: RunState,
  valid: ValidRow[],
  outcome: BatchOutcome,
  skipped: string,
): Promise<{ v: ValidRow; id?: string }[]> {
  const { importer, ctx, choice } = state;
  const existing =
    choice === "create"
      ? new Map<string, string>()
      : await importer.findExisting(
          db,
          ctx,
          valid.flatMap((v) => v.keys),
        );
  const writes: { v: ValidRow; id?: string }[] = [];
  for (const v of valid) {
    const id = v.keys.map((k) => existing.get(k)).find(Boolean);
    if (id && choice === "skip") {
      outcome.skipped++;
      outcome.errors.push(duplicate(v.row, `${importer.duplicateMessage} ${skipped}`));
    } else writes.push({ v, id });
  }
  if (!importer.refusals) return writes;
  const refused = await importer.refusals(
    db,
    ctx,
    writes.map(({ v, id }) => ({ row: v.row, input: v.input, updating: id })),
    state.claimed,
  );
  return writes.filter(({ v }, i) => {
    const problem = refused[i];
    if (!problem) return true;
    outcome.invalid++;
    outcome.errors.push(
      ...rowErrors(v.row, importer.fields, state.headers, state.mapping, v.cells, [problem]).map((e) => ({
        kind: "invalid",
        ...e,
      })),
    );
    return false;
  });
}

/** Writes a batch's valid rows: new records in one statement; duplicates of existing ones skipped, updated, or created. */
async function writeRows(trx: DB, state: RunState, valid: ValidRow[], outcome: BatchOutcome): Promise<void> {
  const { importer, ctx } = state;
  const inserts: Record<string, unknown>[] = [];
  for (const { v, id } of await rowsToWrite(trx, state, valid, outcome, "exists: skipped")) {
    if (!id) {
      inserts.push(importer.insertColumns(v.input, v.meta));
    } else {
      const values = await updateImported(trx, ctx, importer.table, id, importer.updateColumns(v.input));
      if (values) {
        outcome.updated++;
        outcome.previous.push({ id, values });
      }
    }
  }
  outcome.created.push(...(await insertImported(trx, ctx, importer.table, state.importId, inserts as never[])));
}

async function applyBatch(trx: DB, state: RunState, rows: FileRow[]): Promise<BatchOutcome> {
  const outcome = emptyOutcome();
  outcome.processed = rows.length;
  await writeRows(trx, state, await checkRows(trx, state, rows, outcome), outcome);
  return outcome;
}

/** The file's rows after its header, a batch at a time; `header` receives the header first. */
async function* fileBatches(db: DB, row: ImportRow, header: (cells: string[]) => void): AsyncGenerator<FileRow[]> {
  let batch: FileRow[] = [];
  let count = 0;
  for await (const { number, cells } of fileRows(db, row)) {
    count++;
    if (count === 1) {
      header(cells);
      continue;
    }
    if (count - 1 > MAX_IMPORT_ROWS) throw new ImportRefused(IMPORT_MESSAGES.tooManyRows);
    batch.push({ row: number ?? count, cells });
    if (batch.length >= IMPORT_BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (count === 0) throw new ImportRefused(IMPORT_MESSAGES.empty);
  if (batch.length > 0) yield batch;
}

/**
 * The rows of an import's file as they stream: a CSV's (numbered as they come), or the first
 * worksheet's of a workbook (numbered as in the sheet, empty rows passed over).
 */
async function* fileRows(db: DB, row: ImportRow): AsyncGenerator<{ number?: number; cells: string[] }> {
  if (row.format === "csv") {
    for await (const cells of csvRows(importFile(db, row.id), row.encoding)) yield { cells };
    return;
  }
  try {
    yield* xlsxRows(importFile(db, row.id));
  } catch (error) {
    if (error instanceof UnreadableWorkbook) throw new ImportRefused(IMPORT_MESSAGES.unreadableWorkbook);
    throw error;
  }
}

/** A file the import cannot read at all (no header, too many rows): the import fails with this message. */
export class ImportRefused extends Error {}

/** Hooks for tests: called after each batch is written (before an all-or-nothing run commits). */
export interface RunOptions {
  afterBatch?: (batch: number) => Promise<void> | void;
  /** Whether progress may be written beside an open transaction (not on the embedded database's one connection). */
  progress?: boolean;
}

function runState(row: ImportRow): RunState {
  if (!row.created_by) throw new ImportRefused("The person who started this import no longer has an account");
  const importer = importerOf(row.type);
  return {
    importId: row.id,
    ctx: { userId: row.created_by, agencyId: row.agency_id },
    importer,
    headers: [],
    mapping: row.mapping ?? {},
    choice: row.duplicates,
    seen: new Map(),
    claimed: new Map(),
  };
}

const headerOf = (state: RunState, row: ImportRow) => (cells: string[]) => {
  state.headers = cells;
  if (!row.mapping) state.mapping = matchHeaders(state.importer.fields, cells);
};

/** All or nothing: every batch in one transaction, rolled back when any row is not valid. */
async function runAll(db: DB, row: ImportRow, options: RunOptions): Promise<BatchOutcome> {
  await resetImportProgress(db, row.id);
  const state = runState(row);
  return db.transaction().execute(async (trx) => {
    const total = emptyOutcome();
    let n = 0;
    for await (const rows of fileBatches(trx, row, headerOf(state, row))) {
      addOutcome(total, await applyBatch(trx, state, rows));
      if (options.progress) await updateImport(db, row.id, { processed_rows: total.processed });
      await options.afterBatch?.(++n);
    }
    if (total.invalid > 0) throw new NotAllValid(total);
    await resetImportProgress(trx, row.id);
    await recordBatch(trx, row.id, total);
    await finish(trx, state, row, total.processed);
    return total;
  });
}

/** The valid rows: a transaction a batch, which records the batch with it; rows already recorded are passed over. */
async function runValid(db: DB, row: ImportRow, options: RunOptions): Promise<void> {
  const state = runState(row);
  let n = 0;
  let read = 0;
  for await (const rows of fileBatches(db, row, headerOf(state, row))) {
    read += rows.length;
    if (read <= row.processed_rows) {
      // Done by an earlier run: only its rows' keys are needed, for duplicates further on.
      await checkRows(db, state, rows, emptyOutcome());
      continue;
    }
    await db.transaction().execute(async (trx) => {
      await recordBatch(trx, row.id, await applyBatch(trx, state, rows));
    });
    await options.afterBatch?.(++n);
  }
  await db.transaction().execute((trx) => finish(trx, state, row, read));
}

async function finish(trx: DB, state: RunState, row: ImportRow, rows: number): Promise<void> {
  await updateImport(trx, row.id, { status: "done", total_rows: rows, finished_at: new Date(), message: null });
  await deleteImportFile(trx, row.id);
  await audit(trx, state.ctx, { action: "import", entity: "import", id: row.id, details: { type: row.type } });
}

/** Records an all-or-nothing import that had invalid rows: failed, nothing imported, what to fix. */
async function failInvalid(db: DB, row: ImportRow, outcome: BatchOutcome): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await resetImportProgress(trx, row.id);
    await recordBatch(trx, row.id, { ...outcome, created: [], updated: 0, previous: [] });
    const message =
      `Nothing was imported: ${outcome.invalid} of ${outcome.processed} rows are not valid. ` +
      "Fix them and import the file again, or import only the valid rows.";
    await updateImport(trx, row.id, {
      status: "failed",
      total_rows: outcome.processed,
      created_count: 0,
      updated_count: 0,
      finished_at: new Date(),
      message,
    });
    await deleteImportFile(trx, row.id);
  });
}

/**
 * Runs an import that is queued (or was running when its process stopped). Returns when it is
 * done or failed; an unexpected error (the database away) goes up, for the queue to try again.
 */
export async function runImport(db: DB, id: string, options: RunOptions = {}): Promise<void> {
  const row = await readImportRow(db, id);
  if (!row || (row.status !== "queued" && row.status !== "running")) return;
  // A draft's preview left its counts: a run starts from none (all or nothing resets them itself).
  if (row.mode === "valid" && row.status === "queued" && row.started_at === null) await resetImportProgress(db, id);
  await updateImport(db, id, { status: "running", started_at: new Date() });
  try {
    if (row.mode === "all") await runAll(db, row, options);
    else await runValid(db, row, options);
  } catch (error) {
    if (error instanceof NotAllValid) return failInvalid(db, row, error.outcome);
    if (error instanceof ImportRefused) {
      await updateImport(db, id, { status: "failed", message: error.message, finished_at: new Date() });
      return deleteImportFile(db, id);
    }
    throw error;
  }
}

/** The queue's task: `import` with `{ id }`. A run that fails unexpectedly is tried again; after the last try the import is failed. */
export function importTasks(deps: { db?: () => DB } = {}): TaskList {
  const db = deps.db ?? getDb;
  const task: Task = async (payload, helpers) => {
    const id = (payload as { id?: string }).id ?? "";
    try {
      await runImport(db(), id, { progress: true });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      console.error(`[import] import ${id} stopped (try ${helpers.job.attempts}): ${text}`);
      const last = helpers.job.attempts >= helpers.job.max_attempts;
      await updateImport(db(), id, {
        status: last ? "failed" : "queued",
        message: last
          ? "The import stopped because of an error. Nothing more will be tried: upload the file again."
          : null,
        ...(last ? { finished_at: new Date() } : {}),
      }).catch(() => {});
      throw error;
    }
  };
  return { import: task };
}

/** What a preview found: rows, valid, invalid, duplicates (of the file and of the agency's records). */
export interface ImportPreview {
  rows: number;
  valid: number;
  invalid: number;
  duplicates: number;
}

/**
 * Checks a draft import's rows as the import will (the schema, duplicates in the file and in the
 * database) without writing any record; its counts and errors are kept on the import (the
 * screen's preview, its CSV of errors). A file it cannot read fails the import.
 */
export async function previewImport(db: DB, row: ImportRow): Promise<ImportPreview | { refused: string }> {
  const state = runState(row);
  const outcome = emptyOutcome();
  let valid = 0;
  try {
    for await (const rows of fileBatches(db, row, headerOf(state, row))) {
      outcome.processed += rows.length;
      const checked = await checkRows(db, state, rows, outcome);
      valid += (await rowsToWrite(db, state, checked, outcome, "exists: it will be skipped")).length;
    }
  } catch (error) {
    if (error instanceof ImportRefused) return { refused: error.message };
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await resetImportProgress(trx, row.id);
    await recordBatch(trx, row.id, { ...outcome, processed: 0, created: [], previous: [] });
    await updateImport(trx, row.id, { total_rows: outcome.processed });
  });
  return { rows: outcome.processed, valid, invalid: outcome.invalid, duplicates: outcome.skipped };
}

/** A draft's headers and its first rows (the mapping form's samples). */
export async function fileSample(
  db: DB,
  row: ImportRow,
  rows = 3,
): Promise<{ headers: string[]; samples: string[][] }> {
  const headers: string[] = [];
  const samples: string[][] = [];
  try {
    for await (const batch of fileBatches(db, row, (cells) => headers.push(...cells))) {
      samples.push(...batch.slice(0, rows).map((r) => r.cells));
      break;
    }
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
  }
  return { headers, samples };
}

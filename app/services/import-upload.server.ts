import { randomUUID } from "node:crypto";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { Ctx } from "~/models/context";
import {
  addImportChunk,
  getImport,
  type ImportRecord,
  insertImport,
  queueDraft,
  undoImportWrites,
  readImportRow,
  unfinishedImportIds,
} from "~/models/imports.server";
import {
  IMPORT_MESSAGES,
  type ImportOptions,
  ImportOptionsSchema,
  MAX_IMPORT_BYTES,
  UNDO_HOURS,
} from "~/schemas/import";
import type { DB } from "~/utils/db.server";
import { type ApiFieldError, zodErrors } from "./api.server";
import { EncodingSniffer } from "./import-csv.server";
import { runImport } from "./import.server";
import { enqueue } from "./jobs.server";
import { storedFileName } from "./uploads.server";
import { excelWorkbookReader } from "~/utils/file-types.server";

// Starting an import from an upload (POST /api/imports, the import screen): the multipart form
// read as it arrives, its file streamed into the database in pieces of 1 MB (never held whole),
// what it is (CSV or an Excel workbook, by its content) and a CSV's encoding found on the way;
// then, in the same transaction, the import's row and its job. A refused upload rolls back and
// leaves nothing.

const CHUNK_BYTES = 1024 * 1024;

/** An upload refused: the HTTP status and what was wrong, by field. */
export class ImportUploadRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly errors: ApiFieldError[],
  ) {
    super(errors.map((e) => e.msg).join(" "));
  }
}

interface ReceivedFile {
  name: string;
  size: number;
  lines: number;
  encoding: "utf-8" | "windows-1252";
  format: "csv" | "xlsx";
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * What an upload is, told by its content as it streams (its name may say anything): an Excel
 * workbook (a zip, PK\x03\x04, with the part xl/workbook.xml), or CSV text (no NUL byte: the
 * encodings read are UTF-8 and Windows-1252); else why it is neither.
 */
class FormatSniffer {
  private head: number[] = [];
  private nul = false;
  private readonly workbook = excelWorkbookReader();

  push(chunk: Uint8Array): void {
    for (let i = 0; this.head.length < 8 && i < chunk.length; i++) this.head.push(chunk[i]);
    if (this.isZip()) this.workbook.push(chunk);
    else if (!this.nul && chunk.includes(0)) this.nul = true;
  }

  private isZip(): boolean {
    return ZIP_SIGNATURE.every((byte, i) => this.head[i] === byte);
  }

  /** The format, or the message that refuses the file. */
  finish(): { format: "csv" | "xlsx" } | { refused: string } {
    if (this.isZip()) return this.workbook.finish() ? { format: "xlsx" } : { refused: IMPORT_MESSAGES.notSpreadsheet };
    if (OLE_SIGNATURE.every((byte, i) => this.head[i] === byte)) return { refused: IMPORT_MESSAGES.oldExcel };
    return this.nul ? { refused: IMPORT_MESSAGES.notSpreadsheet } : { format: "csv" };
  }
}

interface Received {
  file?: ReceivedFile;
  tooLarge?: boolean;
  /** Why the file is not taken (neither CSV nor a workbook). */
  refused?: string;
}

/** Streams the `file` part into pieces of the import `id` (in `trx`). */
function fileHandler(trx: DB, id: string, received: Received): UploadHandler {
  return async ({ name, filename, data }) => {
    if (filename === undefined) return undefined;
    if (name !== "file" || filename === "" || received.file) {
      for await (const _ of data);
      return undefined;
    }
    const sniffer = new EncodingSniffer();
    const format = new FormatSniffer();
    const file: ReceivedFile = { name: storedFileName(filename), size: 0, lines: 0, encoding: "utf-8", format: "csv" };
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let seq = 0;
    for await (const chunk of data) {
      file.size += chunk.byteLength;
      if (file.size > MAX_IMPORT_BYTES) {
        received.tooLarge = true;
        continue;
      }
      sniffer.push(chunk);
      format.push(chunk);
      for (const byte of chunk) if (byte === 10) file.lines++;
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= CHUNK_BYTES) {
        await addImportChunk(trx, id, seq++, Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
      }
    }
    if (pendingBytes > 0) await addImportChunk(trx, id, seq++, Buffer.concat(pending));
    file.encoding = sniffer.finish();
    const kind = format.finish();
    if ("refused" in kind) received.refused = kind.refused;
    else file.format = kind.format;
    received.file = file;
    return file.name;
  };
}

/**
 * How an upload's import goes on: as a job of the queue (added in the upload's transaction), in
 * this process once the upload is saved (no queue: the embedded database), or not yet (a draft of
 * the import screen, mapped and previewed before it is started).
 */
export type ImportStart = "queue" | "process" | "draft";

/**
 * Receives an import's upload and starts it as `start` says: the import's id. Throws
 * ImportUploadRefused for a missing or too large file, or options that do not pass.
 */
export async function startImport(db: DB, ctx: Ctx, request: Request, start: ImportStart): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const received: Received = {};
    let fields: FormData;
    try {
      fields = await parseMultipartFormData(
        request,
        composeUploadHandlers(fileHandler(trx, id, received), createMemoryUploadHandler({ maxPartSize: 64 * 1024 })),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) throw refused(400, "mapping", "A form field is too long");
      if (error instanceof TypeError) throw refused(400, "file", "Expected a multipart/form-data upload");
      throw error;
    }
    if (received.tooLarge) throw refused(413, "file", IMPORT_MESSAGES.tooLarge);
    if (received.refused) throw refused(400, "file", received.refused);
    const options = ImportOptionsSchema.safeParse(Object.fromEntries([...fields].filter(([k]) => k !== "file")));
    const errors = [
      ...(received.file ? [] : [{ path: "file", msg: IMPORT_MESSAGES.noFile }]),
      ...(options.success ? [] : zodErrors(options.error)),
    ];
    if (errors.length > 0 || !received.file || !options.success) throw new ImportUploadRefused(400, errors);
    const { file } = received;
    await insertImport(trx, ctx, {
      id,
      type: options.data.type,
      file_name: file.name,
      size_bytes: file.size,
      encoding: file.encoding,
      format: file.format,
      mapping: options.data.mapping ?? null,
      duplicates: options.data.duplicates,
      mode: options.data.mode,
      // A workbook's rows are not known before it is read (its preview or its run counts them).
      total_rows: file.format === "csv" ? Math.max(0, file.lines - 1) : 0,
      status: start === "draft" ? "draft" : "queued",
    });
    if (start === "queue") await enqueueImport(trx, id);
  });
  if (start === "process") runInProcess(db, id);
  return id;
}

const enqueueImport = (trx: DB, id: string) =>
  enqueue(trx, "import", { id }, { jobKey: `import:${id}`, maxAttempts: 5 });

function runInProcess(db: DB, id: string): void {
  void runImport(db, id).catch((error: unknown) => console.error(`[import] import ${id} failed`, error));
}

/**
 * Without a queue (the embedded database), an import runs in the process that took it: one that
 * was waiting or running when that process stopped is run again when the server starts (from
 * its last batch, or from the start for all or nothing, which was rolled back). Resolves when
 * they are done.
 */
export async function resumeImportsInProcess(db: DB): Promise<void> {
  for (const id of await unfinishedImportIds(db)) {
    console.log(`[import] import ${id} was not finished when the server stopped: running it again`);
    await runImport(db, id).catch((error: unknown) => console.error(`[import] import ${id} failed`, error));
  }
}

/** Starts a draft of the caller's agency with these choices; false when it is not a draft (any more). */
export async function startDraft(
  db: DB,
  ctx: Ctx,
  id: string,
  choices: Pick<ImportOptions, "mapping" | "duplicates" | "mode">,
  queue: boolean,
): Promise<boolean> {
  const started = await db.transaction().execute(async (trx) => {
    if (!(await queueDraft(trx, ctx, id, choices))) return false;
    if (queue) await enqueueImport(trx, id);
    return true;
  });
  if (started && !queue) runInProcess(db, id);
  return started;
}

const refused = (status: 400 | 413, path: string, msg: string) => new ImportUploadRefused(status, [{ path, msg }]);

export type UndoResult = { ok: true; import: ImportRecord } | { ok: false; status: 404 | 409; message: string };

/** Undoes a finished import of the caller's agency, within UNDO_HOURS of its end. */
export async function undoImport(db: DB, ctx: Ctx, id: string): Promise<UndoResult> {
  const found = await getImport(db, ctx, id);
  const row = found ? await readImportRow(db, id) : undefined;
  if (!found || !row) return { ok: false, status: 404, message: IMPORT_MESSAGES.notFound };
  if (row.status !== "done") return { ok: false, status: 409, message: IMPORT_MESSAGES.undoStatus };
  const age = Date.now() - new Date(row.finished_at ?? 0).getTime();
  if (age > UNDO_HOURS * 3_600_000) return { ok: false, status: 409, message: IMPORT_MESSAGES.undoLate };
  const undone = await undoImportWrites(db, ctx, row, (values) => values);
  if (!undone) return { ok: false, status: 409, message: IMPORT_MESSAGES.undoInUse };
  return { ok: true, import: (await getImport(db, ctx, id))! };
}

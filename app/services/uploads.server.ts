import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type * as z from "zod";
import {
  contentNotOfType,
  fileTooLarge,
  fileTypeNotAllowed,
  MAX_FILE_BYTES,
  RESOURCE_MESSAGES,
} from "~/schemas/resource";
import { type FileMetadata, FileInspector, typeByName } from "~/utils/file-types.server";
import { type FileStorage, newStorageKey } from "~/utils/storage.server";
import { apiError, zodErrors } from "./api.server";

// Receiving uploaded documents (docs/documents.md): a multipart form is read as it arrives, each
// file streamed through the checks (the size limit, the type by name and by content) straight
// into storage, never held whole in memory. All or nothing: when any file is refused or the
// connection drops, every file stored for this request is removed again before the error goes up.
// A refused file does not stop the reading: the rest of the form is read (its files skipped), so
// that the refusal brings back the details typed with it, and the form shows them again.
//
// This module owns an upload's files from start to end: `handleUpload` stores them, keeps them
// once the rows that name them are written (`keepIf`), and removes them on any other outcome. No
// caller removes an upload's files itself.

/** A file received and stored. */
export interface ReceivedFile {
  /** The storage key (a generated name). */
  key: string;
  /** The name the user's file had (its base name only). */
  originalName: string;
  mimeType: string;
  extension: string;
  sizeBytes: number;
  metadata: FileMetadata;
}

/**
 * An upload refused for what it holds: the message is for the user; `status` is the HTTP answer;
 * `fields`, the form's text fields, when they could be read.
 */
export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
    readonly fields: FormData | null = null,
  ) {
    super(message);
    this.name = "UploadRefused";
  }
}

/** A file whose name the upload could not read. */
export const UNREADABLE_NAME =
  "A file name could not be read. Rename the file without semicolons or quotes and try again.";

/** A file whose name holds a NUL character, which no file system allows. */
export const NAME_WITH_NUL = "A file name holds a character that is not allowed. Rename the file and try again.";

/**
 * Characters a stored name must not keep: controls (C0, DEL, C1), and the marks that reorder or
 * hide text (bidirectional overrides such as U+202E, zero-width spaces, direction marks), with
 * which "invoice\u202Efdp.exe" would show as "invoiceexe.pdf". The joiners that scripts and emoji
 * need (U+200C, U+200D) stay.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The name a file is stored and shown under: its last path part, without unsafe characters, at most 255 long. */
export function storedFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  return base.replace(UNSAFE_IN_NAMES, "").trim().slice(0, 255) || "file";
}

/** The longest a text field of an upload form may be. */
const MAX_FIELD_BYTES = 64 * 1024;

/** The upload screen's file field. */
export const UPLOAD_FILE_FIELD = "files";

/** Which file field an upload reads, and how many files it takes at most. */
export interface UploadOptions {
  fileField: string;
  maxFiles: number;
}

/** What a multipart upload held: its text fields and its stored files. */
export interface ReceivedUpload {
  fields: FormData;
  files: ReceivedFile[];
}

/**
 * Reads a multipart upload: its text fields, and the files of `fileField` (at most `maxFiles`)
 * stored through `storage`. Throws UploadRefused for a file too large, of a type not allowed, too
 * many files (with the form's fields, read to the end) or an oversized field; any other error (an
 * aborted request, a storage failure) goes up as it is. Either way nothing it stored is left behind.
 */
export async function receiveUpload(
  request: Request,
  storage: FileStorage,
  { fileField, maxFiles }: UploadOptions,
): Promise<ReceivedUpload> {
  const files: ReceivedFile[] = [];
  // The first file refused: from then on files are skipped, fields still read.
  const first: { refused: UploadRefused | null } = { refused: null };
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) return undefined;
    // A file input left empty still sends a part, with no name and no bytes.
    if (filename === "" || first.refused) return skip(data);
    try {
      if (filename.includes("\u0000")) throw new UploadRefused(NAME_WITH_NUL, 400);
      if (name !== fileField) throw new UploadRefused(`Unexpected file field "${name}"`, 400);
      if (files.length >= maxFiles) throw new UploadRefused(`At most ${maxFiles} files at once`, 400);
      const file = await storeFile(storage, storedFileName(filename), data);
      files.push(file);
      return file.key;
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      first.refused = error;
      // The rest of this file, read and dropped (the parser would otherwise hold it).
      return skip(data);
    }
  };
  try {
    const fields = await parseMultipartFormData(
      request,
      composeUploadHandlers(fileHandler, createMemoryUploadHandler({ maxPartSize: MAX_FIELD_BYTES })),
    );
    fields.delete(fileField);
    const { refused } = first;
    if (refused) throw new UploadRefused(refused.message, refused.status, fields);
    return { fields, files };
  } catch (error) {
    await removeFiles(storage, files);
    if (error instanceof UploadRefused) throw error;
    // A file was refused before the request broke off: that is what the user must hear.
    throw first.refused ?? readingError(error);
  }
}

/** Reads a part to its end and drops it: no file. */
async function skip(data: AsyncIterable<Uint8Array>): Promise<undefined> {
  for await (const _ of data);
  return undefined;
}

/** One file, by its stored name: streamed through the size and content checks into storage. */
async function storeFile(storage: FileStorage, name: string, data: AsyncIterable<Uint8Array>): Promise<ReceivedFile> {
  const type = typeByName(name);
  if (!type) throw new UploadRefused(fileTypeNotAllowed(name), 415);
  const inspector = new FileInspector(name);
  // An allowed name whose content is not of its type says so ("The content of fake.pdf is not a PDF").
  const notOfType = contentNotOfType(name, type.extension);
  const key = newStorageKey(type.extension);
  let sizeBytes = 0;
  let metadata: FileMetadata = {};
  async function* checked(): AsyncGenerator<Uint8Array> {
    for await (const chunk of data) {
      sizeBytes += chunk.byteLength;
      if (sizeBytes > MAX_FILE_BYTES) throw new UploadRefused(fileTooLarge(name), 413);
      if (inspector.push(chunk) === "refused") throw new UploadRefused(notOfType, 415);
      yield chunk;
    }
    const inspection = inspector.finish();
    if (!inspection) throw new UploadRefused(notOfType, 415);
    metadata = inspection.metadata;
  }
  await storage.put(key, checked());
  return { key, originalName: name, mimeType: type.mimeType, extension: type.extension, sizeBytes, metadata };
}

/** What the multipart parser's failures mean to the user; any other error as it is. */
function readingError(error: unknown): unknown {
  if (error instanceof MaxPartSizeExceededError) return new UploadRefused("A form field is too long", 413);
  // The multipart parser cannot read some names browsers send as they are (one with a ";").
  if (error instanceof Error && /malformed content-disposition/i.test(error.message)) {
    return new UploadRefused(UNREADABLE_NAME, 400);
  }
  if (error instanceof TypeError && /Could not parse content as FormData/.test(error.message)) {
    return new UploadRefused("Expected a multipart/form-data upload", 400);
  }
  return error;
}

/** An upload handed to the code that saves it. */
export interface Upload extends ReceivedUpload {
  /**
   * Runs the write that makes the files documents (`createResources`, `addResourceVersion`):
   * the files stay once it answers what it saved; when it answers null or fails, they go.
   */
  keepIf<T>(write: Promise<T | null>): Promise<T | null>;
}

/**
 * An upload from start to end: received (a refused file or a broken-off request leaves nothing
 * and throws as `receiveUpload` does), then handed to `save`, which checks the fields and saves
 * through `keepIf`. Unless that write saved them, the files are removed before `save`'s answer
 * (or its error) goes on: the details refused, the record not found, the database failing.
 */
export async function handleUpload<T>(
  request: Request,
  storage: FileStorage,
  options: UploadOptions,
  save: (upload: Upload) => Promise<T>,
): Promise<T> {
  const { fields, files } = await receiveUpload(request, storage, options);
  let kept = false;
  const keepIf = async <W>(write: Promise<W | null>) => {
    const saved = await write;
    kept = saved !== null;
    return saved;
  };
  try {
    return await save({ fields, files, keepIf });
  } finally {
    if (!kept) await removeFiles(storage, files);
  }
}

/** Removes stored files (a document deleted, an upload not saved); failures to remove are logged, not thrown. */
export async function removeFiles(storage: FileStorage, files: { key: string }[]): Promise<void> {
  await Promise.all(
    files.map((f) =>
      storage.delete(f.key).catch((error: unknown) => {
        console.error(`Could not remove the stored file ${f.key}`, error);
      }),
    ),
  );
}

/**
 * One file and its text fields through the API (`POST /api/resources`, a new version): the file
 * in `file`, the fields checked with `schema`, then `save`d as `handleUpload` does. A refused
 * upload, or fields that do not pass, are the API's answer (with the upload's message or every
 * field's), leaving no file.
 */
export async function receiveApiFile<S extends z.ZodType>(
  request: Request,
  storage: FileStorage,
  schema: S,
  save: (upload: { file: ReceivedFile; data: z.output<S>; keepIf: Upload["keepIf"] }) => Promise<Response>,
): Promise<Response> {
  try {
    return await handleUpload(request, storage, { fileField: "file", maxFiles: 1 }, ({ fields, files, keepIf }) => {
      const [file] = files;
      const parsed = schema.safeParse(Object.fromEntries(fields));
      if (file && parsed.success) return save({ file, data: parsed.data, keepIf });
      const errors = [
        ...(file ? [] : [{ path: "file", msg: RESOURCE_MESSAGES.noFiles }]),
        ...(parsed.success ? [] : zodErrors(parsed.error)),
      ];
      return Promise.resolve(apiError(400, "Validation failed", { errors }));
    });
  } catch (error) {
    if (error instanceof UploadRefused) return apiError(error.status, error.message);
    throw error;
  }
}

import type * as z from "zod";
import type { ImportRecord } from "~/models/imports.server";
import type { ApiImport } from "~/schemas/import";
import { database } from "~/utils/db.server";

// The imports API's shapes and setting.

export function toApiImport(record: ImportRecord): z.input<typeof ApiImport> {
  const { id, sizeBytes: _size, mapping: _mapping, createdBy: _by, ...rest } = record;
  return { _id: id, ...rest, errors: rest.errors as z.input<typeof ApiImport>["errors"] };
}

let queueOverride: boolean | undefined;

/** Whether imports run as jobs of the queue (a Postgres database) or in the process (the embedded one, which has none). */
export function importQueue(): boolean {
  return queueOverride ?? !database().embedded;
}

/** For tests: run imports without the queue (false), or as jobs (true); undefined: as the database says. */
export function setImportQueue(value: boolean | undefined): void {
  queueOverride = value;
}

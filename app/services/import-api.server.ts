import type * as z from "zod";
import type { ImportRecord } from "~/models/imports.server";
import type { ApiImport } from "~/schemas/import";
import { sql } from "kysely";
import { database, type DB } from "~/utils/db.server";

// The imports API's shapes and setting.

export function toApiImport(record: ImportRecord): z.input<typeof ApiImport> {
  const { id, sizeBytes: _size, mapping: _mapping, createdBy: _by, ...rest } = record;
  return { _id: id, ...rest, errors: rest.errors as z.input<typeof ApiImport>["errors"] };
}

let queueOverride: boolean | undefined;
let queueFound = false;

/**
 * Whether imports run as jobs of the queue, or in this process: the embedded database has no
 * queue, and a Postgres whose queue never started (its schema is missing) has none either.
 */
export async function importQueue(db: DB): Promise<boolean> {
  if (queueOverride !== undefined) return queueOverride;
  if (database().embedded) return false;
  if (queueFound) return true;
  const { rows } = await sql<{
    found: string | null;
  }>`SELECT to_regclass('graphile_worker._private_jobs')::text AS found`.execute(db);
  queueFound = rows[0]?.found != null;
  return queueFound;
}

/** For tests: run imports without the queue (false), or as jobs (true); undefined: as the database says. */
export function setImportQueue(value: boolean | undefined): void {
  queueOverride = value;
}

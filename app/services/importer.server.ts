import type * as z from "zod";
import type { Ctx } from "~/models/context";
import type { ImportTable } from "~/models/imports.server";
import type { ImportField } from "~/schemas/import";
import type { DB } from "~/utils/db.server";

// What an import needs of each kind of record it takes (clients, facilities, placements: their
// importers are in import-types.server.ts and import-placements.server.ts).

export interface Importer {
  table: ImportTable;
  fields: ImportField[];
  /** The form's and the API's schema. */
  schema: z.ZodType;
  /** What makes two records the same one ("email:ann@example.com", "phone:15551234567"): any key in common. */
  keys(input: unknown): string[];
  /** The agency's records that share a key with one of these: key → the oldest such record's id. */
  findExisting(db: DB, ctx: Ctx, keys: string[]): Promise<Map<string, string>>;
  /**
   * Before the schema: a batch's inputs completed in place from the agency's records (a
   * placement's client and facility, named in the file, as their ids); each row's problems.
   */
  prepare?(db: DB, ctx: Ctx, inputs: Record<string, unknown>[]): Promise<{ key: string; message: string }[][]>;
  /**
   * Rows the database would refuse whatever the duplicate choice (a second open placement of a
   * client at a facility), among those about to be written (`updating`: the record a row updates):
   * each row's problem (its field's key and the message), or null. `claimed` holds what the rows written before took (key → row);
   * the rows let through add theirs.
   */
  refusals?(
    db: DB,
    ctx: Ctx,
    rows: { row: number; input: unknown; updating?: string }[],
    claimed: Map<string, number>,
  ): Promise<({ key: string; message: string } | null)[]>;
  /** The columns a new record is inserted with (the timestamps the file gave kept). */
  insertColumns(input: unknown, meta: { createdAt?: string; updatedAt?: string }): Record<string, unknown>;
  /** The columns an update sets. */
  updateColumns(input: unknown): Record<string, unknown>;
  /** What a duplicate's message says it matched. */
  duplicateMessage: string;
  /** What a row repeating an earlier row of the file has in common with it ("Same e-mail or phone"). */
  sameAs: string;
}

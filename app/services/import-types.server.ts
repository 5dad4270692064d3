import type * as z from "zod";
import { columnsOf as clientColumns } from "~/models/clients.server";
import type { Ctx } from "~/models/context";
import { columnsOf as facilityColumns } from "~/models/facilities.server";
import { clientsByContact, facilitiesByLicense, type ImportTable } from "~/models/imports.server";
import { ClientSchema } from "~/schemas/client";
import { placements } from "./import-placements.server";
import { FacilitySchema } from "~/schemas/facility";
import { CLIENT_IMPORT_FIELDS, FACILITY_IMPORT_FIELDS, type ImportField, type ImportType } from "~/schemas/import";
import type { DB } from "~/utils/db.server";

// What each kind of record an import takes needs: its fields (app/schemas/import.ts), the schema
// the form and the API check it with, how duplicates are found (the forms' rule), and its columns.

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

type ClientInput = z.output<typeof ClientSchema>;

const digitsOf = (phone: string) => phone.replace(/\D/g, "");

/** Clients: the client form's duplicate rule (findDuplicateClients): the same e-mail, any case, or the same phone digits. */
const clients: Importer = {
  table: "clients",
  fields: CLIENT_IMPORT_FIELDS,
  schema: ClientSchema,
  keys: (input) => {
    const { email, phone } = input as ClientInput;
    return [`email:${email.toLowerCase()}`, `phone:${digitsOf(phone)}`];
  },
  findExisting: async (db, ctx, keys) => {
    const emails = keys.filter((k) => k.startsWith("email:")).map((k) => k.slice(6));
    const digits = keys.filter((k) => k.startsWith("phone:")).map((k) => k.slice(6));
    const found = new Map<string, string>();
    for (const row of await clientsByContact(db, ctx, emails, digits)) {
      for (const key of [`email:${row.email}`, `phone:${row.phone_digits}`])
        if (!found.has(key)) found.set(key, row.id);
    }
    return found;
  },
  insertColumns: (input, meta) => ({
    ...clientColumns(input as ClientInput),
    ...(meta.createdAt ? { created_at: meta.createdAt } : {}),
    ...(meta.updatedAt ? { updated_at: meta.updatedAt } : {}),
  }),
  updateColumns: (input) => clientColumns(input as ClientInput),
  duplicateMessage: "A client with the same e-mail or phone",
  sameAs: "Same e-mail or phone",
};

type FacilityInput = z.output<typeof FacilitySchema>;

/**
 * Facilities: the facility form finds no duplicates, so an import's rule is the licence number
 * (any case), which a state gives one facility.
 */
const facilities: Importer = {
  table: "facilities",
  fields: FACILITY_IMPORT_FIELDS,
  schema: FacilitySchema,
  keys: (input) => [`license:${(input as FacilityInput).licenseNumber.trim().toLowerCase()}`],
  findExisting: async (db, ctx, keys) => {
    const licenses = keys.map((k) => k.slice("license:".length));
    const found = new Map<string, string>();
    for (const row of await facilitiesByLicense(db, ctx, licenses)) {
      if (!found.has(`license:${row.license}`)) found.set(`license:${row.license}`, row.id);
    }
    return found;
  },
  insertColumns: (input, meta) => ({
    ...facilityColumns(input as FacilityInput),
    ...(meta.updatedAt ? { updated_at: meta.updatedAt } : {}),
  }),
  updateColumns: (input) => facilityColumns(input as FacilityInput),
  duplicateMessage: "A facility with the same license number",
  sameAs: "Same license number",
};

export const IMPORTERS: Partial<Record<ImportType, Importer>> = { clients, facilities, placements };

export function importerOf(type: ImportType): Importer {
  const importer = IMPORTERS[type];
  if (!importer) throw new Error(`No importer for ${type}`);
  return importer;
}

import type * as z from "zod";
import { columnsOf as clientColumns } from "~/models/clients.server";
import { columnsOf as facilityColumns } from "~/models/facilities.server";
import { clientsByContact, facilitiesByLicense } from "~/models/imports.server";
import { ClientSchema } from "~/schemas/client";
import type { Importer } from "./importer.server";
import { placements } from "./import-placements.server";
import { FacilitySchema } from "~/schemas/facility";
import { CLIENT_IMPORT_FIELDS, FACILITY_IMPORT_FIELDS, type ImportType } from "~/schemas/import";

// The importers of clients and facilities (placements': import-placements.server.ts), and which
// takes which type. What an importer is: importer.server.ts.

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

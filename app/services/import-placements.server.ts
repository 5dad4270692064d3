import { agentsNamed, clientsNamed, facilitiesNamed, nameKey, placementsOf } from "~/models/import-placements.server";
import { columnsOf } from "~/models/placements.server";
import { PLACEMENT_IMPORT_FIELDS } from "~/schemas/import";
import { type PlacementInput, PlacementSchema } from "~/schemas/placement";
import { PLACEMENT_CHECKLIST } from "~/utils/vocabulary";
import type { Importer } from "./importer.server";

// Placements (issue 37): a row names its client (an e-mail, or "First Last"), its facility (a
// license number, or a name, with its city and state when two share it) and its agent (a user's
// name; none: the person importing); each must be exactly one record of the agency, or the row is
// not valid and says why. Then the placement form's schema checks it. A duplicate is the same
// client at the same facility from the same start date. An imported placement is history: it
// leaves the facility's beds, the client's status and referral fees alone (docs/decisions/012).

type Problem = { key: string; message: string };

const OPEN_STATUSES = new Set(["In Progress", "Confirmed"]);

/** A cell's text as read (rowInput leaves out an empty cell). */
const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const many = (count: number, what: string, name: string, hint: string) =>
  `${count} ${what} are named "${name}": ${hint}`;

/** The row's facility: by license number, else by name (narrowed by city and state when given); its id, or why not. */
function facilityOf(
  r: { facility: string; license: string; city: string; state: string },
  facilities: Awaited<ReturnType<typeof facilitiesNamed>>,
): string | { message: string } | null {
  if (r.license) {
    const found = facilities.filter((f) => f.license === r.license.toLowerCase());
    return found.length === 1 ? found[0].id : { message: `No facility has the license number "${r.license}"` };
  }
  if (!r.facility) return null;
  const named = facilities.filter((f) => f.name === nameKey(r.facility));
  const found = named.filter((f) => (!r.city || f.city === r.city) && (!r.state || f.state === r.state));
  if (found.length === 1) return found[0].id;
  if (found.length > 1) return { message: many(found.length, "facilities", r.facility, "give the license number") };
  const where = named.length > 0 ? ` in ${[r.city, r.state].filter(Boolean).join(", ")}` : "";
  return { message: `No facility named "${r.facility}"${where}` };
}

/** The row's client, facility and agent as ids (in place); the problems of those it cannot find. */
async function resolve(
  db: Parameters<Importer["findExisting"]>[0],
  ctx: Parameters<Importer["findExisting"]>[1],
  inputs: Record<string, unknown>[],
): Promise<Problem[][]> {
  const rows = inputs.map((input) => {
    const client = textOf(input.clientId);
    const email = textOf(input.clientEmail) || (client.includes("@") ? client : "");
    return {
      client: email ? "" : client,
      email,
      facility: textOf(input.facilityId),
      license: textOf(input.facilityLicense),
      city: nameKey(textOf(input.facilityCity)),
      state: nameKey(textOf(input.facilityState)),
      agent: textOf(input.agentId),
    };
  });
  const [clients, facilities, agents] = await Promise.all([
    clientsNamed(
      db,
      ctx,
      rows.filter((r) => r.client).map((r) => nameKey(r.client)),
      rows.filter((r) => r.email).map((r) => r.email.toLowerCase()),
    ),
    facilitiesNamed(
      db,
      ctx,
      rows.filter((r) => r.facility && !r.license).map((r) => nameKey(r.facility)),
      rows.filter((r) => r.license).map((r) => r.license.toLowerCase()),
    ),
    agentsNamed(
      db,
      ctx,
      rows.filter((r) => r.agent).map((r) => nameKey(r.agent)),
    ),
  ]);
  return inputs.map((input, i) => {
    const r = rows[i];
    const problems: Problem[] = [];
    for (const key of ["clientEmail", "facilityLicense", "facilityCity", "facilityState"]) delete input[key];
    // A file without priorities: the database's default (the status is required: it says whether the placement is open).
    input.priority ??= "Medium";
    // Client: by e-mail, else by full name.
    if (r.email) {
      const found = clients.filter((c) => c.email === r.email.toLowerCase());
      if (found.length === 1) input.clientId = found[0].id;
      else problems.push({ key: "clientId", message: `No client has the e-mail "${r.email}"` });
    } else if (r.client) {
      const found = clients.filter((c) => c.name === nameKey(r.client));
      if (found.length === 1) input.clientId = found[0].id;
      else if (found.length === 0) problems.push({ key: "clientId", message: `No client named "${r.client}"` });
      else problems.push({ key: "clientId", message: many(found.length, "clients", r.client, "give the e-mail") });
    }
    const facility = facilityOf(r, facilities);
    if (typeof facility === "string") input.facilityId = facility;
    else if (facility) problems.push({ key: "facilityId", message: facility.message });
    // Agent: a user of the agency by full name; none given: the person importing.
    if (r.agent) {
      const found = agents.filter((a) => a.name === nameKey(r.agent));
      if (found.length === 1) input.agentId = found[0].id;
      else if (found.length === 0) problems.push({ key: "agentId", message: `No active user named "${r.agent}"` });
      else problems.push({ key: "agentId", message: many(found.length, "users", r.agent, "leave Agent empty") });
    } else input.agentId = ctx.userId;
    return problems;
  });
}

const keyOf = (p: PlacementInput) => `placement:${p.clientId}:${p.facilityId}:${p.startDate}`;
const pairOf = (clientId: string, facilityId: string) => `open:${clientId}:${facilityId}`;

/** The checklist's columns: an update from a file leaves the steps as they are (the file has none). */
const CHECKLIST_COLUMNS = new Set(PLACEMENT_CHECKLIST.flatMap((s) => [s.column, `${s.column}_date`]));

export const placements: Importer = {
  table: "placements",
  fields: PLACEMENT_IMPORT_FIELDS,
  schema: PlacementSchema,
  prepare: resolve,
  keys: (input) => [keyOf(input as PlacementInput)],
  findExisting: async (db, ctx, keys) => {
    const parts = keys.map((k) => k.split(":"));
    const found = new Map<string, string>();
    const rows = await placementsOf(
      db,
      ctx,
      parts.map((p) => p[1]),
      parts.map((p) => p[2]),
    );
    for (const row of rows) {
      const key = `placement:${row.client_id}:${row.facility_id}:${row.start_date}`;
      if (!found.has(key)) found.set(key, row.id);
    }
    return found;
  },
  refusals: async (db, ctx, rows, claimed) => {
    const inputs = rows.map((r) => r.input as PlacementInput);
    const open = inputs.some((p) => OPEN_STATUSES.has(p.status))
      ? (
          await placementsOf(
            db,
            ctx,
            inputs.map((p) => p.clientId),
            inputs.map((p) => p.facilityId),
          )
        ).filter((p) => p.open)
      : [];
    return rows.map(({ row, input, updating }) => {
      const p = input as PlacementInput;
      if (!OPEN_STATUSES.has(p.status)) return null;
      const pair = pairOf(p.clientId, p.facilityId);
      const earlier = claimed.get(pair);
      if (earlier !== undefined)
        return {
          key: "facilityId",
          message: `Row ${earlier} of this file is an open placement of this client at this facility: only one may be open (In Progress or Confirmed)`,
        };
      if (open.some((o) => o.client_id === p.clientId && o.facility_id === p.facilityId && o.id !== updating))
        return {
          key: "facilityId",
          message:
            "This client already has an open placement at this facility: only one may be open (In Progress or Confirmed)",
        };
      claimed.set(pair, row);
      return null;
    });
  },
  insertColumns: (input, meta) => {
    const p = input as PlacementInput;
    return {
      ...columnsOf(p, p.agentId ?? ""),
      ...(meta.createdAt ? { created_at: meta.createdAt } : {}),
      ...(meta.updatedAt ? { updated_at: meta.updatedAt } : {}),
    };
  },
  updateColumns: (input) => {
    const p = input as PlacementInput;
    return Object.fromEntries(
      Object.entries(columnsOf(p, p.agentId ?? "")).filter(([column]) => !CHECKLIST_COLUMNS.has(column)),
    );
  },
  duplicateMessage: "A placement of this client at this facility from the same start date",
  sameAs: "Same client, facility and start date",
};

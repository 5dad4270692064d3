import type { LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "zod";
import { audit } from "~/models/audit.server";
import type { Ctx } from "~/models/context";
import { type CsvColumn, csvResponse } from "~/utils/csv.server";
import type { DB } from "~/utils/db.server";
import type { Permission } from "~/utils/permissions";
import { readListQuery } from "~/utils/list-query";
import type { AuditEntity } from "~/utils/vocabulary";
import { requirePermission, requireSignedIn } from "./session.server";

/** The kind of record each export holds, as its audit entry names it (by the export's name). */
const EXPORTED = {
  clients: "client",
  facilities: "facility",
  resources: "resource",
  placements: "placement",
  tasks: "task",
  invoices: "invoice",
  // The audit log itself: a list of entries, not of records.
  "audit-log": undefined,
} as const satisfies Record<string, AuditEntity | undefined>;

/** The URL's parameters as given, for an export's audit entry: a repeated one as a list. */
function searchParams(request: Request): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(
    [...new Set(params.keys())].map((key) => {
      const values = params.getAll(key);
      return [key, values.length === 1 ? values[0] : values];
    }),
  );
}

/**
 * The loader of a list's CSV download, `GET /things/export?…`: every record that matches the
 * list screen's filters and sort (all pages, read a batch at a time by `batches`), as
 * `things-YYYY-MM-DD.csv`. Signed-in users with `permission` only. The URL is read as the list screen reads it, but
 * a filter it cannot read is refused (400) rather than dropped: an export must never hold more
 * records than the list the user was looking at. An export that starts is recorded in the audit
 * trail with its filters; a refused one is not.
 *
 *   export const loader = csvExportLoader("things", ThingListQuerySchema, COLUMNS, streamThings);
 */
export function csvExportLoader<S extends z.ZodType, R>(
  /** The file name's start: `clients` gives `clients-2025-01-31.csv`; its kind of record is audited. */
  name: keyof typeof EXPORTED,
  /** The list's query schema (the screen's and the API's). */
  querySchema: S,
  columns: CsvColumn<R>[],
  batches: (db: DB, ctx: Ctx, query: z.output<S>) => AsyncIterable<R[]>,
  /** Who may download it (the audit log: admins only). */
  permission: Permission = "lists.export",
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const { ctx, db } = await requireSignedIn({ request, context });
    requirePermission(ctx, permission);
    const { query, problems } = readListQuery(new URL(request.url), querySchema);
    if (problems.length > 0) {
      const names = problems.map((p) => p.param).join(", ");
      const message = `This export's filters could not be read (${names}). Go back to the list and export again.`;
      return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    await audit(db, ctx, { action: "export", entity: EXPORTED[name], details: { filters: searchParams(request) } });
    const date = new Date().toISOString().slice(0, 10);
    return csvResponse(`${name}-${date}.csv`, columns, batches(db, ctx, query));
  };
}

type Address = { street: string | null; city: string | null; state: string | null; zip: string | null };

/** A postal address in four columns: Street, City, State, ZIP. */
export function addressColumns<R>(address: (row: R) => Address): CsvColumn<R>[] {
  return [
    { header: "Street", value: (row) => address(row).street },
    { header: "City", value: (row) => address(row).city },
    { header: "State", value: (row) => address(row).state },
    { header: "ZIP", value: (row) => address(row).zip },
  ];
}

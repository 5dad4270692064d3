import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImport } from "~/models/imports.server";
import { IMPORT_MESSAGES } from "~/schemas/import";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import type { RowError } from "~/services/import-rows.server";
import { type CsvColumn, csvResponse } from "~/utils/csv.server";

// GET /import/{id}/errors.csv: the rows an import (or its preview) did not take, with why, to fix
// in the spreadsheet and import again (coordinators and admins).

type ErrorRow = RowError & { kind: "invalid" | "duplicate" };

const COLUMNS: CsvColumn<ErrorRow>[] = [
  { header: "Row", value: (e) => e.row },
  { header: "Field", value: (e) => e.field ?? (e.kind === "duplicate" ? "Duplicate" : "") },
  { header: "Column", value: (e) => e.column },
  { header: "Value", value: (e) => e.value },
  { header: "Problem", value: (e) => e.message },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.import");
  const found = await getImport(db, ctx, params.id ?? "");
  if (!found) throw new Response(IMPORT_MESSAGES.notFound, { status: 404 });
  const name = found.fileName.replace(/\.csv$/i, "");
  return csvResponse(
    `${name}-errors.csv`,
    COLUMNS,
    (async function* () {
      yield found.errors as ErrorRow[];
    })(),
  );
}

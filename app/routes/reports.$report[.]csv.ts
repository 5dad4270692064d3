import type { LoaderFunctionArgs } from "@remix-run/node";
import { audit } from "~/models/audit.server";
import { REPORT_NAMES, type ReportName, ReportQuerySchema } from "~/schemas/report";
import { loadReport, type ReportCell, reportRange } from "~/services/reports.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { csvResponse } from "~/utils/csv.server";
import { readListQuery } from "~/utils/list-query";
import { invariantResponse } from "~/utils/responses";

// GET /reports/{report}.csv?from=…&to=…&agentId=…: one report's table (the figures under its
// chart) as CSV, over the same days and person as the page. Coordinators and admins; audited as
// an export with the report's name and its filters, as the lists' exports are.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "reports.view");
  const name = params.report as ReportName;
  invariantResponse(REPORT_NAMES.includes(name), "No such report.", { status: 404 });
  const url = new URL(request.url);
  const { query, problems } = readListQuery(url, ReportQuerySchema);
  if (problems.length > 0) {
    const names = problems.map((p) => p.param).join(", ");
    const message = `This report's filters could not be read (${names}). Go back to the reports and download again.`;
    return new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { range } = await reportRange(db, ctx, query);
  const report = await loadReport(db, ctx, name, range);
  await audit(db, ctx, {
    action: "export",
    details: { report: name, filters: Object.fromEntries(url.searchParams) },
  });
  const columns = report.table.columns.map((header, k) => ({ header, value: (row: ReportCell[]) => row[k] }));
  return csvResponse(
    `${name}-${range.from}-to-${range.to}.csv`,
    columns,
    (async function* () {
      yield report.table.rows;
    })(),
  );
}

import { REPORT_NAMES, type ReportName, ReportQuerySchema } from "~/schemas/report";
import { apiError, apiRoute, apiSuccess, readQuery } from "~/services/api.server";
import { loadReport, reportRange } from "~/services/reports.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";

// GET /api/reports/{report}?from=&to=&agentId=: one report's figures (the table under its chart
// on /reports), for coordinators and admins.

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request, params }) => {
    if (!can(ctx.role, "reports.view")) throw apiError(403, PERMISSION_MESSAGES["reports.view"]);
    const name = params.report as ReportName;
    if (!REPORT_NAMES.includes(name)) throw apiError(404, `No such report. Reports: ${REPORT_NAMES.join(", ")}`);
    const query = readQuery(request, ReportQuerySchema);
    const { range } = await reportRange(db, ctx, query);
    const report = await loadReport(db, ctx, name, range);
    return apiSuccess({
      report: {
        name,
        title: report.title,
        from: range.from,
        to: range.to,
        agentId: range.agentId ?? null,
        columns: report.table.columns,
        rows: report.table.rows,
      },
    });
  },
});

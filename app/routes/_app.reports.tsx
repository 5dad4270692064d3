import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { REPORT_FILTER_LABELS, ReportsPage } from "~/components/reports/reports-page";
import { reportPeople } from "~/models/reports.server";
import { ReportQuerySchema } from "~/schemas/report";
import { loadReports, rangeText, reportRange } from "~/services/reports.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { readListQuery } from "~/utils/list-query";

export const handle = {
  header: { title: "Reports", subtitle: "Placements, time to move-in, conversion and referral sources" },
};

export const meta: MetaFunction = () => [{ title: "Reports · Senior Placement" }];

/** /reports (coordinators and admins): every report over the URL's days and person (a GET form). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "reports.view");
  const { query, problems } = readListQuery(new URL(request.url), ReportQuerySchema, { labels: REPORT_FILTER_LABELS });
  const { range, shortened } = await reportRange(db, ctx, query);
  const [sections, people] = await Promise.all([loadReports(db, ctx, range), reportPeople(db, ctx)]);
  return json(
    {
      sections,
      people: people.map((p) => [p.id, p.active ? p.name : `${p.name} (deactivated)`] as const),
      filters: { from: range.from, to: range.to, agentId: query.agentId ?? "" },
      rangeText: rangeText(range),
      shortened,
      problems,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function ReportsRoute() {
  return <ReportsPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load the reports. Please try again." />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  PipelinePanel,
  PlacementsChartPanel,
  RecentActivityPanel,
  ReferralFeesPanel,
  StatCards,
  WelcomeCard,
} from "~/components/dashboard/panels";
import { getClientDashboard } from "~/models/clients.server";
import { readAgencyCounts } from "~/models/counts.server";
import { getFacilityDashboard } from "~/models/facilities.server";
import { getPlacementDashboard } from "~/models/placements.server";
import { countTasksByStage, getMemberTaskFigures, getTaskDashboard } from "~/models/tasks/list.server";
import { placementsOfTheYear, referralFeesTile } from "~/services/reports.server";
import { can } from "~/utils/permissions";
import { requireSignedIn } from "~/services/session.server";
import { myWork } from "~/utils/list-query";
import { useRevalidateEvery } from "~/utils/use-revalidate-every";
import { WorkScope } from "~/components/layout/work-scope";

export const handle = {
  header: { title: "Dashboard", subtitle: "Overview of your placement management system" },
};

export const meta: MetaFunction = () => [{ title: "Dashboard · Senior Placement" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  // An agent's task figures start on their own tasks ("my work"); `?assignedTo=` shows the team's.
  const own = new URL(request.url).searchParams.has("assignedTo") ? undefined : myWork("assignedTo")(ctx).assignedTo;
  const counts = readAgencyCounts(db, ctx);
  const [clients, facilities, placements, taskFigures, months, fees] = await Promise.all([
    getClientDashboard(db, ctx, counts),
    getFacilityDashboard(db, ctx, counts),
    getPlacementDashboard(db, ctx, counts),
    own
      ? getMemberTaskFigures(db, ctx, own)
      : Promise.all([getTaskDashboard(db, ctx, counts), countTasksByStage(db, ctx, counts)]).then(([tasks, lanes]) => ({
          tasks,
          lanes,
        })),
    // The team's last twelve months, whoever is looking (the reports' default range).
    placementsOfTheYear(db, ctx),
    // Money is for those who keep the invoices.
    can(ctx.role, "invoices.manage") ? referralFeesTile(db, ctx) : null,
  ]);
  const scope = { mine: Boolean(own), teamHref: "/dashboard?assignedTo=", inactive: null };
  return json({ clients, facilities, placements, ...taskFigures, scope, monthly: months, fees });
}

/** With JavaScript, the figures refresh on their own while the dashboard is on screen. */
const DASHBOARD_REFRESH_MS = 30_000;

export default function DashboardPage() {
  const { clients, facilities, placements, tasks, lanes, scope, monthly, fees } = useLoaderData<typeof loader>();
  const { totalCapacity, totalOccupied } = facilities.occupancyStats;
  const { totalTasks, completedTasks, overdueTasks } = tasks.overview;
  useRevalidateEvery(DASHBOARD_REFRESH_MS);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <WelcomeCard />
      <WorkScope scope={scope} noun="tasks" />
      <StatCards
        cards={[
          {
            label: "Total Clients",
            to: "/clients",
            value: clients.totalClients,
            secondary: `${clients.statusCounts["New Client"] ?? 0} new clients`,
            tone: "blue",
          },
          {
            label: "Active Placements",
            to: "/placements",
            value: placements.activePlacements,
            secondary: `${placements.totalPlacements} total placements`,
            tone: "green",
          },
          {
            label: "Available Facilities",
            to: "/facilities",
            value: facilities.totalFacilities,
            secondary: `${totalCapacity - totalOccupied} beds available`,
            tone: "purple",
          },
          {
            label: "Pending Tasks",
            to: "/tasks",
            value: totalTasks - completedTasks,
            secondary: `${overdueTasks} overdue`,
            tone: overdueTasks > 0 ? "red" : "amber",
          },
        ]}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PipelinePanel lanes={lanes} />
        <RecentActivityPanel placements={placements.recentPlacements} />
      </div>
      <PlacementsChartPanel {...monthly} />
      {fees ? <ReferralFeesPanel fees={fees} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

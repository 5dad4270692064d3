import { Link } from "@remix-run/react";
import type { ChartGeometry } from "~/utils/chart-geometry";
import { cn } from "~/utils/cn";
import { formatCount, formatDate } from "~/utils/format";
import { useCan } from "../layout/use-can";
import { ButtonLink } from "../ui/button";
import { Chart } from "../ui/chart";
import { Card, CardLink, TitledCard } from "../ui/card";
import { Skeleton, SkeletonCard, StatCardsSkeleton } from "../ui/skeleton";
import { StatCard, type StatTone } from "../ui/stat-card";
import { BuildingIcon, ClipboardIcon, ColumnsIcon, InboxIcon, PlusIcon, TasksIcon, UsersIcon } from "../ui/icons";

export function WelcomeCard() {
  return (
    <Card className="overflow-hidden border-0 bg-gradient-to-r from-brand-700 to-brand-500 text-white shadow-md">
      <div className="flex flex-col gap-5 p-6 xl:flex-row xl:items-center xl:justify-between">
        <div>
          <h2 className="text-xl font-semibold">Welcome to your Dashboard</h2>
          <p className="mt-1 text-sm text-brand-100">
            Follow every client from first call to move-in. Here is where things stand today.
          </p>
        </div>
        <div className="flex flex-wrap gap-2 xl:shrink-0">
          <Link
            to="/swim-lanes"
            className="inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3.5 text-sm font-medium text-brand-700 shadow-sm hover:bg-brand-50"
          >
            <ColumnsIcon className="h-4 w-4" /> View Swim Lanes
          </Link>
          <Link
            to="/clients/new"
            className="inline-flex h-9 items-center gap-2 rounded-lg bg-white/15 px-3.5 text-sm font-medium text-white ring-1 ring-white/30 hover:bg-white/25"
          >
            <PlusIcon className="h-4 w-4" /> Add Client
          </Link>
          <Link
            to="/placements"
            className="inline-flex h-9 items-center gap-2 rounded-lg bg-white/15 px-3.5 text-sm font-medium text-white ring-1 ring-white/30 hover:bg-white/25"
          >
            <ClipboardIcon className="h-4 w-4" /> View All Placements
          </Link>
        </div>
      </div>
    </Card>
  );
}

const cardIcons = {
  "/clients": UsersIcon,
  "/placements": ClipboardIcon,
  "/facilities": BuildingIcon,
  "/tasks": TasksIcon,
};

export interface DashboardStat {
  label: string;
  to: keyof typeof cardIcons;
  value: number;
  secondary: string;
  tone: StatTone;
}

export function StatCards({ cards }: { cards: DashboardStat[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ to, value, ...card }) => {
        const Icon = cardIcons[to];
        return (
          <StatCard key={card.label} {...card} to={to} value={formatCount(value)} icon={<Icon className="h-5 w-5" />} />
        );
      })}
    </div>
  );
}

const laneColors = ["bg-sky-500", "bg-blue-500", "bg-violet-500", "bg-emerald-500", "bg-amber-500"];

export function PipelinePanel({ lanes }: { lanes: Array<{ stage: string; count: number }> }) {
  const total = lanes.reduce((sum, lane) => sum + lane.count, 0);
  const max = Math.max(1, ...lanes.map((lane) => lane.count));
  return (
    <TitledCard
      title="Swim Lane Pipeline"
      description="Tasks in each stage of the placement pipeline"
      action={<CardLink to="/swim-lanes">View full board</CardLink>}
    >
      {total === 0 ? (
        <EmptyPanel
          message="No placement data available"
          linkTo="/placements/new"
          linkLabel="Create your first placement"
        />
      ) : (
        <ul className="space-y-4 px-5 py-5" aria-label="Pipeline lanes">
          {lanes.map((lane, index) => (
            <li key={lane.stage} data-testid="pipeline-lane">
              <div className="mb-1.5 flex items-center justify-between text-sm">
                <span className="flex items-center gap-2 font-medium text-slate-700">
                  <span className={cn("h-2.5 w-2.5 rounded-full", laneColors[index % laneColors.length])} />
                  <span data-testid="lane-name">{lane.stage}</span>
                </span>
                <span className="font-semibold text-slate-900" data-testid="lane-count">
                  {formatCount(lane.count)}
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100">
                <div
                  className={cn("h-full rounded-full", laneColors[index % laneColors.length])}
                  style={{ width: `${Math.round((lane.count / max) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function statusDot(status: string) {
  if (status === "In Progress") return "bg-blue-500";
  if (status === "Confirmed") return "bg-emerald-500";
  if (status === "Completed") return "bg-green-700";
  return "bg-slate-400";
}

export interface RecentItem {
  _id: string;
  status: string;
  createdAt: string;
  clientId: { firstName: string; lastName: string };
  facilityId: { name: string };
}

export function RecentActivityPanel({ placements }: { placements: RecentItem[] }) {
  return (
    <TitledCard
      title="Recent Activity"
      description="The newest placements"
      action={<CardLink to="/placements">View all placements</CardLink>}
    >
      {placements.length === 0 ? (
        <EmptyPanel message="No recent activity" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {placements.map((p) => (
            <li key={p._id} className="flex items-start gap-3 px-5 py-4" data-testid="recent-activity">
              <span
                className={cn("mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full", statusDot(p.status))}
                data-status={p.status}
              />
              <div className="min-w-0 flex-1">
                <Link to={`/placements/${p._id}`} className="text-sm font-medium text-slate-900 hover:text-brand-700">
                  {p.clientId.firstName} {p.clientId.lastName} - {p.status}
                </Link>
                <p className="truncate text-sm text-slate-500" title={p.facilityId.name}>
                  {p.facilityId.name}
                </p>
              </div>
              <time className="shrink-0 text-xs text-slate-500" dateTime={p.createdAt}>
                {formatDate(p.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function EmptyPanel({ message, linkTo, linkLabel }: { message: string; linkTo?: string; linkLabel?: string }) {
  return (
    <div className="flex flex-col items-center px-5 py-10 text-center">
      <span className="mb-3 flex h-11 w-11 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <InboxIcon className="h-5 w-5" />
      </span>
      <p className="text-sm text-slate-500">{message}</p>
      {linkTo && linkLabel ? (
        <ButtonLink to={linkTo} variant="outline" size="sm" className="mt-4">
          {linkLabel}
        </ButtonLink>
      ) : null}
    </div>
  );
}

/** What the dashboard looks like while its numbers load (a client-side navigation). */
export function DashboardSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="dashboard-skeleton">
      <Skeleton className="h-28 w-full rounded-xl" />
      <StatCardsSkeleton label="Loading dashboard…" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SkeletonCard lines={5} />
        <SkeletonCard lines={5} />
      </div>
    </div>
  );
}

/**
 * The placements of the last twelve months, a bar per month (the reports' chart, drawn on the
 * server), with the way to the reports for those who may read them.
 */
export function PlacementsChartPanel({
  total,
  narrow,
  wide,
}: {
  total: number;
  /** The same chart for a phone and for a wide screen: one of them shows. */
  narrow: ChartGeometry | null;
  wide: ChartGeometry | null;
}) {
  const canReport = useCan("reports.view");
  return (
    <TitledCard
      title="Placements, last 12 months"
      description={`${formatCount(total)} ${total === 1 ? "placement" : "placements"} started, cancelled ones left out`}
      action={canReport ? <CardLink to="/reports">View reports</CardLink> : null}
    >
      <div className="p-5">
        {narrow && wide ? (
          <>
            <Chart chart={narrow} className="chart mx-auto sm:hidden" />
            <Chart chart={wide} className="chart mx-auto hidden max-w-3xl sm:block" />
          </>
        ) : (
          <p className="text-sm text-slate-500">No placements started in the last 12 months.</p>
        )}
      </div>
    </TitledCard>
  );
}

/** Cents as the tile shows money: whole dollars ("$12,400"). */
const wholeDollars = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/**
 * The referral fees (coordinators and admins): invoiced and collected this month, and what the
 * facilities owe now, overdue included; the way to the revenue report and to the aging view.
 */
export function ReferralFeesPanel({
  fees,
}: {
  fees: { invoicedCents: number; collectedCents: number; outstandingCents: number; overdueCents: number };
}) {
  const figures = [
    { label: "Invoiced this month", value: wholeDollars(fees.invoicedCents) },
    { label: "Collected this month", value: wholeDollars(fees.collectedCents) },
    {
      label: "Outstanding",
      value: wholeDollars(fees.outstandingCents),
      note: fees.overdueCents > 0 ? `${wholeDollars(fees.overdueCents)} overdue` : "None overdue",
    },
  ];
  return (
    <TitledCard
      title="Referral fees"
      description="What facilities were invoiced and paid this month, and what they owe"
      action={<CardLink to="/invoices/aging">View aging</CardLink>}
    >
      <dl className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{figure.value}</dd>
            {figure.note ? (
              <dd className={cn("text-sm", fees.overdueCents > 0 ? "text-red-700" : "text-slate-600")}>
                {figure.note}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      <p className="border-t border-slate-100 px-5 py-3 text-sm">
        <Link to="/reports#revenue" className="font-medium text-brand-700 hover:underline">
          Revenue per month
        </Link>
      </p>
    </TitledCard>
  );
}

import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { ErrorPanel, type ErrorPanelType } from "~/components/ui/error-panel";
import {
  AlertCircleIcon,
  AlertIcon,
  CheckCircleIcon,
  FolderIcon,
  InfoIcon,
  PlusIcon,
  RefreshIcon,
} from "~/components/ui/icons";
import { ProgressBar } from "~/components/ui/progress";
import { Skeleton, SkeletonCard, SkeletonText, StatCardsSkeleton } from "~/components/ui/skeleton";
import { LoadingIndicator, Spinner } from "~/components/ui/spinner";
import { cn } from "~/utils/cn";
import type { ToastType } from "~/utils/toast";
import { DemoLabel, DemoSection } from "./shared";

export function ProgressDemo() {
  return (
    <DemoSection
      id="progress"
      title="Progress bars"
      description="Coloured by band: low below 25%, medium 25% to below 75%, high 75% and above."
    >
      <div className="grid gap-6 md:grid-cols-3">
        <ProgressBar value={12} label="Low · Initial contact" showValue />
        <ProgressBar value={48} label="Medium · Facility visits" showValue />
        <ProgressBar value={90} label="High · Move coordination" showValue />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <DemoLabel>Sizes</DemoLabel>
          <ProgressBar value={35} size="sm" aria-label="Small progress" />
          <ProgressBar value={60} size="md" aria-label="Medium progress" />
          <ProgressBar value={80} size="lg" aria-label="Large progress" />
        </div>
        <div className="space-y-4">
          <DemoLabel>Fixed tones and edge values</DemoLabel>
          <ProgressBar value={65} tone="brand" label="Upload" showValue />
          <ProgressBar value={0} label="Not started" showValue />
          <ProgressBar value={100} label="Complete" showValue />
        </div>
      </div>
    </DemoSection>
  );
}

export function SkeletonsDemo() {
  return (
    <DemoSection id="skeletons" title="Skeletons" description="Placeholders while data loads; announced as “Loading…”.">
      <StatCardsSkeleton />
      <div className="grid gap-4 md:grid-cols-3">
        <SkeletonCard />
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <SkeletonText lines={5} />
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <Skeleton className="h-12 w-12 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-8 w-24 rounded-lg" />
          </div>
        </div>
      </div>
    </DemoSection>
  );
}

export function LoadersDemo() {
  return (
    <DemoSection id="loaders" title="Spinners & loaders">
      <div className="flex flex-wrap items-center gap-8">
        <Spinner className="h-4 w-4 text-brand-600" label="Loading" />
        <Spinner className="h-6 w-6 text-brand-600" />
        <Spinner className="h-8 w-8 text-slate-400" />
        <LoadingIndicator label="Loading clients…" size="sm" />
        <Button variant="outline" loading>
          Saving
        </Button>
      </div>
      <div className="rounded-xl border border-dashed border-slate-200">
        <LoadingIndicator label="Loading placements…" size="lg" />
      </div>
    </DemoSection>
  );
}

export function AlertsDemo() {
  return (
    <DemoSection id="alerts" title="Alerts" description="Inline banners inside a page (toasts are below).">
      <div className="grid gap-3 lg:grid-cols-2">
        <Alert tone="info" title="Heads up">
          Facility availability is refreshed every night at 2 am.
        </Alert>
        <Alert tone="success" title="Placement confirmed">
          Eleanor Whitfield moves to Maple Grove on March 3.
        </Alert>
        <Alert
          tone="warning"
          title="Insurance expires soon"
          action={
            <ButtonLink to="/clients" variant="outline" size="sm">
              Review
            </ButtonLink>
          }
        >
          Two clients have policies expiring within 30 days.
        </Alert>
        <Alert tone="error" title="Upload failed">
          The file is larger than the 10 MB limit.
        </Alert>
      </div>
      <Alert tone="info">An alert without a title, for a single sentence.</Alert>
    </DemoSection>
  );
}

export function EmptyStateDemo() {
  return (
    <DemoSection id="empty" title="Empty state">
      <div className="grid gap-4 md:grid-cols-2">
        <EmptyState
          icon={<FolderIcon className="h-6 w-6" />}
          title="No Documents Found"
          message="Upload care plans, contracts and brochures to keep them in one place."
          action={
            <ButtonLink to="/resources/upload" size="sm">
              <PlusIcon className="h-4 w-4" /> Upload documents
            </ButtonLink>
          }
        />
        <EmptyState title="No tasks due today" message="Enjoy the quiet — new tasks will appear here." />
      </div>
    </DemoSection>
  );
}

const ERROR_TYPES: ErrorPanelType[] = ["network", "notFound", "permission", "server", "empty", "offline", "custom"];

export function ErrorPanelsDemo() {
  return (
    <DemoSection id="errors" title="Error panel" description="The reusable error panel in its seven types.">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {ERROR_TYPES.map((type) => (
          <ErrorPanel key={type} type={type} className="h-full justify-center shadow-sm">
            {type === "network" || type === "server" || type === "offline" || type === "custom" ? (
              <a href="/ui-demo#errors" className={buttonClasses("outline", "sm")}>
                <RefreshIcon className="h-4 w-4" /> Try again
              </a>
            ) : type === "notFound" || type === "permission" ? (
              <ButtonLink to="/dashboard" variant="outline" size="sm">
                Back to Dashboard
              </ButtonLink>
            ) : null}
          </ErrorPanel>
        ))}
      </div>
    </DemoSection>
  );
}

const TOASTS: Array<{ type: ToastType; label: string; Icon: typeof InfoIcon; tone: string }> = [
  { type: "success", label: "Success", Icon: CheckCircleIcon, tone: "text-emerald-600" },
  { type: "error", label: "Error", Icon: AlertCircleIcon, tone: "text-red-600" },
  { type: "warning", label: "Warning", Icon: AlertIcon, tone: "text-amber-600" },
  { type: "info", label: "Info", Icon: InfoIcon, tone: "text-blue-600" },
];

export function ToastsDemo() {
  const navigation = useNavigation();
  const pendingType = navigation.state !== "idle" ? navigation.formData?.get("type") : null;
  return (
    <DemoSection
      id="toasts"
      title="Toasts"
      description="Each button posts a form; the server answers with a redirect carrying a flash toast, so they work without JavaScript too."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TOASTS.map(({ type, label, Icon, tone }) => (
          <Form key={type} method="post" preventScrollReset>
            <input type="hidden" name="intent" value="toast" />
            <input type="hidden" name="type" value={type} />
            <Button type="submit" variant="outline" className="w-full" loading={pendingType === type}>
              {pendingType === type ? null : <Icon className={cn("h-4 w-4", tone)} />}
              Show {label.toLowerCase()} toast
            </Button>
          </Form>
        ))}
      </div>
    </DemoSection>
  );
}

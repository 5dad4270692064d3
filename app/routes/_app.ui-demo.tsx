import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BadgesDemo, ButtonsDemo, CardsDemo, FormsDemo } from "~/components/ui-demo/basics";
import { DialogsDemo } from "~/components/ui-demo/dialogs";
import {
  AlertsDemo,
  EmptyStateDemo,
  ErrorPanelsDemo,
  LoadersDemo,
  ProgressDemo,
  SkeletonsDemo,
  ToastsDemo,
} from "~/components/ui-demo/feedback";
import {
  AvatarsDemo,
  DEMO_TABS,
  DEMO_TOTAL_PAGES,
  PageHeaderDemo,
  PaginationDemo,
  TabsDemo,
  type DemoTab,
} from "~/components/ui-demo/navigation";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import type { ToastType } from "~/utils/toast";
import { invariantResponse } from "~/utils/responses";

export const handle = {
  header: { title: "UI Demo", subtitle: "Showcase of interface elements" },
};

export const meta: MetaFunction = () => [{ title: "UI Demo · Senior Placement" }];

/** A developer's showcase of the interface kit: `npm run dev` only, a 404 in production. */
function developmentOnly() {
  invariantResponse(process.env.NODE_ENV !== "production", "This page does not exist.", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  developmentOnly();
  await requireSignedIn({ request, context });
  const params = new URL(request.url).searchParams;
  const page = Math.min(DEMO_TOTAL_PAGES, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const tabParam = params.get("tab");
  const tab: DemoTab = DEMO_TABS.find((t) => t === tabParam) ?? "overview";
  return json({
    page,
    tab,
    dialogOpen: params.get("dialog") === "details",
    confirmOpen: params.get("confirm") === "delete",
  });
}

const DEMO_TOASTS: Record<ToastType, { title: string; description: string }> = {
  success: { title: "Changes saved", description: "The client record was updated." },
  error: { title: "Something went wrong", description: "The placement could not be saved. Please try again." },
  warning: { title: "Few beds left", description: "Maple Grove has only two assisted-living beds available." },
  info: { title: "New referral", description: "A hospital discharge planner sent a new referral." },
};

function isToastType(value: unknown): value is ToastType {
  return typeof value === "string" && Object.hasOwn(DEMO_TOASTS, value);
}

export async function action({ request, context }: ActionFunctionArgs) {
  developmentOnly();
  await requireSignedIn({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "delete-demo") {
    return redirectWithToast("/ui-demo", {
      type: "success",
      title: "Client deleted",
      description: "Only pretend: the demo deletes nothing.",
    });
  }
  const type = form.get("type");
  if (intent === "toast" && isToastType(type)) {
    return redirectWithToast("/ui-demo", { type, ...DEMO_TOASTS[type] });
  }
  invariantResponse(false, "Unknown demo action", { status: 400 });
}

const CONTENTS = [
  ["buttons", "Buttons"],
  ["inputs", "Inputs"],
  ["cards", "Cards"],
  ["badges", "Badges"],
  ["progress", "Progress"],
  ["skeletons", "Skeletons"],
  ["loaders", "Loaders"],
  ["alerts", "Alerts"],
  ["toasts", "Toasts"],
  ["empty", "Empty state"],
  ["errors", "Error panel"],
  ["dialogs", "Dialogs"],
  ["tabs", "Tabs"],
  ["pagination", "Pagination"],
  ["avatars", "Avatars"],
  ["page-header", "Page header"],
] as const;

export default function UiDemoPage() {
  const { page, tab, dialogOpen, confirmOpen } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <nav aria-label="Sections" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p className="mb-3 text-sm text-slate-600">
          Every element of the interface kit in one place. Everything here works with JavaScript turned off.
        </p>
        <ul className="flex flex-wrap gap-2">
          {CONTENTS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-flex h-8 items-center rounded-full bg-slate-100 px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-700"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ButtonsDemo />
      <FormsDemo />
      <CardsDemo />
      <BadgesDemo />
      <ProgressDemo />
      <SkeletonsDemo />
      <LoadersDemo />
      <AlertsDemo />
      <ToastsDemo />
      <EmptyStateDemo />
      <ErrorPanelsDemo />
      <DialogsDemo dialogOpen={dialogOpen} confirmOpen={confirmOpen} />
      <TabsDemo tab={tab} />
      <PaginationDemo page={page} />
      <AvatarsDemo />
      <PageHeaderDemo />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { env } from "~/utils/env.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { LayoutErrorBoundary } from "~/components/error-boundary";
import { Header } from "~/components/layout/header";
import { PendingContent } from "~/components/layout/pending";
import { Sidebar } from "~/components/layout/sidebar";
import { bellData } from "~/services/notifications.server";
import { isSidebarCollapsed, requireSignedIn } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [signedIn, collapsed] = await Promise.all([requireSignedIn({ request, context }), isSidebarCollapsed(request)]);
  const { user } = signedIn;
  return json({
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
    // The agency's time zone: the days and times every screen shows (useTimeZone).
    timeZone: user.agencyTimeZone ?? env().timeZone,
    collapsed,
    // The header's bell: what needs this person (docs/screens.md, "Notifications").
    bell: await bellData(signedIn),
  });
}

export default function AppLayout() {
  const { user, collapsed, bell } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-full">
      <Sidebar user={user} collapsed={collapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header user={user} collapsed={collapsed} bell={bell} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <PendingContent>
            <Outlet />
          </PendingContent>
        </main>
      </div>
    </div>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;

import { env } from "~/utils/env.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { LayoutErrorBoundary } from "~/components/error-boundary";
import { Header } from "~/components/layout/header";
import { PendingContent } from "~/components/layout/pending";
import { Sidebar } from "~/components/layout/sidebar";
import { bellData } from "~/services/notifications.server";
import { isSidebarCollapsed, requireSignedIn } from "~/services/session.server";
import { unavailableWithUnsaved } from "~/services/unsaved.server";
import { isDatabaseUnavailable } from "~/utils/db.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [signedIn, collapsed] = await Promise.all([requireSignedIn({ request, context }), isSidebarCollapsed(request)]);
  const { user } = signedIn;
  const bell = await bellData(signedIn).catch(async (error: unknown) => {
    // The database went away after the sign-in was checked (a form's save failed on it): the
    // error page says so, with the form sent in this request if there was one.
    if (isDatabaseUnavailable(error)) throw await unavailableWithUnsaved({ request, context });
    throw error;
  });
  return json({
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role },
    // The agency's time zone: the days and times every screen shows (useTimeZone).
    timeZone: user.agencyTimeZone ?? env().timeZone,
    collapsed,
    // The header's bell: what needs this person (docs/screens.md, "Notifications").
    bell,
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

/**
 * A form refused because the database is away (503) leaves the layout as it is: loading it again
 * would fail the same way, and its error page would replace the one that offers the form again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 503 ? false : defaultShouldRevalidate;

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { areaHandle, AreaErrorBoundary } from "~/components/layout/area";
import { NOTIFICATION_FILTER_LABELS, NotificationsPage } from "~/components/notifications/notifications-page";
import { filterValues, loadListPage } from "~/services/list-page.server";
import { markReadAction, notificationsPage } from "~/services/notifications.server";
import { NOTIFICATIONS_PAGE_SIZE, NotificationsQuerySchema } from "~/services/page-schemas.server";

export const meta: MetaFunction = () => [{ title: "Notifications · Senior Placement" }];

export const handle = areaHandle("notifications");

const SCREEN = {
  schema: NotificationsQuerySchema,
  pageSize: NOTIFICATIONS_PAGE_SIZE,
  labels: NOTIFICATION_FILTER_LABELS,
};

/** What needs the signed-in person: the bell's page (without JavaScript, the bell is a link here). */
export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, (signedIn, q) => notificationsPage(signedIn, q));
  return json({ ...result, filters: filterValues(query, ["show"]), problems });
}

/** Mark as read (one) and Mark all as read, from this page and the bell's menu. */
export async function action(args: ActionFunctionArgs) {
  return markReadAction(args);
}

export default function NotificationsRoute() {
  return <NotificationsPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = AreaErrorBoundary;

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireSignedIn } from "~/services/session.server";

// An address the app does not have: a 404 in the app's frame, with the way back to the dashboard.
// Visitors are sent to sign in first (the layout's guard), and come back here after it.
// `/` itself goes to the dashboard (routes/_index.tsx).

const NOT_FOUND_MESSAGE = "This page does not exist. Check the address, or go back to the dashboard.";

export const meta: MetaFunction = () => [{ title: "Page not found · Senior Placement" }];

async function notFound({ request, context }: LoaderFunctionArgs): Promise<never> {
  await requireSignedIn({ request, context });
  throw new Response(NOT_FOUND_MESSAGE, { status: 404 });
}

export const loader = notFound;
export const action = notFound;

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

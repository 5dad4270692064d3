import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { unsavedOf, type UnsavedField } from "~/utils/responses";
import { Button, ButtonLink } from "./ui/button";
import { ErrorPanel, type ErrorPanelType } from "./ui/error-panel";

function typeForStatus(status: number): ErrorPanelType {
  if (status === 404) return "notFound";
  if (status === 401 || status === 403) return "permission";
  if (status >= 500) return "server";
  return "custom";
}

/** A browser's fetch that never got an answer ("Failed to fetch", "NetworkError…", "Load failed"). */
function isConnectionError(error: unknown): boolean {
  return (
    typeof navigator !== "undefined" &&
    error instanceof TypeError &&
    (!navigator.onLine || /fetch|network|load failed/i.test(error.message))
  );
}

/**
 * The one error boundary: every route exports it, so a failure never shows a stack trace.
 * `message` replaces the text of a failure other than a 404 (a screen's "Failed to load …");
 * `retry` adds a button that loads the page again (a failure of the server always has one).
 */
export function GeneralErrorBoundary({
  backTo = "/dashboard",
  backLabel = "Back to Dashboard",
  message: failureMessage,
  notFoundMessage,
  retry = false,
}: {
  backTo?: string;
  backLabel?: string;
  message?: string;
  notFoundMessage?: string;
  retry?: boolean;
}) {
  const error = useRouteError();
  const location = useLocation();
  // A failure on the server's side (the database away for a moment) may pass: always a Retry.
  const serverFailure = !isRouteErrorResponse(error) || error.status >= 500;
  const retryButton =
    retry || serverFailure ? (
      <ButtonLink to={location.pathname + location.search} reloadDocument>
        Retry
      </ButtonLink>
    ) : null;
  const back = (
    <ButtonLink to={backTo} variant="outline">
      {backLabel}
    </ButtonLink>
  );
  if (isRouteErrorResponse(error) && unsavedOf(error.data).length > 0) {
    return (
      <NotSaved fields={unsavedOf(error.data)} className="mx-auto my-8 max-w-xl">
        {back}
      </NotSaved>
    );
  }
  if (isRouteErrorResponse(error)) {
    const type = typeForStatus(error.status);
    const own =
      typeof error.data === "string" && error.data.length > 0 && error.data.length < 300 ? error.data : undefined;
    const message = type === "notFound" ? (notFoundMessage ?? own) : (own ?? failureMessage);
    return (
      <ErrorPanel type={type} message={message} className="mx-auto my-8 max-w-xl">
        {type === "notFound" ? null : retryButton}
        {back}
      </ErrorPanel>
    );
  }
  if (typeof console !== "undefined") console.error(error);
  // In the browser, a request that never reached the server (the connection dropped): say so, and
  // retry without reloading the document, which would show the browser's own offline page.
  if (isConnectionError(error)) {
    return (
      <ErrorPanel type={navigator.onLine ? "network" : "offline"} className="mx-auto my-8 max-w-xl">
        <ButtonLink to={location.pathname + location.search}>Try again</ButtonLink>
        {back}
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel type="server" message={failureMessage} className="mx-auto my-8 max-w-xl">
      {retryButton}
      <ButtonLink to={backTo} variant="outline" reloadDocument>
        {backLabel}
      </ButtonLink>
    </ErrorPanel>
  );
}

/**
 * A form that could not be saved because the database was away: what was typed, kept in a form
 * that sends it again to the same address (a plain form: with or without JavaScript).
 */
function NotSaved({
  fields,
  className,
  children,
}: {
  fields: UnsavedField[];
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const matches = useMatches();
  // An index route's form is sent to its address with `?index` (Remix's rule for index routes).
  const search = new URLSearchParams(location.search);
  if (matches.at(-1)?.id.endsWith("_index") && !search.has("index")) search.set("index", "");
  const action = `${location.pathname}${search.size > 0 ? `?${search.toString().replace(/index=(&|$)/, "index$1")}` : ""}`;
  const shown = fields.filter(([, value]) => value.trim() !== "");
  return (
    <ErrorPanel type="server" title="Not Saved" message={NOT_SAVED_MESSAGE} className={className}>
      <form method="post" action={action}>
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit">Save again</Button>
      </form>
      {children}
      {shown.length > 0 ? (
        <div className="mt-2 w-full text-left text-sm">
          <p className="font-medium text-slate-900">What you typed</p>
          <dl className="mt-2 space-y-1 break-words">
            {shown.map(([name, value], i) => (
              <div key={`${name}-${i}`}>
                <dt className="text-slate-500">{fieldLabel(name)}</dt>
                <dd className="whitespace-pre-wrap text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </ErrorPanel>
  );
}

/** A field's name as a person reads it: "emergencyContact.phone" → "Emergency contact › phone". */
function fieldLabel(name: string): string {
  const words = name
    .split(".")
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase())
    .join(" › ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const NOT_SAVED_MESSAGE =
  "The database is not answering, so this was not saved. What you typed is kept on this page: save it again in a moment.";

/** A layout's error screen (the signed-in shell's, the sign-in screens'): the error in the page's main area. */
export function LayoutErrorBoundary(props: { backTo?: string; backLabel?: string }) {
  return (
    <main id="main" tabIndex={-1} className="p-6 focus:outline-none">
      <GeneralErrorBoundary {...props} />
    </main>
  );
}

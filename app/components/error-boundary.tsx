import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { ButtonLink } from "./ui/button";
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

/** A layout's error screen (the signed-in shell's, the sign-in screens'): the error in the page's main area. */
export function LayoutErrorBoundary(props: { backTo?: string; backLabel?: string }) {
  return (
    <main id="main" tabIndex={-1} className="p-6 focus:outline-none">
      <GeneralErrorBoundary {...props} />
    </main>
  );
}

import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ButtonLink } from "./ui/button";
import { ErrorPanel, type ErrorPanelType } from "./ui/error-panel";

function typeForStatus(status: number): ErrorPanelType {
  if (status === 404) return "notFound";
  if (status === 401 || status === 403) return "permission";
  if (status >= 500) return "server";
  return "custom";
}

/** The one error boundary: every route exports it, so a failure never shows a stack trace. */
export function GeneralErrorBoundary({
  backTo = "/dashboard",
  backLabel = "Back to Dashboard",
}: {
  backTo?: string;
  backLabel?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === "string" && error.data.length > 0 && error.data.length < 300 ? error.data : undefined;
    return (
      <ErrorPanel type={typeForStatus(error.status)} message={message} className="mx-auto my-8 max-w-xl">
        <ButtonLink to={backTo} variant="outline">
          {backLabel}
        </ButtonLink>
      </ErrorPanel>
    );
  }
  if (typeof console !== "undefined") console.error(error);
  return (
    <ErrorPanel type="server" className="mx-auto my-8 max-w-xl">
      <ButtonLink to={backTo} variant="outline" reloadDocument>
        {backLabel}
      </ButtonLink>
    </ErrorPanel>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { ResourcePage } from "~/components/resources/resource-page";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { agencyDay } from "~/models/agency.server";
import { getResource } from "~/models/resources.server";
import { RESOURCE_MESSAGES } from "~/schemas/resource.constants";
import { requireRouteRecord } from "~/services/record-screen.server";

// A document's page (components/resources/resource-page.tsx); its file is downloaded from
// /resources/{id}/download.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.resource.originalName ?? "Document"} · Senior Placement` },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: resource, db, ctx } = await requireRouteRecord(args, getResource, RESOURCE_MESSAGES.notFound);
  const { today, timeZone } = await agencyDay(db, ctx);
  return json({ resource, today, timeZone }, { headers: { "Cache-Control": "no-store" } });
}

export default function ResourceRoute() {
  return <ResourcePage {...useLoaderData<typeof loader>()} />;
}

/** The error panel of spec 002 §2: status, message, the document's id, and the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { id } = useParams();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length < 300
      ? error.data
      : RESOURCE_MESSAGES.detailFailed;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPanel
      type={status === 404 ? "notFound" : "server"}
      title={RESOURCE_MESSAGES.detailFailed}
      message={
        <>
          <span className="block">
            Status {status}: {message}
          </span>
          <span className="mt-1 block font-mono text-xs text-slate-500">Resource ID: {id}</span>
        </>
      }
      className="mx-auto my-8 max-w-xl"
    >
      <ButtonLink to="/resources" variant="outline">
        Back to Resources
      </ButtonLink>
    </ErrorPanel>
  );
}

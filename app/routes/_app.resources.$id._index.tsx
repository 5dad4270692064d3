import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { AccessBadge, ConfidentialBadge, downloadHref, ExpiryBadge } from "~/components/resources/resource-parts";
import { ReplaceFileForm } from "~/components/resources/replace-file-form";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { BackLink, Chips, DetailCard, Item, RecordActions } from "~/components/ui/detail";
import { ErrorPanel } from "~/components/ui/error-panel";
import { DownloadIcon, EditIcon, FileIcon, UploadIcon } from "~/components/ui/icons";
import { agencyDay } from "~/models/agency.server";
import { getResource } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize, RELATED_PATHS, RESOURCE_MESSAGES } from "~/schemas/resource.constants";
import { requireRecord } from "~/services/session.server";
import { formatDate } from "~/utils/format";

// A document's page (spec 002 §2 Resource detail): its file, badges, details, version history,
// and Replace file. Its file is downloaded from /resources/{id}/download.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.resource.originalName ?? "Document"} · Senior Placement` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const {
    record: resource,
    db,
    ctx,
  } = await requireRecord({ request, context }, params.id, getResource, RESOURCE_MESSAGES.notFound);
  const { today } = await agencyDay(db, ctx);
  return json({ resource, today }, { headers: { "Cache-Control": "no-store" } });
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

export default function ResourcePage() {
  const { resource: r, today } = useLoaderData<typeof loader>();
  const uploader = r.uploadedBy ? `${r.uploadedBy.firstName} ${r.uploadedBy.lastName}` : null;
  const properties: [string, string][] = [];
  if (r.metadata.width && r.metadata.height) {
    properties.push(["Dimensions", `${r.metadata.width} × ${r.metadata.height} px`]);
  }
  if (r.metadata.pages) properties.push(["Pages", String(r.metadata.pages)]);
  if (r.metadata.author) properties.push(["Author", r.metadata.author]);
  const uploadAnother = `/resources/upload?relatedToType=${r.relatedTo.type}&relatedToId=${r.relatedTo.id}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink to="/resources">Back to Resources</BackLink>
        <RecordActions
          path={`/resources/${r.id}`}
          confirmTitle="Delete document?"
          confirmMessage={deleteResourceMessage(r.originalName)}
        >
          <ButtonLink to={downloadHref(r.id)} reloadDocument>
            <DownloadIcon className="h-4 w-4" /> Download
          </ButtonLink>
        </RecordActions>
      </div>

      <Card className="p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:flex">
            <FileIcon className="h-6 w-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{r.originalName}</h2>
            <p className="mt-1 text-sm text-slate-600">
              {r.mimeType} · {formatFileSize(r.sizeBytes)} · Version {r.version} · {r.downloadCount}{" "}
              {r.downloadCount === 1 ? "download" : "downloads"}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <ExpiryBadge expirationDate={r.expirationDate} today={today} />
              <AccessBadge level={r.accessLevel} />
              {r.isConfidential ? <ConfidentialBadge /> : null}
            </div>
          </div>
        </div>
        {r.description ? <p className="mt-5 text-sm whitespace-pre-line text-slate-700">{r.description}</p> : null}
        <div className="mt-4">
          <Chips values={r.tags} empty="No tags" />
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="File Properties" />
            <div className="p-5">
              {properties.length === 0 ? (
                <p className="text-sm text-slate-500">No properties were read from this file.</p>
              ) : (
                <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                  {properties.map(([name, value]) => (
                    <Item key={name} label={name}>
                      {value}
                    </Item>
                  ))}
                </dl>
              )}
            </div>
          </Card>

          <Card>
            <CardHeader title="Version History" />
            <ol className="divide-y divide-slate-100">
              {r.versions.map((v, index) => (
                <li
                  key={v.versionNumber}
                  className="flex flex-wrap items-start justify-between gap-3 p-5"
                  data-testid="version"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                      Version {v.versionNumber}
                      {index === 0 ? <Badge tone="blue">Current</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-sm break-words text-slate-700">
                      {v.originalName} · {formatFileSize(v.sizeBytes)}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {v.uploadedBy ? `${v.uploadedBy.firstName} ${v.uploadedBy.lastName}` : "A former user"} ·{" "}
                      {when(v.uploadedAt)}
                    </p>
                    {v.changeLog ? <p className="mt-1 text-sm text-slate-600">{v.changeLog}</p> : null}
                  </div>
                  <a
                    href={downloadHref(r.id, v.versionNumber)}
                    className="text-sm font-medium text-brand-700 hover:underline"
                  >
                    Download<span className="sr-only"> version {v.versionNumber}</span>
                  </a>
                </li>
              ))}
            </ol>
          </Card>

          <ReplaceFileForm resourceId={r.id} />
        </div>

        <div className="space-y-6">
          <DetailCard title="Details">
            <Item label="Category">{r.category}</Item>
            <Item label="Related to">
              {r.related ? (
                <>
                  {r.relatedTo.type}:{" "}
                  <Link
                    to={`${RELATED_PATHS[r.relatedTo.type]}/${r.related.id}`}
                    className="text-brand-700 hover:underline"
                  >
                    {r.related.label}
                  </Link>
                </>
              ) : (
                `${r.relatedTo.type} (removed)`
              )}
            </Item>
            <Item label="Uploaded by">{uploader}</Item>
            <Item label="Upload date">{formatDate(r.createdAt)}</Item>
            <Item label="Expiration date">{r.expirationDate ? formatDate(r.expirationDate) : "None"}</Item>
            <Item label="Last downloaded">{r.lastDownloadedAt ? when(r.lastDownloadedAt) : "Never"}</Item>
          </DetailCard>

          <Card>
            <CardHeader title="Quick Actions" />
            <div className="flex flex-col gap-2 p-5">
              <ButtonLink to={downloadHref(r.id)} variant="outline" reloadDocument>
                <DownloadIcon className="h-4 w-4" /> Download
              </ButtonLink>
              <ButtonLink to={`/resources/${r.id}/edit`} variant="outline">
                <EditIcon className="h-4 w-4" /> Edit details
              </ButtonLink>
              <ButtonLink to="#replace-file" variant="outline">
                <UploadIcon className="h-4 w-4" /> Replace file
              </ButtonLink>
              <ButtonLink to={uploadAnother} variant="outline">
                <UploadIcon className="h-4 w-4" /> Upload another for this {r.relatedTo.type.toLowerCase()}
              </ButtonLink>
            </div>
          </Card>
        </div>
      </div>
    </div>
  );
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

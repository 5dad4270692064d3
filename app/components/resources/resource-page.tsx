import { Link } from "@remix-run/react";
import type { Resource } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize, RELATED_PATHS } from "~/schemas/resource.constants";
import { formatDate, formatDateTime } from "~/utils/format";
import { NavigationToast } from "../layout/toaster";
import { Badge } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { Card, TitledCard } from "../ui/card";
import { Chips, DetailCard, Item, Items, RecordActions, RecordColumns, RecordPage } from "../ui/detail";
import { DownloadIcon, EditIcon, FileIcon, UploadIcon } from "../ui/icons";
import { ReplaceFileForm } from "./replace-file-form";
import { DocumentBadges, downloadHref } from "./resource-parts";

// A document's page (spec 002 §2 Resource detail): its file, badges, details, version history,
// and Replace file. Its file is downloaded from /resources/{id}/download.

/**
 * What the document's page shows (/resources/:id): the document, today for its expiry badge, and
 * the agency's time zone for its times.
 */
export interface ResourcePageData {
  resource: Resource;
  today: string;
  timeZone: string;
}

const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

export function ResourcePage({ resource: r, today, timeZone }: ResourcePageData) {
  // Times in the agency's zone (the loader's), as every screen shows them.
  const when = (iso: string) => formatDateTime(iso, timeZone);
  return (
    <>
      {/* The upload's toast, when its script brought the user here (a form post's comes from the session). */}
      <NavigationToast />
      <RecordPage
        area="resources"
        actions={
          <RecordActions
            path={`/resources/${r.id}`}
            confirmTitle="Delete document?"
            confirmMessage={deleteResourceMessage(r.originalName)}
          >
            <ButtonLink to={downloadHref(r.id)} reloadDocument>
              <DownloadIcon className="h-4 w-4" /> Download
            </ButtonLink>
          </RecordActions>
        }
      >
        <SummaryCard resource={r} today={today} />
        <RecordColumns
          side={
            <>
              <DetailsCard resource={r} when={when} />
              <QuickActionsCard resource={r} />
            </>
          }
        >
          <PropertiesCard metadata={r.metadata} />
          <VersionHistoryCard resource={r} when={when} />
          <ReplaceFileForm resourceId={r.id} />
        </RecordColumns>
      </RecordPage>
    </>
  );
}

function SummaryCard({ resource: r, today }: Omit<ResourcePageData, "timeZone">) {
  return (
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
            <DocumentBadges document={r} today={today} />
          </div>
        </div>
      </div>
      {r.description ? <p className="mt-5 text-sm whitespace-pre-line text-slate-700">{r.description}</p> : null}
      <div className="mt-4">
        <Chips values={r.tags} empty="No tags" />
      </div>
    </Card>
  );
}

/** What was read from the file: an image's size, a PDF's pages, its author. */
function propertiesOf(metadata: Resource["metadata"]): [string, string][] {
  const properties: [string, string][] = [];
  if (metadata.width && metadata.height) properties.push(["Dimensions", `${metadata.width} × ${metadata.height} px`]);
  if (metadata.pages) properties.push(["Pages", String(metadata.pages)]);
  if (metadata.author) properties.push(["Author", metadata.author]);
  return properties;
}

function PropertiesCard({ metadata }: { metadata: Resource["metadata"] }) {
  const properties = propertiesOf(metadata);
  return (
    <TitledCard title="File Properties">
      <div className="p-5">
        {properties.length === 0 ? (
          <p className="text-sm text-slate-500">No properties were read from this file.</p>
        ) : (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Items pairs={properties} />
          </dl>
        )}
      </div>
    </TitledCard>
  );
}

function VersionHistoryCard({ resource: r, when }: { resource: Resource; when: (iso: string) => string }) {
  return (
    <TitledCard title="Version History">
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
                {v.uploadedBy ? personName(v.uploadedBy) : "A former user"} · {when(v.uploadedAt)}
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
    </TitledCard>
  );
}

function DetailsCard({ resource: r, when }: { resource: Resource; when: (iso: string) => string }) {
  return (
    <DetailCard title="Details">
      <Item label="Category">{r.category}</Item>
      <Item label="Related to">
        {r.related ? (
          <>
            {r.relatedTo.type}:{" "}
            <Link to={`${RELATED_PATHS[r.relatedTo.type]}/${r.related.id}`} className="text-brand-700 hover:underline">
              {r.related.label}
            </Link>
          </>
        ) : (
          `${r.relatedTo.type} (removed)`
        )}
      </Item>
      <Item label="Uploaded by">{r.uploadedBy ? personName(r.uploadedBy) : null}</Item>
      <Item label="Upload date">{formatDate(r.createdAt)}</Item>
      <Item label="Expiration date">{r.expirationDate ? formatDate(r.expirationDate) : "None"}</Item>
      <Item label="Last downloaded">{r.lastDownloadedAt ? when(r.lastDownloadedAt) : "Never"}</Item>
    </DetailCard>
  );
}

function QuickActionsCard({ resource: r }: { resource: Resource }) {
  const uploadAnother = `/resources/upload?relatedToType=${r.relatedTo.type}&relatedToId=${r.relatedTo.id}`;
  return (
    <TitledCard title="Quick Actions">
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
    </TitledCard>
  );
}

import type { ResourceListItem } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize } from "~/schemas/resource.constants";
import { Card } from "../ui/card";
import { ConfirmLink } from "../ui/dialog";
import { FileIcon } from "../ui/icons";
import { AccessBadge, ConfidentialBadge, downloadHref, ExpiryBadge } from "./resource-parts";

// The library's table (spec 002 §2): Document, Category, Uploaded By, Size, Status, Access and the
// actions View, Download and Delete. On a phone its rows stack into cards (`stacked-table`).

/** What a row shows, and nothing more (a list page sends only this to the browser). */
export function toResourceRow(r: ResourceListItem) {
  return {
    id: r.id,
    originalName: r.originalName,
    sizeBytes: r.sizeBytes,
    category: r.category,
    uploadedBy: r.uploadedBy ? `${r.uploadedBy.firstName} ${r.uploadedBy.lastName}` : null,
    expirationDate: r.expirationDate,
    accessLevel: r.accessLevel,
    isConfidential: r.isConfidential,
    version: r.version,
  };
}

const COLUMNS = ["Document", "Category", "Uploaded By", "Size", "Status", "Access"] as const;

/** A page repeats each cell twenty times: their looks are in tailwind.css (.resource-table, .row-…). */
export function ResourceTable({ resources, today }: { resources: ReturnType<typeof toResourceRow>[]; today: string }) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table
        role="table"
        className="stacked-table cells-roomy resource-table w-full text-left text-sm md:min-w-[56rem]"
      >
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader">
                {column}
              </th>
            ))}
            <th role="columnheader">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50/60">
          {resources.map((r) => (
            <tr key={r.id} role="row" data-testid="resource-row">
              <td role="cell" className="col-span-2">
                <span className="doc">
                  <FileIcon className="" />
                  <span>
                    <a href={`/resources/${r.id}`} className="row-title">
                      {r.originalName}
                    </a>
                    <span className="row-sub">
                      {`Version ${r.version}`}
                      {r.isConfidential ? (
                        <>
                          {" · "}
                          <ConfidentialBadge />
                        </>
                      ) : null}
                    </span>
                  </span>
                </span>
              </td>
              <td role="cell" data-label="Category">
                {r.category}
              </td>
              <td role="cell" data-label="Uploaded By">
                {r.uploadedBy ?? "—"}
              </td>
              <td role="cell" data-label="Size">
                {formatFileSize(r.sizeBytes)}
              </td>
              <td role="cell" data-label="Status">
                <ExpiryBadge expirationDate={r.expirationDate} today={today} />
              </td>
              <td role="cell" data-label="Access">
                <AccessBadge level={r.accessLevel} />
              </td>
              <td role="cell" className="col-span-2">
                <span className="row-actions">
                  <a href={`/resources/${r.id}`}>
                    View<span className="sr-only">{` ${r.originalName}`}</span>
                  </a>
                  <a href={downloadHref(r.id)} download>
                    Download<span className="sr-only">{` ${r.originalName}`}</span>
                  </a>
                  <ConfirmLink
                    href={`/resources/${r.id}/delete`}
                    action={`/resources/${r.id}/delete`}
                    className="danger"
                    label={
                      <>
                        Delete<span className="sr-only">{` ${r.originalName}`}</span>
                      </>
                    }
                    title="Delete document?"
                    message={deleteResourceMessage(r.originalName)}
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

import type { ResourceListItem } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize } from "~/schemas/resource";
import { Card } from "../ui/card";
import { ConfirmLink } from "../ui/dialog";
import { FileIcon } from "../ui/icons";
import { AccessBadge, ConfidentialBadge, downloadHref, ExpiryBadge } from "./resource-parts";

// The library's table (spec 002 §2): Document, Category, Uploaded By, Size, Status, Access and the
// actions View, Download and Delete. On a phone its rows stack into cards (`stacked-table`).

export type ResourceRow = Pick<
  ResourceListItem,
  | "id"
  | "originalName"
  | "mimeType"
  | "sizeBytes"
  | "category"
  | "uploadedBy"
  | "expirationDate"
  | "accessLevel"
  | "isConfidential"
  | "version"
>;

const COLUMNS = ["Document", "Category", "Uploaded By", "Size", "Status", "Access"] as const;

export function ResourceTable({ resources, today }: { resources: ResourceRow[]; today: string }) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table role="table" className="stacked-table cells-roomy w-full text-left text-sm md:min-w-[56rem]">
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
        <tbody className="divide-y divide-slate-100">
          {resources.map((r) => (
            <tr key={r.id} role="row" className="hover:bg-slate-50/60" data-testid="resource-row">
              <td role="cell" className="col-span-2 md:max-w-xs">
                <span className="flex items-start gap-2">
                  <FileIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
                  <span className="min-w-0">
                    <a
                      href={`/resources/${r.id}`}
                      className="font-medium break-words text-slate-900 hover:text-brand-700"
                    >
                      {r.originalName}
                    </a>
                    <span className="block text-xs text-slate-500">
                      Version {r.version}
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
              <td role="cell" data-label="Category" className="text-slate-700">
                {r.category}
              </td>
              <td role="cell" data-label="Uploaded By" className="text-slate-700">
                {r.uploadedBy ? `${r.uploadedBy.firstName} ${r.uploadedBy.lastName}` : "—"}
              </td>
              <td role="cell" data-label="Size" className="whitespace-nowrap text-slate-700 tabular-nums">
                {formatFileSize(r.sizeBytes)}
              </td>
              <td role="cell" data-label="Status">
                <ExpiryBadge expirationDate={r.expirationDate} today={today} />
              </td>
              <td role="cell" data-label="Access">
                <AccessBadge level={r.accessLevel} />
              </td>
              <td role="cell" className="col-span-2 whitespace-nowrap">
                <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
                  <a href={`/resources/${r.id}`} className="font-medium text-brand-700 hover:underline">
                    View<span className="sr-only"> {r.originalName}</span>
                  </a>
                  <a href={downloadHref(r.id)} className="font-medium text-brand-700 hover:underline" download>
                    Download<span className="sr-only"> {r.originalName}</span>
                  </a>
                  <ConfirmLink
                    href={`/resources/${r.id}/delete`}
                    action={`/resources/${r.id}/delete`}
                    className="font-medium text-red-700 hover:underline"
                    label={
                      <>
                        Delete<span className="sr-only"> {r.originalName}</span>
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

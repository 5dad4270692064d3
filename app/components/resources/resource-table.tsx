import { type MouseEvent, useCallback, useState } from "react";
import type { ResourceListItem } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize } from "~/schemas/resource.constants";
import { clickedRowAction } from "~/utils/events";
import { ConfirmDialog } from "../ui/dialog";
import { FileIcon } from "../ui/icons";
import { RowLink, StackedTable } from "../ui/server-rows";
import { AccessBadge, ConfidentialBadge, downloadHref, ExpiryBadge } from "./resource-parts";

// The library's table (spec 002 §2): Document, Category, Uploaded By, Size, Status, Access and the
// actions View, Download and Delete. On a phone its rows stack into cards (`stacked-table`). Its
// rows are not hydrated on the first load (ServerRows): their links are plain, and Delete opens
// its confirmation through one listener on the table, or its own page without JavaScript.

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

type ResourceRow = ReturnType<typeof toResourceRow>;

/** The table (StackedTable); `resources` is null on the page's first load, when the server's rows stand. */
export function ResourceTable({ resources, today }: { resources: ResourceRow[] | null; today: string }) {
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const clicked = clickedRowAction(event, "[data-resource]");
    if (clicked?.action !== "delete") return;
    event.preventDefault();
    const id = clicked.item.dataset.resource ?? "";
    setDeleting({ id, name: clicked.item.querySelector(".row-title")?.textContent ?? "" });
  }

  return (
    // The clicks of the Delete links inside: the links themselves are the keyboard's way in.
    <div onClick={onClick}>
      <StackedTable className="resource-table" columns={COLUMNS} actions="shown" rows={resources}>
        {(rows) => rows.map((r) => <ResourceTableRow key={r.id} resource={r} today={today} />)}
      </StackedTable>
      {deleting ? (
        <ConfirmDialog
          open
          onClose={closeDelete}
          title="Delete document?"
          message={deleteResourceMessage(deleting.name)}
          action={`/resources/${deleting.id}/delete`}
        />
      ) : null}
    </div>
  );
}

function ResourceTableRow({ resource: r, today }: { resource: ResourceRow; today: string }) {
  return (
    <tr role="row" data-resource={r.id} data-testid="resource-row">
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
          <RowLink href={`/resources/${r.id}`} row={r.originalName}>
            View
          </RowLink>
          <RowLink href={downloadHref(r.id)} download row={r.originalName}>
            Download
          </RowLink>
          <RowLink href={`/resources/${r.id}/delete`} data-action="delete" className="danger" row={r.originalName}>
            Delete
          </RowLink>
        </span>
      </td>
    </tr>
  );
}

import { Link } from "@remix-run/react";
import { useCallback, useState } from "react";
import type { ResourceListItem } from "~/models/resources.server";
import { deleteResourceMessage, formatFileSize, RELATED_PATHS, relatedKey } from "~/schemas/resource.constants";
import { ConfirmDialog } from "../ui/dialog";
import { FileIcon } from "../ui/icons";
import { RowLink, StackedTable } from "../ui/stacked-table";
import { AccessBadge, ConfidentialBadge, downloadHref, ExpiryBadge } from "./resource-parts";

// The library's table (spec 002 §2): Document, Related To (the record it belongs to, linked),
// Category, Uploaded By, Size, Status, Access and the actions View, Download and Delete. On a phone its rows stack into cards (`stacked-table`).
// Delete asks in a dialog, or on its own page without JavaScript.

/**
 * What a row shows, and nothing more (a list page sends only this to the browser). `names` are
 * the records' names (`relatedNames`): a record not among them is gone.
 */
export function toResourceRow(r: ResourceListItem, names: ReadonlyMap<string, string>) {
  const label = names.get(relatedKey(r.relatedTo));
  return {
    id: r.id,
    originalName: r.originalName,
    relatedType: r.relatedTo.type,
    related: label === undefined ? null : { label, href: `${RELATED_PATHS[r.relatedTo.type]}/${r.relatedTo.id}` },
    sizeBytes: r.sizeBytes,
    category: r.category,
    uploadedBy: r.uploadedBy ? `${r.uploadedBy.firstName} ${r.uploadedBy.lastName}` : null,
    expirationDate: r.expirationDate,
    accessLevel: r.accessLevel,
    isConfidential: r.isConfidential,
    version: r.version,
  };
}

const COLUMNS = ["Document", "Related To", "Category", "Uploaded By", "Size", "Status", "Access"] as const;

type ResourceRow = ReturnType<typeof toResourceRow>;

/** The table (StackedTable), and the dialog its Delete links open. */
export function ResourceTable({ resources, today }: { resources: ResourceRow[]; today: string }) {
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  return (
    <>
      <StackedTable className="resource-table" columns={COLUMNS} actions="shown">
        {resources.map((r) => (
          <ResourceTableRow key={r.id} resource={r} today={today} onDelete={() => setDeleting(r)} />
        ))}
      </StackedTable>
      {deleting ? (
        <ConfirmDialog
          open
          onClose={closeDelete}
          title="Delete document?"
          message={deleteResourceMessage(deleting.originalName)}
          action={`/resources/${deleting.id}/delete`}
        />
      ) : null}
    </>
  );
}

function ResourceTableRow({
  resource: r,
  today,
  onDelete,
}: {
  resource: ResourceRow;
  today: string;
  onDelete: () => void;
}) {
  return (
    <tr data-testid="resource-row">
      <td className="col-span-2">
        <span className="doc">
          <FileIcon className="" />
          <span>
            <Link to={`/resources/${r.id}`} className="row-title" discover="none">
              {r.originalName}
            </Link>
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
      <td data-label="Related To">
        {r.related ? (
          <>
            <Link to={r.related.href} className="rel-link" discover="none">
              {r.related.label}
            </Link>
            <span className="row-sub">{r.relatedType}</span>
          </>
        ) : (
          `${r.relatedType} (removed)`
        )}
      </td>
      <td data-label="Category">{r.category}</td>
      <td data-label="Uploaded By">{r.uploadedBy ?? "—"}</td>
      <td data-label="Size">{formatFileSize(r.sizeBytes)}</td>
      <td data-label="Status">
        <ExpiryBadge expirationDate={r.expirationDate} today={today} />
      </td>
      <td data-label="Access">
        <AccessBadge level={r.accessLevel} />
      </td>
      <td className="col-span-2">
        <span className="row-actions">
          <RowLink to={`/resources/${r.id}`} row={r.originalName}>
            View
          </RowLink>
          <RowLink to={downloadHref(r.id)} reloadDocument download row={r.originalName}>
            Download
          </RowLink>
          <RowLink to={`/resources/${r.id}/delete`} className="danger" row={r.originalName} onPlainClick={onDelete}>
            Delete
          </RowLink>
        </span>
      </td>
    </tr>
  );
}

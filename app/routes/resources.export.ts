import { type ResourceListItem, streamResources } from "~/models/resources.server";
import { formatFileSize, ResourceListQuerySchema } from "~/schemas/resource";
import { csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";

// GET /resources/export?search=…&category=…: the library's list under its filters (all pages), as
// CSV. Confidential documents are never in it (docs/documents.md).

const COLUMNS: CsvColumn<ResourceListItem>[] = [
  { header: "Document", value: (r) => r.originalName },
  { header: "Category", value: (r) => r.category },
  { header: "Type", value: (r) => r.mimeType },
  { header: "Size", value: (r) => formatFileSize(r.sizeBytes) },
  { header: "Version", value: (r) => r.version },
  { header: "Access", value: (r) => r.accessLevel },
  { header: "Related To", value: (r) => r.relatedTo.type },
  { header: "Description", value: (r) => r.description },
  { header: "Tags", value: (r) => r.tags.join("; ") },
  { header: "Expiration Date", value: (r) => r.expirationDate },
  { header: "Uploaded By", value: (r) => (r.uploadedBy ? `${r.uploadedBy.firstName} ${r.uploadedBy.lastName}` : null) },
  { header: "Uploaded", value: (r) => r.createdAt },
  { header: "Downloads", value: (r) => r.downloadCount },
];

export const loader = csvExportLoader("resources", ResourceListQuerySchema, COLUMNS, streamResources);

import { daysBetween } from "~/utils/days";
import { RELATED_TYPES, type RelatedType } from "~/utils/vocabulary";

// The documents screens' texts and constants, without zod: the library and a document's pages
// import them from here, so their browser bundles carry no schema
// (tests/unit/browser-imports.test.ts). resource.ts, the schemas, re-exports them.

/** The largest file a document may be (spec 002 §9): 50 MB. */
export const MAX_FILE_BYTES = 52_428_800;

/** How many files one upload takes. */
export const MAX_FILES_PER_UPLOAD = 10;

export const RESOURCE_MESSAGES = {
  noFiles: "Please select at least one file to upload",
  relatedToType: "Related to type is required",
  relatedToId: "Related object is required",
  category: "Category is required",
  accessLevel: "Access level is required",
  notFound: "Resource not found.",
  uploadFailed: "Failed to upload files",
  updateFailed: "Failed to update resource",
  updated: "Resource updated successfully!",
  deleteFailed: "Failed to delete resource",
  deleted: "Resource deleted successfully!",
  downloadFailed: "Failed to download resource",
  loadFailed: "Error loading resources. Please try again.",
  detailFailed: "Error loading resource details.",
} as const;

export const fileTooLarge = (file: string) => `File too large: ${file}. Maximum size is 50MB.`;
export const fileTypeNotAllowed = (file: string) => `File type not allowed: ${file}`;

/** What a file of each allowed extension must be inside: "a PDF", "a JPEG image"… */
const CONTENT_OF: Record<string, string> = {
  pdf: "a PDF",
  jpg: "a JPEG image",
  jpeg: "a JPEG image",
  png: "a PNG image",
  gif: "a GIF image",
  doc: "a Word document",
  docx: "a Word document",
  xls: "an Excel spreadsheet",
  xlsx: "an Excel spreadsheet",
  txt: "a text file",
  csv: "a CSV text file",
};

/**
 * A file whose name is of an allowed type but whose content is not ("fake.pdf" holding text):
 * "The content of fake.pdf is not a PDF".
 */
export const contentNotOfType = (file: string, extension: string) =>
  `The content of ${file} is not ${CONTENT_OF[extension.toLowerCase()] ?? `a .${extension} file`}`;
export const filesUploaded = (n: number) => `${n} file(s) uploaded successfully!`;
export const deleteResourceMessage = (name: string) => `Are you sure you want to delete "${name}"?`;

/** The library's page sizes (spec 002 §9): 20 unless the user picks another. */
export const RESOURCE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const RESOURCE_PAGE_SIZE = 20;

/** How soon before its expiration date a document says so (spec 002 §9): 30 days. */
export const EXPIRY_WARNING_DAYS = 30;

export interface Expiry {
  isExpired: boolean;
  /** Days from today to the expiration date (negative once past); null without a date. */
  daysUntilExpiration: number | null;
  /** "Expired", "Expires in N days" (30 days or fewer), or "Active". */
  status: string;
  tone: "red" | "yellow" | "green";
}

/**
 * A document's status on `today` (the agency's day): expired once its expiration date has passed;
 * on the day itself it still holds ("Expires today").
 */
export function expiryOf(expirationDate: string | null, today: string): Expiry {
  if (!expirationDate) return { isExpired: false, daysUntilExpiration: null, status: "Active", tone: "green" };
  const days = daysBetween(today, expirationDate);
  if (days < 0) return { isExpired: true, daysUntilExpiration: days, status: "Expired", tone: "red" };
  if (days <= EXPIRY_WARNING_DAYS) {
    const status = days === 0 ? "Expires today" : days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
    return { isExpired: false, daysUntilExpiration: days, status, tone: "yellow" };
  }
  return { isExpired: false, daysUntilExpiration: days, status: "Active", tone: "green" };
}

/** A file's size as people read it: "812 B", "14.2 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export const fileReplaced = (version: number) => `New version uploaded (version ${version})`;

/** Where each record's page is, for the document's "Related to". */
export const RELATED_PATHS = {
  Client: "/clients",
  Facility: "/facilities",
  Placement: "/placements",
  Task: "/tasks",
} as const;

/** The key of a document's record in the names of records (`relatedNames` in the resources model). */
export const relatedKey = (related: { type: RelatedType; id: string }) => `${related.type}:${related.id}`;

/** The related type a form or URL names, or `fallback` (clients) when it names none. */
export function relatedTypeOf(value: unknown, fallback: RelatedType = "Client"): RelatedType {
  return RELATED_TYPES.find((t) => t === value) ?? fallback;
}

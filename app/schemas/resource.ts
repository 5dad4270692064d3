import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import { daysBetween } from "~/utils/days";
import {
  ACCESS_LEVELS,
  RELATED_TYPES,
  type RelatedType,
  RESOURCE_CATEGORIES,
  RESOURCE_FILE_KINDS,
} from "~/utils/vocabulary";
import { emptyToUndefined, entries, isIsoDate, limitParam, optionalText, pageParam, searchParam, text } from "./common";

// One schema for a document's details: the upload form, the edit form and the resources API
// (docs/documents.md). Browser-safe: the forms mirror the same messages.

/** The largest file a document may be (spec 002 §9): 50 MB. */
export const MAX_FILE_BYTES = 52_428_800;

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
export const filesUploaded = (n: number) => `${n} file(s) uploaded successfully!`;
export const deleteResourceMessage = (name: string) => `Are you sure you want to delete "${name}"?`;

/** A required choice among `values`; empty or absent says `message`. */
const choice = <T extends string>(values: readonly T[], message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values as [T, ...T[]], { error: message }));

const checkbox = z
  .union([z.boolean(), z.enum(["on", "true", "false", "1", "0", ""])])
  .nullish()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** A document's details, as the upload and edit forms post them and the API takes them. */
export const ResourceDetailsSchema = z.object({
  relatedToType: choice(RELATED_TYPES, RESOURCE_MESSAGES.relatedToType),
  relatedToId: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: RESOURCE_MESSAGES.relatedToId }).refine(isUuid, RESOURCE_MESSAGES.relatedToId),
  ),
  category: choice(RESOURCE_CATEGORIES, RESOURCE_MESSAGES.category),
  accessLevel: choice(ACCESS_LEVELS, RESOURCE_MESSAGES.accessLevel),
  description: optionalText(2000),
  expirationDate: text()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), "Please enter a valid date"),
  isConfidential: checkbox,
  /** Comma-separated (or a list): trimmed, empties dropped. */
  tags: entries,
});
export type ResourceDetails = z.output<typeof ResourceDetailsSchema>;

/** The library's page sizes (spec 002 §9): 20 unless the user picks another. */
export const RESOURCE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const RESOURCE_PAGE_SIZE = 20;

/** An optional filter among `values`: empty is none; anything else not among them is refused. */
const filterChoice = <T extends string>(label: string, values: readonly T[]) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(values as [T, ...T[]], { error: `Invalid ${label}. Allowed values: ${values.join(", ")}` }).optional(),
  );

/**
 * The library's list: the screen's URL and GET /api/resources take the same parameters. `type`
 * is what the content proved the file to be (image, pdf, word, excel, text). Newest first.
 */
export const ResourceListQuerySchema = z.strictObject({
  search: searchParam,
  category: filterChoice("category", RESOURCE_CATEGORIES),
  type: filterChoice("type", RESOURCE_FILE_KINDS),
  accessLevel: filterChoice("accessLevel", ACCESS_LEVELS),
  page: z.preprocess(emptyToUndefined, pageParam),
  limit: z.preprocess(emptyToUndefined, limitParam(RESOURCE_PAGE_SIZE)),
});
export type ResourceListQuery = z.output<typeof ResourceListQuerySchema>;

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

/** Replacing a document's file: what changed, said in the version history. */
export const ReplaceFileSchema = z.object({
  changeLog: optionalText(500),
});

export const fileReplaced = (version: number) => `New version uploaded (version ${version})`;

/** Where each record's page is, for the document's "Related to". */
export const RELATED_PATHS = {
  Client: "/clients",
  Facility: "/facilities",
  Placement: "/placements",
  Task: "/tasks",
} as const;

/**
 * PUT /api/resources/{id}: the details as the edit form posts them, or with the spec's
 * `relatedTo: { objectType, objectId }` in place of relatedToType and relatedToId.
 */
export const ResourceUpdateApiSchema = z.preprocess((body) => {
  if (!body || typeof body !== "object" || !("relatedTo" in body)) return body;
  const { relatedTo, ...rest } = body as { relatedTo?: { objectType?: unknown; objectId?: unknown } | null };
  return { relatedToType: relatedTo?.objectType, relatedToId: relatedTo?.objectId, ...rest };
}, ResourceDetailsSchema);

/** The related type a form or URL names, or `fallback` (clients) when it names none. */
export function relatedTypeOf(value: unknown, fallback: RelatedType = "Client"): RelatedType {
  return RELATED_TYPES.find((t) => t === value) ?? fallback;
}

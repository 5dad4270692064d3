import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import { ACCESS_LEVELS, RELATED_TYPES, RESOURCE_CATEGORIES } from "~/utils/vocabulary";
import { entries, isIsoDate, optionalText, text } from "./common";

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

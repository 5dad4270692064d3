import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import { ACCESS_LEVELS, RELATED_TYPES, RESOURCE_CATEGORIES, RESOURCE_FILE_KINDS } from "~/utils/vocabulary";
import {
  emptyToUndefined,
  entries,
  isIsoDate,
  optionalText,
  pagingParams,
  recordVersion,
  searchParam,
  text,
} from "./common";
import { RESOURCE_MESSAGES, RESOURCE_PAGE_SIZE } from "./resource.constants";

// One schema for a document's details: the upload form, the edit form and the resources API
// (docs/documents.md). Browser-safe: the forms mirror the same messages. Its texts and constants
// are in resource.constants.ts, which the pages that check nothing import.

export * from "./resource.constants";

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
  /**
   * The revision the edit was read at (edit form, PUT): a save over a newer one is refused.
   * Not `version`, which numbers the document's files (spec 002 §3).
   */
  revision: recordVersion("revision"),
});
export type ResourceDetails = z.output<typeof ResourceDetailsSchema>;

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
  ...pagingParams(RESOURCE_PAGE_SIZE),
});
export type ResourceListQuery = z.output<typeof ResourceListQuerySchema>;

/** Replacing a document's file: what changed, said in the version history. */
export const ReplaceFileSchema = z.object({
  changeLog: optionalText(500),
});

/**
 * PUT /api/resources/{id}: the details as the edit form posts them, or with the spec's
 * `relatedTo: { objectType, objectId }` in place of relatedToType and relatedToId.
 */
export const ResourceUpdateApiSchema = z.preprocess((body) => {
  if (!body || typeof body !== "object" || !("relatedTo" in body)) return body;
  const { relatedTo, ...rest } = body as { relatedTo?: { objectType?: unknown; objectId?: unknown } | null };
  return { relatedToType: relatedTo?.objectType, relatedToId: relatedTo?.objectId, ...rest };
}, ResourceDetailsSchema);

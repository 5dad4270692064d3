import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/types";
import type { ResourceDetails } from "~/schemas/resource";
import type { DB } from "~/utils/db.server";
import type { FileMetadata } from "~/utils/file-types.server";
import { isUuid } from "~/utils/uuid";
import type { AccessLevel, RelatedType, ResourceCategory, Role } from "~/utils/vocabulary";
import type { Ctx } from "./context";

// The document library (docs/documents.md). Access levels are enforced here, in every read:
// `public` and `internal` documents are for everyone of the agency; a `restricted` one only for
// its uploader and for coordinators and admins. To anyone else it does not exist (lists leave it
// out, reads by id find nothing, which the routes answer 404). The files themselves are in the
// configured storage, under the keys kept here (resources.file_name, one per version).

/** A stored file, as an upload hands it to the model. */
export interface StoredFile {
  key: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  metadata: FileMetadata;
}

export interface ResourceVersion {
  versionNumber: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  changeLog: string | null;
  uploadedBy: { firstName: string; lastName: string } | null;
  uploadedAt: string;
}

export interface Resource {
  id: string;
  originalName: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  version: number;
  downloadCount: number;
  lastDownloadedAt: string | null;
  description: string | null;
  category: ResourceCategory;
  isConfidential: boolean;
  accessLevel: AccessLevel;
  tags: string[];
  relatedTo: { type: RelatedType; id: string };
  expirationDate: string | null;
  metadata: FileMetadata;
  uploadedBy: { id: string; firstName: string; lastName: string } | null;
  createdAt: string;
  updatedAt: string;
  /** Every version, newest first (the current one first). */
  versions: ResourceVersion[];
}

/** Coordinators and admins see restricted documents (DESIGN §12); an unknown role is an agent. */
const SEES_RESTRICTED: readonly Role[] = ["coordinator", "admin"];

/** The documents `ctx` may see, as a condition on `r` (see the top of this file). */
function visibleTo(ctx: Ctx) {
  return (eb: ExpressionBuilder<Database & { r: Database["resources"] }, "r">) =>
    SEES_RESTRICTED.includes(ctx.role ?? "agent")
      ? eb.lit(true)
      : eb.or([eb("r.access_level", "<>", "restricted"), eb("r.uploaded_by", "=", ctx.userId)]);
}

const RELATED_TABLE = { Client: "clients", Facility: "facilities", Placement: "placements", Task: "tasks" } as const;

/** The record a document is tied to exists in the caller's agency. */
export async function relatedRecordExists(db: DB, ctx: Ctx, type: RelatedType, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .selectFrom(RELATED_TABLE[type])
    .select("id")
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return Boolean(row);
}

const detailColumns = (details: ResourceDetails) => ({
  description: details.description,
  category: details.category,
  is_confidential: details.isConfidential,
  access_level: details.accessLevel,
  tags: details.tags,
  related_type: details.relatedToType,
  related_id: details.relatedToId,
  expiration_date: details.expirationDate,
});

/**
 * A new document from a stored file, with its first version ("Initial upload"), in one
 * transaction. Null when the related record is not one of the agency's (nothing is written).
 */
export async function createResource(
  db: DB,
  ctx: Ctx,
  file: StoredFile,
  details: ResourceDetails,
): Promise<{ id: string } | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await relatedRecordExists(trx, ctx, details.relatedToType, details.relatedToId))) return null;
    const { id } = await trx
      .insertInto("resources")
      .values({
        agency_id: ctx.agencyId,
        original_name: file.originalName,
        file_name: file.key,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        metadata: JSON.stringify(file.metadata) as unknown as Record<string, unknown>,
        uploaded_by: ctx.userId,
        ...detailColumns(details),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("resource_versions")
      .values({
        agency_id: ctx.agencyId,
        resource_id: id,
        version_number: 1,
        file_name: file.key,
        original_name: file.originalName,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        change_log: "Initial upload",
        uploaded_by: ctx.userId,
      })
      .execute();
    return { id };
  });
}

/** One document the caller may see, with its versions; null when missing, another agency's or hidden. */
export async function getResource(db: DB, ctx: Ctx, id: string): Promise<Resource | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("resources as r")
    .leftJoin("users as u", "u.id", "r.uploaded_by")
    .selectAll("r")
    .select(["u.first_name as uploader_first_name", "u.last_name as uploader_last_name"])
    .where("r.id", "=", id)
    .where("r.agency_id", "=", ctx.agencyId)
    .where(visibleTo(ctx))
    .executeTakeFirst();
  if (!row) return null;
  const versions = await db
    .selectFrom("resource_versions as v")
    .leftJoin("users as u", "u.id", "v.uploaded_by")
    .select([
      "v.version_number",
      "v.original_name",
      "v.mime_type",
      "v.size_bytes",
      "v.change_log",
      "v.uploaded_at",
      "u.first_name",
      "u.last_name",
    ])
    .where("v.resource_id", "=", id)
    .where("v.agency_id", "=", ctx.agencyId)
    .orderBy("v.version_number", "desc")
    .execute();
  return {
    id: row.id,
    originalName: row.original_name,
    fileName: row.file_name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    version: row.version,
    downloadCount: row.download_count,
    lastDownloadedAt: row.last_downloaded_at ? new Date(row.last_downloaded_at).toISOString() : null,
    description: row.description,
    category: row.category as ResourceCategory,
    isConfidential: row.is_confidential,
    accessLevel: row.access_level,
    tags: row.tags,
    relatedTo: { type: row.related_type, id: row.related_id },
    expirationDate: row.expiration_date,
    metadata: row.metadata as FileMetadata,
    uploadedBy:
      row.uploaded_by && row.uploader_first_name
        ? { id: row.uploaded_by, firstName: row.uploader_first_name, lastName: row.uploader_last_name! }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    versions: versions.map((v) => ({
      versionNumber: v.version_number,
      originalName: v.original_name,
      mimeType: v.mime_type,
      sizeBytes: Number(v.size_bytes),
      changeLog: v.change_log,
      uploadedBy: v.first_name ? { firstName: v.first_name, lastName: v.last_name! } : null,
      uploadedAt: new Date(v.uploaded_at).toISOString(),
    })),
  };
}

/** Changes a document's details; false when the caller cannot see it or the related record is not the agency's. */
export async function updateResource(
  db: DB,
  ctx: Ctx,
  id: string,
  details: ResourceDetails,
): Promise<"updated" | "not-found" | "related-not-found"> {
  if (!isUuid(id)) return "not-found";
  return db.transaction().execute(async (trx) => {
    if (!(await relatedRecordExists(trx, ctx, details.relatedToType, details.relatedToId))) {
      return (await getResource(trx, ctx, id)) ? "related-not-found" : "not-found";
    }
    const result = await trx
      .updateTable("resources as r")
      .set(detailColumns(details))
      .where("r.id", "=", id)
      .where("r.agency_id", "=", ctx.agencyId)
      .where(visibleTo(ctx))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? "updated" : "not-found";
  });
}

/**
 * A new version of a document from a stored file: the document now points at it, the earlier
 * versions stay (and stay downloadable). Null when the caller cannot see the document.
 */
export async function addResourceVersion(
  db: DB,
  ctx: Ctx,
  id: string,
  file: StoredFile,
  changeLog: string | null,
): Promise<{ version: number } | null> {
  if (!isUuid(id)) return null;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("resources as r")
      .set((eb) => ({
        version: eb("r.version", "+", 1),
        original_name: file.originalName,
        file_name: file.key,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        metadata: JSON.stringify(file.metadata) as unknown as Record<string, unknown>,
      }))
      .where("r.id", "=", id)
      .where("r.agency_id", "=", ctx.agencyId)
      .where(visibleTo(ctx))
      .returning("r.version")
      .executeTakeFirst();
    if (!updated) return null;
    await trx
      .insertInto("resource_versions")
      .values({
        agency_id: ctx.agencyId,
        resource_id: id,
        version_number: updated.version,
        file_name: file.key,
        original_name: file.originalName,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        change_log: changeLog,
        uploaded_by: ctx.userId,
      })
      .execute();
    return { version: updated.version };
  });
}

/**
 * A download of a document (its current version, or `version`): counts it, records who took it
 * and when (audit_events, "resource.download"), and answers where the bytes are. Null when the
 * caller cannot see the document or it has no such version.
 */
export async function recordDownload(
  db: DB,
  ctx: Ctx,
  id: string,
  version?: number,
): Promise<{ key: string; originalName: string; mimeType: string; sizeBytes: number; version: number } | null> {
  if (!isUuid(id)) return null;
  return db
    .transaction()
    .execute(async (trx) => {
      const resource = await trx
        .updateTable("resources as r")
        .set((eb) => ({ download_count: eb("r.download_count", "+", 1), last_downloaded_at: sql`now()` }))
        .where("r.id", "=", id)
        .where("r.agency_id", "=", ctx.agencyId)
        .where(visibleTo(ctx))
        .returning(["r.version"])
        .executeTakeFirst();
      if (!resource) return null;
      const wanted = version ?? resource.version;
      const file = await trx
        .selectFrom("resource_versions")
        .select(["file_name", "original_name", "mime_type", "size_bytes"])
        .where("resource_id", "=", id)
        .where("agency_id", "=", ctx.agencyId)
        .where("version_number", "=", wanted)
        .executeTakeFirst();
      if (!file) {
        // No such version: the count above is taken back with the transaction.
        throw new NoSuchVersion();
      }
      await trx
        .insertInto("audit_events")
        .values({
          agency_id: ctx.agencyId,
          actor_id: ctx.userId,
          action: "resource.download",
          entity_type: "resource",
          entity_id: id,
          details: JSON.stringify({ version: wanted }) as unknown as Record<string, unknown>,
        })
        .execute();
      return {
        key: file.file_name,
        originalName: file.original_name,
        mimeType: file.mime_type,
        sizeBytes: Number(file.size_bytes),
        version: wanted,
      };
    })
    .catch((error: unknown) => {
      if (error instanceof NoSuchVersion) return null;
      throw error;
    });
}

class NoSuchVersion extends Error {}

/**
 * Deletes a document and its versions; answers the storage keys of its files, which the caller
 * removes once this has committed. Null when the caller cannot see it.
 */
export async function deleteResource(db: DB, ctx: Ctx, id: string): Promise<{ keys: string[] } | null> {
  if (!isUuid(id)) return null;
  return db.transaction().execute(async (trx) => {
    const versions = await trx
      .selectFrom("resource_versions")
      .select("file_name")
      .where("resource_id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .execute();
    const deleted = await trx
      .deleteFrom("resources as r")
      .where("r.id", "=", id)
      .where("r.agency_id", "=", ctx.agencyId)
      .where(visibleTo(ctx))
      .returning("r.file_name")
      .executeTakeFirst();
    if (!deleted) return null;
    return { keys: [...new Set([deleted.file_name, ...versions.map((v) => v.file_name)])] };
  });
}

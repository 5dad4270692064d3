import { agencyDay } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import { addResourceVersion, createResources, deleteResource, listRelatedResources } from "~/models/resources.server";
import { NOT_FOUND, type StaleWrite } from "~/models/versions.server";
import type { ResourceDetails } from "~/schemas/resource";
import type { DB } from "~/utils/db.server";
import type { FileStorage } from "~/utils/storage.server";
import type { RelatedType } from "~/utils/vocabulary";
import { type ReceivedFile, removeFiles } from "./uploads.server";

// The document library's writes that span the database and the file storage (docs/documents.md).
// The order keeps both in step: files are stored before their rows are written, and removed when
// the rows are not; a deleted document's files go once its rows are gone.

/** The upload form's file field. */
export const UPLOAD_FILE_FIELD = "files";

/**
 * Documents for received files, all or none: null when the related record is not the agency's.
 * On that, or any failure, the stored files are removed.
 */
export async function saveUploadedResources(
  db: DB,
  ctx: Ctx,
  storage: FileStorage,
  files: ReceivedFile[],
  details: ResourceDetails,
): Promise<{ ids: string[] } | null> {
  try {
    const created = await createResources(db, ctx, files, details);
    if (!created) await removeFiles(storage, files);
    return created;
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  }
}

/** A received file as the document's new version; null (the file removed) when the caller cannot see it. */
export async function saveNewVersion(
  db: DB,
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  file: ReceivedFile,
  changeLog: string | null,
): Promise<{ version: number } | null> {
  try {
    const added = await addResourceVersion(db, ctx, id, file, changeLog);
    if (!added) await removeFiles(storage, [file]);
    return added;
  } catch (error) {
    await removeFiles(storage, [file]);
    throw error;
  }
}

/**
 * Deletes a document (still at `revision`, if given) and then its files (every version's); not
 * found when the caller cannot see it. A file that cannot be removed is logged: the document is
 * gone either way.
 */
export async function removeResource(
  db: DB,
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  revision?: number,
): Promise<{ ok: true } | typeof NOT_FOUND | StaleWrite> {
  const deleted = await deleteResource(db, ctx, id, revision);
  if (!deleted) return NOT_FOUND;
  if ("reason" in deleted) return deleted;
  await removeFiles(
    storage,
    deleted.keys.map((key) => ({ key })),
  );
  return { ok: true };
}

/** A record's Documents card (its page): the newest documents it has, how many, and the agency's day. */
export async function relatedDocuments(db: DB, ctx: Ctx, type: RelatedType, id: string) {
  const [{ resources, total }, { today }] = await Promise.all([
    listRelatedResources(db, ctx, { type, id }, RELATED_SHOWN),
    agencyDay(db, ctx),
  ]);
  return {
    type,
    id,
    total,
    today,
    resources: resources.map((r) => ({
      id: r.id,
      originalName: r.originalName,
      category: r.category,
      sizeBytes: r.sizeBytes,
      expirationDate: r.expirationDate,
      accessLevel: r.accessLevel,
      isConfidential: r.isConfidential,
    })),
  };
}

/** How many documents a record's page lists. */
const RELATED_SHOWN = 10;

import { agencyDay } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import { deleteResource, listRelatedResources } from "~/models/resources.server";
import { NOT_FOUND, type StaleWrite } from "~/models/versions.server";
import type { DB } from "~/utils/db.server";
import type { FileStorage } from "~/utils/storage.server";
import type { RelatedType } from "~/utils/vocabulary";
import { removeFiles } from "./uploads.server";

// The document library beyond one model call (docs/documents.md): deleting a document and its
// files (its files go once its rows are gone), and a record's Documents card. An upload's files
// are stored, kept or removed by `handleUpload` (uploads.server.ts).

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

import type { SerializeFrom } from "@remix-run/node";
import type { Ctx } from "~/models/context";
import { relatedChoices, type Resource } from "~/models/resources.server";
import { searchTerm } from "~/schemas/common";
import { relatedTypeOf } from "~/schemas/resource";
import type { DB } from "~/utils/db.server";

/**
 * What a document's edit screen shows (`record`, found by `requireRecord`): the current file, the record picker's choices (for the
 * type and record in the URL after a search step, else the document's own, and the `term`
 * searched) and the form's `stored` values, in the schema's field names.
 */
export async function resourceEditPage(
  { db, ctx, record: r }: { db: DB; ctx: Ctx; record: Resource },
  search: URLSearchParams,
  term: string | null,
) {
  const type = relatedTypeOf(search.get("relatedToType"), r.relatedTo.type);
  const chosen = search.get("relatedToId") ?? (type === r.relatedTo.type ? r.relatedTo.id : "");
  return {
    resource: {
      id: r.id,
      originalName: r.originalName,
      mimeType: r.mimeType,
      sizeBytes: r.sizeBytes,
      version: r.version,
      createdAt: r.createdAt,
      accessLevel: r.accessLevel,
      isConfidential: r.isConfidential,
    },
    choices: await relatedChoices(db, ctx, type, chosen, searchTerm(term)),
    stored: {
      relatedToType: r.relatedTo.type,
      relatedToId: r.relatedTo.id,
      category: r.category,
      accessLevel: r.accessLevel,
      description: r.description ?? "",
      expirationDate: r.expirationDate ?? "",
      isConfidential: r.isConfidential ? "on" : "",
      tags: r.tags.join(", "),
      revision: String(r.revision),
    },
  };
}

export type ResourceEditData = SerializeFrom<typeof resourceEditPage>;

import { agencyDay } from "~/models/agency.server";

import type { Ctx } from "~/models/context";
import { getResource, updateResource } from "~/models/resources.server";
import { RESOURCE_MESSAGES, ResourceUpdateApiSchema } from "~/schemas/resource";
import { apiError, apiRecordRoute } from "~/services/api.server";
import { removeResource } from "~/services/resources.server";
import type { DB } from "~/utils/db.server";
import { fileStorage } from "~/utils/storage.server";
import { toApiResource } from "~/services/api-shapes.server";

// GET/PUT/DELETE /api/resources/{id} (spec 002 §3 Resource, with previousVersions). Its ETag is
// its `revision`: `version` numbers its files.

/** The document with the agency's day, which its expiry is counted from. */
async function find(db: DB, ctx: Ctx, id: string) {
  const resource = await getResource(db, ctx, id);
  return resource && { resource, today: (await agencyDay(db, ctx)).today };
}

export const { loader, action } = apiRecordRoute({
  name: "resource",
  notFound: RESOURCE_MESSAGES.notFound,
  messages: { updated: RESOURCE_MESSAGES.updated, deleted: RESOURCE_MESSAGES.deleted },
  find,
  version: ({ resource }) => resource.revision,
  versionField: "revision",
  toApi: ({ resource, today }) => toApiResource(resource, today),
  update: {
    schema: ResourceUpdateApiSchema,
    save: async (db, ctx, id, details) => {
      const outcome = await updateResource(db, ctx, id, details);
      if (!outcome.ok && outcome.reason === "related-not-found") {
        throw apiError(400, "Validation failed", {
          errors: [{ path: "relatedToId", msg: RESOURCE_MESSAGES.relatedToId }],
        });
      }
      if (!outcome.ok) return outcome;
      const record = await find(db, ctx, id);
      return record ? { ok: true, record } : { ok: false, reason: "not-found" };
    },
  },
  remove: (db, ctx, id, revision) => removeResource(db, ctx, fileStorage(), id, revision),
});

import { agencyDay } from "~/models/agency.server";

import { createResources, getResource, listResources } from "~/models/resources.server";
import { filesUploaded, RESOURCE_MESSAGES, ResourceDetailsSchema, ResourceListQuerySchema } from "~/schemas/resource";
import { apiError, apiRoute, apiSuccess, readQuery } from "~/services/api.server";
import { receiveApiFile } from "~/services/uploads.server";
import { fileStorage } from "~/utils/storage.server";
import { toApiResource } from "~/services/api-shapes.server";

// GET /api/resources: the library's list (the screen's parameters). POST /api/resources: one
// file a request (multipart: `file` and the details), checked and stored as the upload screen's.

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const query = readQuery(request, ResourceListQuerySchema);
    const [result, { today }] = await Promise.all([listResources(db, ctx, query), agencyDay(db, ctx)]);
    return apiSuccess({
      resources: result.resources.map((r) => toApiResource(r, today)),
      total: result.total,
      page: result.page,
      totalPages: result.totalPages,
    });
  },
  POST: async ({ db, ctx, request }) =>
    receiveApiFile(request, fileStorage(), ResourceDetailsSchema, async ({ file, data, keepIf }) => {
      const saved = await keepIf(createResources(db, ctx, [file], data));
      if (!saved) {
        return apiError(400, "Validation failed", {
          errors: [{ path: "relatedToId", msg: RESOURCE_MESSAGES.relatedToId }],
        });
      }
      const [resource, { today }] = await Promise.all([getResource(db, ctx, saved.ids[0]), agencyDay(db, ctx)]);
      return apiSuccess({ resource: toApiResource(resource!, today) }, { status: 201, message: filesUploaded(1) });
    }),
});

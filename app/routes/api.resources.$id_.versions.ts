import { agencyDay } from "~/models/agency.server";

import { addResourceVersion, getResource } from "~/models/resources.server";
import { fileReplaced, RESOURCE_MESSAGES, ReplaceFileSchema } from "~/schemas/resource";
import { apiError, apiRoute, apiSuccess } from "~/services/api.server";
import { receiveApiFile } from "~/services/uploads.server";
import { fileStorage } from "~/utils/storage.server";
import { toApiResource } from "~/services/api-shapes.server";

// POST /api/resources/{id}/versions: a new version of a document (multipart: `file`, and an
// optional `changeLog`), checked and stored as the document page's Replace file. Answers the
// document, now at that version, with its previous versions.

export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    if (!(await getResource(db, ctx, id))) return apiError(404, RESOURCE_MESSAGES.notFound);
    return receiveApiFile(request, fileStorage(), ReplaceFileSchema, async ({ file, data, keepIf }) => {
      const added = await keepIf(addResourceVersion(db, ctx, id, file, data.changeLog));
      if (!added) return apiError(404, RESOURCE_MESSAGES.notFound);
      const [resource, { today }] = await Promise.all([getResource(db, ctx, id), agencyDay(db, ctx)]);
      return apiSuccess(
        { resource: toApiResource(resource!, today) },
        { status: 201, message: fileReplaced(added.version) },
      );
    });
  },
});

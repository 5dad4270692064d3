import { agencyDay } from "~/models/agency.server";

import { getResource } from "~/models/resources.server";
import { fileReplaced, RESOURCE_MESSAGES, ReplaceFileSchema } from "~/schemas/resource";
import { apiError, apiRoute, apiSuccess } from "~/services/api.server";
import { saveNewVersion } from "~/services/resources.server";
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
    const storage = fileStorage();
    const received = await receiveApiFile(request, storage, ReplaceFileSchema);
    if (received instanceof Response) return received;
    const added = await saveNewVersion(db, ctx, storage, id, received.file, received.data.changeLog);
    if (!added) return apiError(404, RESOURCE_MESSAGES.notFound);
    const [resource, { today }] = await Promise.all([getResource(db, ctx, id), agencyDay(db, ctx)]);
    return apiSuccess(
      { resource: toApiResource(resource!, today) },
      { status: 201, message: fileReplaced(added.version) },
    );
  },
});

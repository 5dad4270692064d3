import { RESOURCE_MESSAGES } from "~/schemas/resource";
import { apiError, apiRoute } from "~/services/api.server";
import { downloadResponse, versionParam } from "~/services/downloads.server";
import { fileStorage } from "~/utils/storage.server";

// GET /api/resources/{id}/download[?version=N]: the file, as the screens' download link answers it.

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request, params }) => {
    const version = versionParam(request);
    if (version === null) return apiError(400, "version must be a whole number of 1 or more");
    const response = await downloadResponse(db, ctx, fileStorage(), params.id ?? "", version);
    return response ?? apiError(404, RESOURCE_MESSAGES.notFound);
  },
});

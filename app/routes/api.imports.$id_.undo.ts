import { apiError, apiRoute, apiSuccess } from "~/services/api.server";
import { toApiImport } from "~/services/import-api.server";
import { undoImport } from "~/services/import-upload.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";

// POST /api/imports/{id}/undo: takes a finished import back within 24 hours (coordinators and admins).

export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, params }) => {
    if (!can(ctx.role, "records.import")) throw apiError(403, PERMISSION_MESSAGES["records.import"]);
    const result = await undoImport(db, ctx, params.id ?? "");
    if (!result.ok) throw apiError(result.status, result.message);
    return apiSuccess({ import: toApiImport(result.import) }, { message: "The import was undone." });
  },
});

import { getImport } from "~/models/imports.server";
import { apiError, apiRoute, apiSuccess } from "~/services/api.server";
import { toApiImport } from "~/services/import-api.server";
import { IMPORT_MESSAGES } from "~/schemas/import";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";

// GET /api/imports/{id}: an import's status, counts and errors (coordinators and admins).

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    if (!can(ctx.role, "records.import")) throw apiError(403, PERMISSION_MESSAGES["records.import"]);
    const found = await getImport(db, ctx, params.id ?? "");
    if (!found) throw apiError(404, IMPORT_MESSAGES.notFound);
    return apiSuccess({ import: toApiImport(found) });
  },
});

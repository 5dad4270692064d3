import { startImport, ImportUploadRefused } from "~/services/import-upload.server";
import { apiError, apiRoute, apiSuccess } from "~/services/api.server";
import { importQueue, toApiImport } from "~/services/import-api.server";
import { getImport, listImports } from "~/models/imports.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";

// POST /api/imports (multipart: type, file; optional duplicates, mode, mapping): starts a CSV
// import, answered 202 before it runs; GET /api/imports: the agency's latest imports.
// Coordinators and admins only.

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx }) => {
    if (!can(ctx.role, "records.import")) throw apiError(403, PERMISSION_MESSAGES["records.import"]);
    return apiSuccess({ imports: (await listImports(db, ctx)).map(toApiImport) });
  },
  POST: async ({ db, ctx, request }) => {
    if (!can(ctx.role, "records.import")) throw apiError(403, PERMISSION_MESSAGES["records.import"]);
    try {
      const id = await startImport(db, ctx, request, (await importQueue(db)) ? "queue" : "process");
      const created = await getImport(db, ctx, id);
      return apiSuccess(
        { import: toApiImport(created!) },
        { status: 202, message: "The import has started. GET /api/imports/{id} tells how it goes." },
      );
    } catch (error) {
      if (error instanceof ImportUploadRefused) {
        return apiError(error.status, error.status === 413 ? error.message : "Validation failed", {
          errors: error.errors,
        });
      }
      throw error;
    }
  },
});

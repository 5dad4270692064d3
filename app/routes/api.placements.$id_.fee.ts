import { getPlacement, updateReferralFee } from "~/models/placements.server";
import { FeeEditSchema } from "~/schemas/agreement";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { requireFeesManager } from "~/services/agreements-api.server";
import {
  apiError,
  apiRoute,
  apiSuccess,
  etag,
  expectedVersion,
  readJsonBody,
  staleRecordError,
} from "~/services/api.server";
import { toApiPlacement } from "~/services/api-shapes.server";

/**
 * `PATCH /api/placements/{id}/fee`: the referral fee set by hand, `{ fee, dueDate?, reason }`
 * (the screen's /placements/:id/fee): audited with the reason; answers the placement.
 */
export const { loader, action } = apiRoute({
  PATCH: async ({ db, ctx, user, request, params }) => {
    requireFeesManager(user);
    const id = params.id ?? "";
    const input = await readJsonBody(request, FeeEditSchema);
    const current = await getPlacement(db, ctx, id);
    if (!current) throw apiError(404, PLACEMENT_NOT_FOUND);
    const result = await updateReferralFee(db, ctx, id, {
      ...input,
      version: expectedVersion(request, current.version, input.version),
    });
    if (!result.ok && result.reason === "not-found") throw apiError(404, PLACEMENT_NOT_FOUND);
    if (!result.ok && result.reason === "stale") {
      // As it is now: someone may have saved it between the read above and this write.
      const now = await getPlacement(db, ctx, id);
      return staleRecordError("placement", result, toApiPlacement(now ?? current));
    }
    if (!result.ok) return apiError(400, result.errors[0].msg, { errors: result.errors });
    const placement = await getPlacement(db, ctx, id);
    if (!placement) throw apiError(404, PLACEMENT_NOT_FOUND);
    return apiSuccess(
      { placement: toApiPlacement(placement) },
      { message: "Referral fee updated", headers: { ETag: etag(placement.version) } },
    );
  },
});

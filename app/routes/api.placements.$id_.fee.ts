import { getPlacement, updateReferralFee } from "~/models/placements.server";
import { FeeEditSchema } from "~/schemas/agreement";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { apiError, apiRoute, patchAtVersion, recordAnswer } from "~/services/api.server";
import { toApiPlacement } from "~/services/api-shapes.server";

const PLACEMENT = { name: "placement", notFound: PLACEMENT_NOT_FOUND, find: getPlacement, toApi: toApiPlacement };

/**
 * `PATCH /api/placements/{id}/fee`: the referral fee set by hand, `{ fee, dueDate?, reason }`
 * (the screen's /placements/:id/fee): audited with the reason; answers the placement.
 */
export const { loader, action } = apiRoute({
  PATCH: patchAtVersion(PLACEMENT, {
    needs: "fees.manage",
    schema: FeeEditSchema,
    write: updateReferralFee,
    answer: async (result, { db, ctx, id }) => {
      if (!result.ok && result.reason === "not-found") throw apiError(404, PLACEMENT_NOT_FOUND);
      if (!result.ok) return apiError(400, result.errors[0].msg, { errors: result.errors });
      const placement = await getPlacement(db, ctx, id);
      if (!placement) throw apiError(404, PLACEMENT_NOT_FOUND);
      return recordAnswer(PLACEMENT, placement, { message: "Referral fee updated" });
    },
  }),
});

import { createAgreement, listFacilityAgreements } from "~/models/agreements.server";
import { AgreementSchema } from "~/schemas/agreement";
import { agreementAnswer, requireFeesManager } from "~/services/agreements-api.server";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { toApiAgreement } from "~/services/api-shapes.server";

const FACILITY_NOT_FOUND = "Facility not found.";

/** `GET/POST /api/facilities/{id}/agreements`: a facility's referral agreements, latest first; add one. */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const agreements = await listFacilityAgreements(db, ctx, params.id ?? "");
    if (!agreements) throw apiError(404, FACILITY_NOT_FOUND);
    return apiSuccess({ agreements: agreements.map(toApiAgreement) });
  },
  POST: async ({ db, ctx, user, request, params }) => {
    requireFeesManager(user);
    const input = await readJsonBody(request, AgreementSchema);
    const result = await createAgreement(db, ctx, params.id ?? "", input);
    return agreementAnswer(db, ctx, result, FACILITY_NOT_FOUND, { status: 201, message: "Agreement added" });
  },
});

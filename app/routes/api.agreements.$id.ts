import { agreementInputOf, getAgreement, updateAgreement } from "~/models/agreements.server";
import { AGREEMENT_NOT_FOUND, AgreementPatchSchema, AgreementSchema } from "~/schemas/agreement";
import { agreementAnswer, requireFeesManager } from "~/services/agreements-api.server";
import {
  apiError,
  apiRoute,
  apiSuccess,
  etag,
  expectedVersion,
  readJsonBody,
  staleRecordError,
  zodErrors,
} from "~/services/api.server";
import { toApiAgreement } from "~/services/api-shapes.server";

/**
 * `GET/PATCH /api/agreements/{id}`: one agreement; PATCH changes the fields sent (the others stay),
 * checked as a whole by the agreement form's schema. Ending an agreement is sending its `endDate`.
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const agreement = await getAgreement(db, ctx, params.id ?? "");
    if (!agreement) throw apiError(404, AGREEMENT_NOT_FOUND);
    return apiSuccess({ agreement: toApiAgreement(agreement) }, { headers: { ETag: etag(agreement.version) } });
  },
  PATCH: async ({ db, ctx, user, request, params }) => {
    requireFeesManager(user);
    const id = params.id ?? "";
    const body = await readJsonBody(request, AgreementPatchSchema);
    const current = await getAgreement(db, ctx, id);
    if (!current) throw apiError(404, AGREEMENT_NOT_FOUND);
    const parsed = AgreementSchema.safeParse({ ...agreementInputOf(current), ...body });
    if (!parsed.success) throw apiError(400, "Validation failed", { errors: zodErrors(parsed.error) });
    const version = expectedVersion(request, current.version, parsed.data.version);
    const result = await updateAgreement(db, ctx, id, { ...parsed.data, version });
    if (!result.ok && result.reason === "stale") {
      const now = await getAgreement(db, ctx, id);
      return staleRecordError("agreement", result, now && toApiAgreement(now));
    }
    return agreementAnswer(db, ctx, result, AGREEMENT_NOT_FOUND, { status: 200, message: "Agreement updated" });
  },
});

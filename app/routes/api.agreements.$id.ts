import { agreementInputOf, updateAgreement } from "~/models/agreements.server";
import { AGREEMENT_NOT_FOUND, AgreementPatchSchema, AgreementSchema } from "~/schemas/agreement";
import { AGREEMENT, agreementAnswer } from "~/services/agreements-api.server";
import { apiError, apiRoute, getRecord, patchAtVersion, zodErrors } from "~/services/api.server";

/**
 * `GET/PATCH /api/agreements/{id}`: one agreement; PATCH changes the fields sent (the others stay),
 * checked as a whole by the agreement form's schema. Ending an agreement is sending its `endDate`.
 */
export const { loader, action } = apiRoute({
  GET: getRecord(AGREEMENT),
  PATCH: patchAtVersion(AGREEMENT, {
    needs: "fees.manage",
    schema: AgreementPatchSchema,
    write: (db, ctx, id, { version, ...body }, current) => {
      const parsed = AgreementSchema.safeParse({ ...agreementInputOf(current), ...body });
      if (!parsed.success) throw apiError(400, "Validation failed", { errors: zodErrors(parsed.error) });
      return updateAgreement(db, ctx, id, { ...parsed.data, version });
    },
    answer: (result, { db, ctx }) =>
      agreementAnswer(db, ctx, result, AGREEMENT_NOT_FOUND, { status: 200, message: "Agreement updated" }),
  }),
});

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgreementFormPage } from "~/components/facilities/agreement-form";
import { facilityDocumentOptions, getAgreement, updateAgreement } from "~/models/agreements.server";
import { getFacility } from "~/models/facilities.server";
import { AGREEMENT_MESSAGES, AGREEMENT_NOT_FOUND } from "~/schemas/agreement";
import { submitAgreementForm } from "~/services/agreement-form.server";
import { requireRouteRecord } from "~/services/record-screen.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit agreement · ${data.facility.name} · Senior Placement` : "Agreement · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: facility, ctx, db } = await requireRouteRecord(args, getFacility, "Facility not found.");
  requirePermission(ctx, "fees.manage");
  const agreement = await getAgreement(db, ctx, args.params.agreementId ?? "");
  invariantResponse(agreement && agreement.facilityId === facility.id, AGREEMENT_NOT_FOUND);
  return json({
    facility: { id: facility.id, name: facility.name },
    agreement,
    documents: await facilityDocumentOptions(db, ctx, facility.id),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "fees.manage");
  const id = params.agreementId ?? "";
  const back = `/facilities/${params.id ?? ""}#agreements`;
  return submitAgreementForm(request, db, ctx, {
    back,
    failure: AGREEMENT_MESSAGES.updateFailed,
    saved: AGREEMENT_MESSAGES.updated,
    notFound: AGREEMENT_NOT_FOUND,
    save: async (input) => {
      // Read inside the save: should the database fail here, the form comes back as typed (503).
      const existing = await getAgreement(db, ctx, id);
      invariantResponse(existing && existing.facilityId === params.id, AGREEMENT_NOT_FOUND);
      return updateAgreement(db, ctx, id, input);
    },
  });
}

export default function EditAgreementPage() {
  return <AgreementFormPage mode="edit" {...useLoaderData<typeof loader>()} data={useActionData<typeof action>()} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgreementFormPage } from "~/components/facilities/agreement-form";
import { createAgreement, facilityDocumentOptions } from "~/models/agreements.server";
import { getFacility } from "~/models/facilities.server";
import { AGREEMENT_MESSAGES } from "~/schemas/agreement";
import { submitAgreementForm } from "~/services/agreement-form.server";
import { requireRouteRecord } from "~/services/record-screen.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Add agreement · ${data.facility.name} · Senior Placement` : "Agreement · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: facility, ctx, db } = await requireRouteRecord(args, getFacility, "Facility not found.");
  requirePermission(ctx, "fees.manage");
  return json({
    facility: { id: facility.id, name: facility.name },
    documents: await facilityDocumentOptions(db, ctx, facility.id),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "fees.manage");
  const id = params.id ?? "";
  return submitAgreementForm(request, db, ctx, {
    back: `/facilities/${id}#agreements`,
    failure: AGREEMENT_MESSAGES.createFailed,
    saved: AGREEMENT_MESSAGES.created,
    notFound: "Facility not found.",
    save: (input) => createAgreement(db, ctx, id, input),
  });
}

export default function NewAgreementPage() {
  return <AgreementFormPage mode="create" {...useLoaderData<typeof loader>()} data={useActionData<typeof action>()} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeeForm } from "~/components/placements/fee-form";
import { FormPage } from "~/components/ui/page-header";
import { getPlacement, updateReferralFee } from "~/models/placements.server";
import { AGREEMENT_MESSAGES, FeeEditSchema } from "~/schemas/agreement";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { staleForm, submitForm } from "~/services/form.server";
import { requireRouteRecord } from "~/services/record-screen.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

export const meta: MetaFunction = () => [{ title: "Referral fee · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: placement, ctx } = await requireRouteRecord(args, getPlacement, PLACEMENT_NOT_FOUND);
  requirePermission(ctx, "fees.manage");
  return json({ placement });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "fees.manage");
  const id = params.id ?? "";
  const back = `/placements/${id}`;
  const options = {
    failure: AGREEMENT_MESSAGES.feeFailed,
    success: { to: back, title: AGREEMENT_MESSAGES.feeUpdated },
  };
  return submitForm(request, FeeEditSchema, options, async (input, reply) => {
    const saved = await updateReferralFee(db, ctx, id, input);
    if (saved.ok) return;
    invariantResponse(saved.reason !== "not-found", PLACEMENT_NOT_FOUND);
    if (saved.reason === "stale") return staleForm(db, ctx, reply, saved, { noun: "placement", href: back });
    const fieldErrors = Object.fromEntries(saved.errors.map((e) => [e.path, [e.msg]]));
    return json({ result: reply({ fieldErrors }) }, { status: 400 });
  });
}

export default function ReferralFeePage() {
  const { placement: p } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <FormPage
      title={`Referral fee: ${p.client.firstName} ${p.client.lastName} → ${p.facility.name}`}
      description="Correct the fee the facility owes. Say why: the change and the reason are kept in the audit trail and on the placement's timeline."
    >
      <FeeForm
        placement={p}
        lastResult={data?.result}
        conflict={data && "conflict" in data ? data.conflict : undefined}
      />
    </FormPage>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PLACEMENT_CHECKBOXES, PlacementForm, placementFormDefaults } from "~/components/placements/placement-form";
import { PageHeader } from "~/components/ui/page-header";
import { getPlacement, placementFormOptions, updatePlacement } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import { submitForm } from "~/services/form.server";

export const meta: MetaFunction = () => [{ title: "Edit Placement · Senior Placement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const placement = await getPlacement(db, ctx, params.id ?? "");
  invariantResponse(placement, "Failed to load placement details.");
  const options = await placementFormOptions(db, ctx, {
    clientId: placement.client.id,
    facilityId: placement.facility.id,
  });
  return json({ options, defaultValue: placementFormDefaults(placement) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const options = { failure: "Failed to save placement", checkboxes: PLACEMENT_CHECKBOXES };
  return submitForm(request, PlacementSchema, options, async (placement, reply) => {
    const result = await updatePlacement(db, ctx, params.id ?? "", placement);
    if (!result.ok) {
      invariantResponse(result.reason !== "not-found", "Failed to load placement details.");
      return json({ result: reply(), errors: result.errors }, { status: 400 });
    }
    return redirectWithToast("/placements", { type: "success", title: "Placement updated successfully!" });
  });
}

export default function EditPlacementPage() {
  const { options, defaultValue } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Edit Placement" description="Update placement information and track progress" />
      <PlacementForm
        mode="edit"
        lastResult={data?.result}
        serverErrors={data?.errors}
        defaultValue={defaultValue}
        options={options}
      />
    </div>
  );
}

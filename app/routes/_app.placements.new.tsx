import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PLACEMENT_CHECKBOXES, PlacementForm } from "~/components/placements/placement-form";
import { PageHeader } from "~/components/ui/page-header";
import { createPlacement, placementFormOptions } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { isUuid } from "~/utils/uuid";
import { submitForm } from "~/services/form.server";

export const meta: MetaFunction = () => [{ title: "Create New Placement · Senior Placement" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, ctx, db } = await requireSignedIn(request);
  const url = new URL(request.url);
  // From a facility's or a client's page: that one comes chosen.
  const facilityId = url.searchParams.get("facilityId");
  const clientId = url.searchParams.get("clientId");
  const chosen = {
    facilityId: isUuid(facilityId ?? "") ? facilityId : null,
    clientId: isUuid(clientId ?? "") ? clientId : null,
  };
  const options = await placementFormOptions(db, ctx, chosen);
  return json({
    options,
    defaultValue: {
      clientId: options.clients.some((c) => c.id === chosen.clientId) ? (chosen.clientId ?? "") : "",
      facilityId: options.facilities.some((f) => f.id === chosen.facilityId) ? (chosen.facilityId ?? "") : "",
      agentId: user.id,
      status: "In Progress",
      priority: "Medium",
      startDate: new Date().toISOString().slice(0, 10),
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const options = { failure: "Failed to save placement", checkboxes: PLACEMENT_CHECKBOXES };
  return submitForm(request, PlacementSchema, options, async (placement, reply) => {
    const result = await createPlacement(db, ctx, placement);
    if (!result.ok) {
      return json({ result: reply(), errors: result.reason === "invalid" ? result.errors : [] }, { status: 400 });
    }
    return redirectWithToast("/placements", { type: "success", title: "Placement created successfully!" });
  });
}

export default function NewPlacementPage() {
  const { options, defaultValue } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Create New Placement"
        description="Create a new placement record for client and facility matching"
      />
      <PlacementForm
        mode="create"
        lastResult={data?.result}
        serverErrors={data?.errors}
        defaultValue={defaultValue}
        options={options}
      />
    </div>
  );
}

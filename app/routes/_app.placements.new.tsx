import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PlacementFormPage } from "~/components/placements/placement-form";
import { agencyDay } from "~/models/agency.server";
import { placementFormOptions } from "~/models/placements.server";
import { savePlacementForm } from "~/services/placement-form.server";
import { requireSignedIn } from "~/services/session.server";
import { isUuid } from "~/utils/uuid";

export const meta: MetaFunction = () => [{ title: "Create New Placement · Senior Placement" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, ctx, db } = await requireSignedIn({ request, context });
  const url = new URL(request.url);
  // From a facility's or a client's page: that one comes chosen.
  const facilityId = url.searchParams.get("facilityId");
  const clientId = url.searchParams.get("clientId");
  const chosen = {
    facilityId: isUuid(facilityId ?? "") ? facilityId : null,
    clientId: isUuid(clientId ?? "") ? clientId : null,
  };
  const [options, { today }] = await Promise.all([placementFormOptions(db, ctx, chosen), agencyDay(db, ctx)]);
  return json({
    options,
    defaultValue: {
      clientId: options.clients.some((c) => c.id === chosen.clientId) ? (chosen.clientId ?? "") : "",
      facilityId: options.facilities.some((f) => f.id === chosen.facilityId) ? (chosen.facilityId ?? "") : "",
      agentId: user.id,
      status: "In Progress",
      priority: "Medium",
      // The agency's today, not the server's (UTC is already tomorrow on an American evening).
      startDate: today,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return savePlacementForm(request);
}

export default function NewPlacementPage() {
  return <PlacementFormPage mode="create" />;
}

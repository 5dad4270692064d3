import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Toaster } from "~/components/layout/toaster";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { DeletePage } from "~/components/ui/form";
import { deleteFacility, facilityInUseMessage, getFacility, setFacilityActive } from "~/models/facilities.server";
import { DELETE_FACILITY_MESSAGE } from "~/schemas/facility.constants";
import { loadDeletePage } from "~/services/record-screen.server";
import { redirectWithToast, requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import { readFormData } from "~/utils/request.server";

// Deleting a facility: the confirmation page without JavaScript (with it, the facility's page
// opens a dialog that posts here). A facility that placements refer to is not deleted; this page
// then says why and offers to mark it inactive instead.

export const meta: MetaFunction = () => [{ title: "Delete Facility · Senior Placement" }];

export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getFacility, "Facility not found.", "records.delete", (facility) => ({
    id: facility.id,
    name: facility.name,
    isActive: facility.isActive,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  const intent = (await readFormData(request)).get("intent");
  if (intent === "deactivate") {
    invariantResponse(await setFacilityActive(db, ctx, id, false), "Facility not found.");
    return redirectWithToast(`/facilities/${id}`, { type: "success", title: "Facility marked inactive" });
  }
  requirePermission(ctx, "records.delete");
  const result = await deleteFacility(db, ctx, id);
  if (result.ok) return redirectWithToast("/facilities", { type: "success", title: "Facility deleted successfully" });
  invariantResponse(result.reason === "in-use", "Facility not found.");
  const message = facilityInUseMessage(result);
  return json(
    {
      message,
      toast: {
        id: crypto.randomUUID(),
        type: "error" as const,
        title: "Failed to delete facility",
        description: message,
      },
    },
    { status: 409 },
  );
}

export default function DeleteFacilityPage() {
  const { id, name, isActive } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (refused) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-6">
        <Alert tone="error" title={`${name} was not deleted`}>
          {refused.message}
        </Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={`/facilities/${id}`} className={buttonClasses("outline")}>
            Back to the facility
          </Link>
          {isActive ? (
            <Form method="post">
              <input type="hidden" name="intent" value="deactivate" />
              <Button type="submit" className="w-full">
                Mark as inactive
              </Button>
            </Form>
          ) : null}
        </div>
        <Toaster toasts={[refused.toast]} />
      </div>
    );
  }
  return <DeletePage title={`Delete ${name}?`} message={DELETE_FACILITY_MESSAGE} cancelHref={`/facilities/${id}`} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FacilityErrorBoundary } from "~/components/facilities/facility-error-boundary";
import { Toaster } from "~/components/layout/toaster";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/dialog";
import { deleteFacility, facilityInUseMessage, getFacility, setFacilityActive } from "~/models/facilities.server";
import { DELETE_FACILITY_MESSAGE } from "~/schemas/facility";
import { getDb } from "~/utils/db.server";
import { contextOf, redirectWithToast, requireUser } from "~/services/session.server";

// Deleting a facility: the confirmation page without JavaScript (with it, the facility's page
// opens a dialog that posts here). A facility that placements refer to is not deleted; this page
// then says why and offers to mark it inactive instead.

export const handle = { header: { title: "Facilities", subtitle: "Care facility directory and management" } };

export const meta: MetaFunction = () => [{ title: "Delete Facility · Senior Placement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const facility = await getFacility(getDb(), ctx, params.id ?? "");
  if (!facility) throw new Response("Facility not found.", { status: 404 });
  return json({ id: facility.id, name: facility.name, isActive: facility.isActive });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const id = params.id ?? "";
  const db = getDb();
  const intent = (await request.formData()).get("intent");
  if (intent === "deactivate") {
    if (!(await setFacilityActive(db, ctx, id, false))) throw new Response("Facility not found.", { status: 404 });
    return redirectWithToast(`/facilities/${id}`, { type: "success", title: "Facility marked inactive" });
  }
  const result = await deleteFacility(db, ctx, id);
  if (result.ok) return redirectWithToast("/facilities", { type: "success", title: "Facility deleted successfully" });
  if (result.reason === "not-found") throw new Response("Facility not found.", { status: 404 });
  const message = facilityInUseMessage(result.placements);
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
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel title={`Delete ${name}?`} message={DELETE_FACILITY_MESSAGE} cancelHref={`/facilities/${id}`} />
    </div>
  );
}

export { FacilityErrorBoundary as ErrorBoundary };

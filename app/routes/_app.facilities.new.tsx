import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { FACILITY_CHECKBOXES, FacilityForm } from "~/components/facilities/facility-form";
import { PageHeader } from "~/components/ui/page-header";
import { createFacility } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { submitForm } from "~/services/form.server";

export const meta: MetaFunction = () => [{ title: "Add Facility · Senior Placement" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedIn(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const options = { failure: "Failed to create facility", checkboxes: FACILITY_CHECKBOXES };
  return submitForm(request, FacilitySchema, options, async (facility) => {
    await createFacility(db, ctx, facility);
    return redirectWithToast("/facilities", { type: "success", title: "Facility created successfully!" });
  });
}

export default function NewFacilityPage() {
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Add Facility" description="A community or care home you place clients with." />
      <FacilityForm mode="create" lastResult={data?.result} cancelTo="/facilities" />
    </div>
  );
}

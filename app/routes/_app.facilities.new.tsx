import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { FACILITY_CHECKBOXES, FacilityForm } from "~/components/facilities/facility-form";
import { FormPage } from "~/components/ui/page-header";
import { createFacility } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { requireSignedIn, signedInOnly } from "~/services/session.server";
import { landOn, savedAs, submitForm } from "~/services/form.server";

export const meta: MetaFunction = () => [{ title: "Add Facility · Senior Placement" }];

export const loader = signedInOnly;

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const options = { ...savedAs("create", "facility", "/facilities"), checkboxes: FACILITY_CHECKBOXES };
  return submitForm(request, FacilitySchema, options, async (facility) => {
    const { id } = await createFacility(db, ctx, facility);
    return landOn(options, `/facilities/${id}`);
  });
}

export default function NewFacilityPage() {
  return (
    <FormPage title="Add Facility" description="A community or care home you place clients with.">
      <FacilityForm mode="create" data={useActionData<typeof action>()} cancelTo="/facilities" />
    </FormPage>
  );
}

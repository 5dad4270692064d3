import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FACILITY_CHECKBOXES, FacilityForm, facilityFormDefaults } from "~/components/facilities/facility-form";
import { FormPage } from "~/components/ui/page-header";
import { getFacility, updateFacility } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { requireSignedIn } from "~/services/session.server";
import { refusedSave, savedAs, submitForm } from "~/services/form.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.facility.name} · Senior Placement` : "Facility · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: facility } = await requireRouteRecord(args, getFacility, "Facility not found.");
  return json({ facility });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const options = { ...savedAs("update", "facility", "/facilities"), checkboxes: FACILITY_CHECKBOXES };
  const id = params.id ?? "";
  return submitForm(request, FacilitySchema, options, async (facility, reply) => {
    const saved = await updateFacility(db, ctx, id, facility);
    if (saved.ok) return;
    const record = { noun: "facility", href: `/facilities/${id}`, notFound: "Facility not found." };
    return refusedSave(db, ctx, reply, saved, record);
  });
}

export default function EditFacilityPage() {
  const { facility } = useLoaderData<typeof loader>();
  return (
    <FormPage title={`Edit ${facility.name}`} description="Update the facility's details, prices and availability.">
      <FacilityForm
        mode="edit"
        data={useActionData<typeof action>()}
        defaultValue={facilityFormDefaults(facility)}
        cancelTo={`/facilities/${facility.id}`}
      />
    </FormPage>
  );
}

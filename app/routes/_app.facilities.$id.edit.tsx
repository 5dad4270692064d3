import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FacilityErrorBoundary } from "~/components/facilities/facility-error-boundary";
import { FACILITY_CHECKBOXES, FacilityForm, facilityFormDefaults } from "~/components/facilities/facility-form";
import { PageHeader } from "~/components/ui/page-header";
import { getFacility, updateFacility } from "~/models/facilities.server";
import { readCheckboxes } from "~/schemas/common";
import { FacilitySchema } from "~/schemas/facility";
import { getDb } from "~/utils/db.server";
import { contextOf, redirectWithToast, requireUser } from "~/services/session.server";

export const handle = { header: { title: "Facilities", subtitle: "Care facility directory and management" } };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.facility.name} · Senior Placement` : "Facility · Senior Placement" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const facility = await getFacility(getDb(), ctx, params.id ?? "");
  if (!facility) throw new Response("Facility not found.", { status: 404 });
  return json({ facility });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const formData = readCheckboxes(await request.formData(), FACILITY_CHECKBOXES);
  const submission = parseWithZod(formData, { schema: FacilitySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const facility = await updateFacility(getDb(), ctx, params.id ?? "", submission.value);
  if (!facility) throw new Response("Facility not found.", { status: 404 });
  return redirectWithToast("/facilities", { type: "success", title: "Facility updated successfully!" });
}

export default function EditFacilityPage() {
  const { facility } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={`Edit ${facility.name}`}
        description="Update the facility's details, prices and availability."
      />
      <FacilityForm
        mode="edit"
        lastResult={data?.result}
        defaultValue={facilityFormDefaults(facility)}
        cancelTo={`/facilities/${facility.id}`}
      />
    </div>
  );
}

export { FacilityErrorBoundary as ErrorBoundary };

import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { FACILITY_CHECKBOXES, FacilityForm } from "~/components/facilities/facility-form";
import { PageHeader } from "~/components/ui/page-header";
import { createFacility } from "~/models/facilities.server";
import { readCheckboxes } from "~/schemas/common";
import { FacilitySchema } from "~/schemas/facility";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { readFormData } from "~/utils/request.server";

export const meta: MetaFunction = () => [{ title: "Add Facility · Senior Placement" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedIn(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const formData = readCheckboxes(await readFormData(request), FACILITY_CHECKBOXES);
  const submission = parseWithZod(formData, { schema: FacilitySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  await createFacility(db, ctx, submission.value);
  return redirectWithToast("/facilities", { type: "success", title: "Facility created successfully!" });
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

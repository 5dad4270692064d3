import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PlacementErrorBoundary } from "~/components/placements/placement-error-boundary";
import { PLACEMENT_CHECKBOXES, PlacementForm, placementFormDefaults } from "~/components/placements/placement-form";
import { PageHeader } from "~/components/ui/page-header";
import { getPlacement, placementFormOptions, updatePlacement } from "~/models/placements.server";
import { readCheckboxes } from "~/schemas/common";
import { PlacementSchema } from "~/schemas/placement";
import { getDb } from "~/utils/db.server";
import { contextOf, redirectWithToast, requireUser } from "~/services/session.server";

export const handle = { header: { title: "Placements", subtitle: "Track and manage all placements" } };

export const meta: MetaFunction = () => [{ title: "Edit Placement · Senior Placement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const db = getDb();
  const placement = await getPlacement(db, ctx, params.id ?? "");
  if (!placement) throw new Response("Failed to load placement details.", { status: 404 });
  const options = await placementFormOptions(db, ctx, {
    clientId: placement.client.id,
    facilityId: placement.facility.id,
  });
  return json({ options, defaultValue: placementFormDefaults(placement) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const submission = parseWithZod(readCheckboxes(await request.formData(), PLACEMENT_CHECKBOXES), {
    schema: PlacementSchema,
  });
  if (submission.status !== "success") return json({ result: submission.reply(), errors: [] }, { status: 400 });
  const id = params.id ?? "";
  const result = await updatePlacement(getDb(), ctx, id, submission.value);
  if (!result.ok && result.reason === "not-found")
    throw new Response("Failed to load placement details.", { status: 404 });
  if (!result.ok) return json({ result: submission.reply(), errors: result.errors }, { status: 400 });
  return redirectWithToast("/placements", { type: "success", title: "Placement updated successfully!" });
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

export { PlacementErrorBoundary as ErrorBoundary };

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Toaster } from "~/components/layout/toaster";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { DeletePage } from "~/components/ui/form";

import { placementInvoicedMessage } from "~/models/invoices.server";
import { deletePlacement, getPlacement } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE, PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { deletedOrNot } from "~/services/form.server";
import { loadDeletePage } from "~/services/record-screen.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

// Deleting a placement: the confirmation page without JavaScript; with it, a dialog posts here.
// Its timeline goes with it; the client's and facility's pages no longer list it. A placement
// whose fee is on an invoice is not deleted: a 409 that says why, and the way back.

export const meta: MetaFunction = () => [{ title: "Delete Placement · Senior Placement" }];

export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getPlacement, PLACEMENT_NOT_FOUND, "records.delete", (placement) => ({
    title: `Delete ${placement.client.firstName} ${placement.client.lastName} → ${placement.facility.name}?`,
    message: DELETE_PLACEMENT_MESSAGE,
    cancelHref: `/placements/${placement.id}`,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.delete");
  const result = await deletePlacement(db, ctx, params.id ?? "");
  if (!result.ok && result.reason === "in-use") {
    const message = placementInvoicedMessage(result.invoice);
    return json(
      {
        message,
        invoiceId: result.invoice.id,
        toast: {
          id: crypto.randomUUID(),
          type: "error" as const,
          title: "Failed to delete placement",
          description: message,
        },
      },
      { status: 409 },
    );
  }
  return deletedOrNot(result.ok, "/placements", {
    deleted: "Placement deleted successfully",
    failed: "Failed to delete placement",
  });
}

export default function DeletePlacementPage() {
  const confirm = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  if (refused) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-6">
        <Alert tone="error" title="The placement was not deleted">
          {refused.message}
        </Alert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={confirm.cancelHref} className={buttonClasses("outline")}>
            Back to the placement
          </Link>
          <Link to={`/invoices/${refused.invoiceId}`} className={buttonClasses("primary")}>
            Open the invoice
          </Link>
        </div>
        <Toaster toasts={[refused.toast]} />
      </div>
    );
  }
  return <DeletePage {...confirm} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/ui/dialog";
import { getResource } from "~/models/resources.server";
import { deleteResourceMessage, RESOURCE_MESSAGES } from "~/schemas/resource.constants";
import { removeResource } from "~/services/resources.server";
import { redirectWithToast, requireRecord, requireSignedIn } from "~/services/session.server";
import { fileStorage } from "~/utils/storage.server";

// Deleting a document: the confirmation page without JavaScript; with it, a dialog posts here.
// Every version's file goes with it.

export const meta: MetaFunction = () => [{ title: "Delete Document · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record } = await requireRecord({ request, context }, params.id, getResource, RESOURCE_MESSAGES.notFound);
  return json({ id: record.id, name: record.originalName });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  try {
    if ((await removeResource(db, ctx, fileStorage(), params.id ?? "")).ok) {
      return redirectWithToast("/resources", { type: "success", title: RESOURCE_MESSAGES.deleted });
    }
  } catch (error) {
    console.error("[resources] delete failed", error);
  }
  return redirectWithToast("/resources", { type: "error", title: RESOURCE_MESSAGES.deleteFailed });
}

export default function DeleteResourcePage() {
  const { id, name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel title="Delete document?" message={deleteResourceMessage(name)} cancelHref={`/resources/${id}`} />
    </div>
  );
}

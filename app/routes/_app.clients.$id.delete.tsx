import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeletePage } from "~/components/ui/form";
import { clientInUseMessage, deleteClient, getClient } from "~/models/clients.server";
import { loadDeletePage } from "~/services/record-screen.server";
import { redirectWithToast, requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

// The confirmation page for deleting a client without JavaScript; with it, the client's page
// opens a dialog that posts the same form here.

export const meta: MetaFunction = () => [{ title: "Delete Client · Senior Placement" }];

export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getClient, "Client not found.", "records.delete", (client) => ({
    title: "Delete this client?",
    message: `Are you sure you want to delete ${client.firstName} ${client.lastName}? This action cannot be undone.`,
    cancelHref: `/clients/${client.id}`,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.delete");
  const id = params.id ?? "";
  const result = await deleteClient(db, ctx, id);
  if (result.ok) return redirectWithToast("/clients", { type: "success", title: "Client deleted successfully" });
  invariantResponse(result.reason === "in-use", "Client not found.");
  return redirectWithToast(`/clients/${id}`, {
    type: "error",
    title: "Client not deleted",
    description: clientInUseMessage(result),
  });
}

export default function DeleteClientPage() {
  return <DeletePage {...useLoaderData<typeof loader>()} />;
}

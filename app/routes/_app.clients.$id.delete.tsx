import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConfirmPanel } from "~/components/ui/dialog";
import { clientInUseMessage, deleteClient, getClient } from "~/models/clients.server";
import { getDb } from "~/utils/db.server";
import { contextOf, redirectWithToast, requireUser } from "~/services/session.server";

// The confirmation page for deleting a client without JavaScript; with it, the client's page
// opens a dialog that posts the same form here.

export const handle = { header: { title: "Clients", subtitle: "Manage your client database" } };

export const meta: MetaFunction = () => [{ title: "Delete Client · Senior Placement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const client = await getClient(getDb(), ctx, params.id ?? "");
  if (!client) throw new Response("Client not found.", { status: 404 });
  return json({ id: client.id, name: `${client.firstName} ${client.lastName}` });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const id = params.id ?? "";
  const result = await deleteClient(getDb(), ctx, id);
  if (result.ok) return redirectWithToast("/clients", { type: "success", title: "Client deleted successfully" });
  if (result.reason === "not-found") throw new Response("Client not found.", { status: 404 });
  return redirectWithToast(`/clients/${id}`, {
    type: "error",
    title: "Client not deleted",
    description: clientInUseMessage(result),
  });
}

export default function DeleteClientPage() {
  const { id, name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel
        title="Delete this client?"
        message={`Are you sure you want to delete ${name}? This action cannot be undone.`}
        cancelHref={`/clients/${id}`}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary backTo="/clients" backLabel="Back to Clients" />;
}

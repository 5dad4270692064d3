import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientForm, clientFormDefaults } from "~/components/clients/client-form";
import { FormPage } from "~/components/ui/page-header";
import { findDuplicateClients, getClient, sameContact, updateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import { refusedSave, savedAs, submitForm } from "~/services/form.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Edit ${data.client.firstName} ${data.client.lastName} · Senior Placement`
      : "Client · Senior Placement",
  },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: client } = await requireRouteRecord(args, getClient, "Client not found.");
  return json({ client });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  const options = { ...savedAs("update", "client", "/clients"), ignore: ["intent"] };
  return submitForm(request, ClientSchema, options, async (client, reply, form) => {
    const stored = await getClient(db, ctx, id);
    invariantResponse(stored, "Client not found.");
    // A new e-mail or phone that another client has: the same warning as when adding one.
    if (!sameContact(stored, client) && form.get("intent") !== "save-anyway") {
      const duplicates = await findDuplicateClients(db, ctx, client, id);
      if (duplicates.length > 0) return json({ result: reply(), duplicates }, { status: 409 });
    }
    const saved = await updateClient(db, ctx, id, client);
    if (saved.ok) return;
    return refusedSave(db, ctx, reply, saved, {
      noun: "client",
      href: `/clients/${id}`,
      notFound: "Client not found.",
    });
  });
}

export default function EditClientPage() {
  const { client } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <FormPage title={`Edit ${client.firstName} ${client.lastName}`} description="Update the client's details.">
      <ClientForm
        mode="edit"
        data={data}
        defaultValue={clientFormDefaults(client)}
        cancelTo={`/clients/${client.id}`}
      />
    </FormPage>
  );
}

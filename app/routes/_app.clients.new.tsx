import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ClientForm } from "~/components/clients/client-form";
import { FormPage } from "~/components/ui/page-header";
import { createClient, findDuplicateClients } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { requireSignedIn, signedInOnly } from "~/services/session.server";
import { landOn, savedAs, submitForm } from "~/services/form.server";

export const meta: MetaFunction = () => [{ title: "Add Client · Senior Placement" }];

export const loader = signedInOnly;

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const options = { ...savedAs("create", "client", "/clients"), ignore: ["intent"] };
  return submitForm(request, ClientSchema, options, async (client, reply, form) => {
    if (form.get("intent") !== "create-anyway") {
      const duplicates = await findDuplicateClients(db, ctx, client);
      // Nothing is lost: the form comes back as it was, with a way to go on.
      if (duplicates.length > 0) return json({ result: reply(), duplicates }, { status: 409 });
    }
    const { id } = await createClient(db, ctx, client);
    return landOn(options, `/clients/${id}`);
  });
}

export default function NewClientPage() {
  const data = useActionData<typeof action>();
  return (
    <FormPage title="Add Client" description="A new person looking for care, and what they need.">
      <ClientForm mode="create" data={data} cancelTo="/clients" />
    </FormPage>
  );
}

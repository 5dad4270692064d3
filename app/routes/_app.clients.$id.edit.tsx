import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientForm, clientFormDefaults } from "~/components/clients/client-form";
import { PageHeader } from "~/components/ui/page-header";
import { getClient, updateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import { readFormData } from "~/utils/request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Edit ${data.client.firstName} ${data.client.lastName} · Senior Placement`
      : "Client · Senior Placement",
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const client = await getClient(db, ctx, params.id ?? "");
  invariantResponse(client, "Client not found.");
  return json({ client });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const submission = parseWithZod(await readFormData(request), { schema: ClientSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const client = await updateClient(db, ctx, params.id ?? "", submission.value);
  invariantResponse(client, "Client not found.");
  return redirectWithToast("/clients", { type: "success", title: "Client updated successfully!" });
}

export default function EditClientPage() {
  const { client } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={`Edit ${client.firstName} ${client.lastName}`} description="Update the client's details." />
      <ClientForm
        mode="edit"
        data={data}
        defaultValue={clientFormDefaults(client)}
        cancelTo={`/clients/${client.id}`}
      />
    </div>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResourceEditPage } from "~/components/resources/resource-edit-page";
import { RELATED_SEARCH_FIELD } from "~/components/resources/resource-details-fields";
import { getResource, relatedChoices, updateResource } from "~/models/resources.server";
import { relatedTypeOf, RESOURCE_MESSAGES, ResourceDetailsSchema } from "~/schemas/resource";
import { refusedSave, submitForm } from "~/services/form.server";
import { resourceEditPage } from "~/services/resource-form.server";
import { requireRecord, requireSignedIn } from "~/services/session.server";

// /resources/{id}/edit: the current file and the details form (components/resources/resource-edit-page.tsx).

export const meta: MetaFunction = () => [{ title: "Edit Document · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const signedIn = await requireRecord({ request, context }, params.id, getResource, RESOURCE_MESSAGES.notFound);
  const search = new URL(request.url).searchParams;
  const page = await resourceEditPage(signedIn, search, search.get(RELATED_SEARCH_FIELD));
  return json(page, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  // The picker's choices for the type the form was sent with.
  const choicesFor = async (form: FormData) => {
    const type = relatedTypeOf(form.get("relatedToType"));
    return { choices: await relatedChoices(db, ctx, type, String(form.get("relatedToId") ?? ""), "") };
  };
  const options = {
    failure: RESOURCE_MESSAGES.updateFailed,
    success: { to: `/resources/${id}`, title: RESOURCE_MESSAGES.updated },
    ignore: [RELATED_SEARCH_FIELD],
    echo: choicesFor,
  };
  return submitForm(request, ResourceDetailsSchema, options, async (details, reply, form) => {
    const outcome = await updateResource(db, ctx, id, details);
    if (outcome.ok) return;
    if (outcome.reason !== "related-not-found") {
      const record = {
        noun: "document",
        href: `/resources/${id}`,
        field: "revision",
        notFound: RESOURCE_MESSAGES.notFound,
      };
      return refusedSave(db, ctx, reply, outcome, record, () => choicesFor(form));
    }
    return json({ result: reply({ fieldErrors: { relatedToId: [RESOURCE_MESSAGES.relatedToId] } }) }, { status: 400 });
  });
}

export default function EditResourceRoute() {
  return <ResourceEditPage {...useLoaderData<typeof loader>()} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeletePage } from "~/components/ui/form";
import { getResource } from "~/models/resources.server";
import { deleteResourceMessage, RESOURCE_MESSAGES } from "~/schemas/resource.constants";
import { deletedOrNot } from "~/services/form.server";
import { removeResource } from "~/services/resources.server";
import { loadDeletePage } from "~/services/record-screen.server";
import { requireSignedIn } from "~/services/session.server";
import { fileStorage } from "~/utils/storage.server";

// Deleting a document: the confirmation page without JavaScript; with it, a dialog posts here.
// Every version's file goes with it.

export const meta: MetaFunction = () => [{ title: "Delete Document · Senior Placement" }];

// Any role may delete a document (its action asks no `records.delete` either).
export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getResource, RESOURCE_MESSAGES.notFound, null, (record) => ({
    title: "Delete document?",
    message: deleteResourceMessage(record.originalName),
    cancelHref: `/resources/${record.id}`,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  let deleted = false;
  try {
    deleted = (await removeResource(db, ctx, fileStorage(), params.id ?? "")).ok;
  } catch (error) {
    console.error("[resources] delete failed", error);
  }
  const titles = { deleted: RESOURCE_MESSAGES.deleted, failed: RESOURCE_MESSAGES.deleteFailed };
  return deletedOrNot(deleted, "/resources", titles);
}

export default function DeleteResourcePage() {
  return <DeletePage {...useLoaderData<typeof loader>()} />;
}

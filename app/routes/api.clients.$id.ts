import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  clientInUseMessage,
  deleteClient,
  getClient,
  listClientNotes,
  toApiClient,
  updateClient,
} from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { apiError, apiSuccess, methodNotAllowed, readJsonBody, withApiUser } from "~/services/api.server";

const NOT_FOUND = "Client not found";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => {
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) return apiError(404, NOT_FOUND);
    return apiSuccess({ client: toApiClient(client, await listClientNotes(db, ctx, client.id)) });
  });

export const action = ({ request, params }: ActionFunctionArgs) => {
  const id = params.id ?? "";
  if (request.method === "PUT") {
    return withApiUser(request, async ({ db, ctx }) => {
      if (!(await getClient(db, ctx, id))) return apiError(404, NOT_FOUND);
      const client = await updateClient(db, ctx, id, await readJsonBody(request, ClientSchema));
      if (!client) return apiError(404, NOT_FOUND);
      return apiSuccess({ client: toApiClient(client) }, { message: "Client updated successfully!" });
    });
  }
  if (request.method === "DELETE") {
    return withApiUser(request, async ({ db, ctx }) => {
      const result = await deleteClient(db, ctx, id);
      if (result.ok) return apiSuccess({ client: { _id: id } }, { message: "Client deleted successfully" });
      if (result.reason === "not-found") return apiError(404, NOT_FOUND);
      return apiError(409, clientInUseMessage(result));
    });
  }
  return methodNotAllowed("GET, PUT, DELETE")({ request });
};

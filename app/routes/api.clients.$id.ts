import {
  clientInUseMessage,
  deleteClient,
  getClient,
  listClientNotes,
  toApiClient,
  updateClient,
} from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";

const NOT_FOUND = "Client not found";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) return apiError(404, NOT_FOUND);
    return apiSuccess({ client: toApiClient(client, await listClientNotes(db, ctx, client.id)) });
  },
  PUT: async ({ db, ctx, request, params }) => {
    // A missing client is a 404 before its body is read.
    if (!(await getClient(db, ctx, params.id ?? ""))) return apiError(404, NOT_FOUND);
    const client = await updateClient(db, ctx, params.id ?? "", await readJsonBody(request, ClientSchema));
    if (!client) return apiError(404, NOT_FOUND);
    return apiSuccess({ client: toApiClient(client) }, { message: "Client updated successfully!" });
  },
  DELETE: async ({ db, ctx, params }) => {
    const result = await deleteClient(db, ctx, params.id ?? "");
    if (result.ok) return apiSuccess({ client: { _id: params.id } }, { message: "Client deleted successfully" });
    if (result.reason === "not-found") return apiError(404, NOT_FOUND);
    return apiError(409, clientInUseMessage(result));
  },
});

import {
  clientInUseMessage,
  deleteClient,
  getClient,
  listClientNotes,
  toApiClient,
  updateClient,
} from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { apiError, apiRecordRoute } from "~/services/api.server";

export const { loader, action } = apiRecordRoute({
  name: "client",
  notFound: "Client not found",
  find: getClient,
  toApi: toApiClient,
  show: async (client, db, ctx) => toApiClient(client, await listClientNotes(db, ctx, client.id)),
  update: { schema: ClientSchema, save: updateClient },
  remove: async (db, ctx, id) => {
    const result = await deleteClient(db, ctx, id);
    if (!result.ok && result.reason === "in-use") throw apiError(409, clientInUseMessage(result));
    return result.ok;
  },
});

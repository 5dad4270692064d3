import { clientInUseMessage, deleteClient, getClient, listClientNotes, updateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { apiError, apiRecordRoute } from "~/services/api.server";
import { toApiClient } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "client",
  notFound: "Client not found",
  find: getClient,
  version: (client) => client.version,
  toApi: toApiClient,
  show: async (client, db, ctx) => toApiClient(client, await listClientNotes(db, ctx, client.id)),
  update: {
    schema: ClientSchema,
    save: async (db, ctx, id, input) => {
      const result = await updateClient(db, ctx, id, input);
      return result.ok ? { ok: true, record: result.client } : result;
    },
  },
  removeNeeds: "records.delete",
  remove: async (db, ctx, id, version) => {
    const result = await deleteClient(db, ctx, id, version);
    if (!result.ok && result.reason === "in-use") throw apiError(409, clientInUseMessage(result));
    return result;
  },
});

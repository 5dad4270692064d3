import { clientInUseMessage, deleteClient, getClient, listClientNotes, updateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { apiRecordRoute, refuseInUse, saveAs } from "~/services/api.server";
import { toApiClient } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "client",
  notFound: "Client not found",
  find: getClient,
  toApi: toApiClient,
  show: async (client, db, ctx) => toApiClient(client, await listClientNotes(db, ctx, client.id)),
  update: { schema: ClientSchema, save: saveAs(updateClient, "client") },
  removeNeeds: "records.delete",
  remove: refuseInUse(deleteClient, clientInUseMessage),
  viewedAs: "client",
});

import { createClient, listClients, toApiClient } from "~/models/clients.server";
import { ClientListQuerySchema, ClientSchema } from "~/schemas/client";
import { apiRoute, apiSuccess, readJsonBody, readQuery } from "~/services/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const result = await listClients(db, ctx, readQuery(request, ClientListQuerySchema));
    return apiSuccess({
      clients: result.clients.map((client) => toApiClient(client)),
      pagination: { page: result.page, limit: result.limit, totalPages: result.totalPages, totalClients: result.total },
    });
  },
  POST: async ({ db, ctx, request }) => {
    const client = await createClient(db, ctx, await readJsonBody(request, ClientSchema));
    return apiSuccess({ client: toApiClient(client) }, { status: 201, message: "Client created successfully!" });
  },
});

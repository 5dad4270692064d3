import { createClient, findDuplicateClients, listClients } from "~/models/clients.server";
import { ClientCreateQuerySchema, ClientListQuerySchema, ClientSchema } from "~/schemas/client";
import { apiError, apiRoute, apiSuccess, readJsonBody, readQuery } from "~/services/api.server";
import { toApiClient } from "~/services/api-shapes.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const result = await listClients(db, ctx, readQuery(request, ClientListQuerySchema));
    return apiSuccess({
      clients: result.clients.map((client) => toApiClient(client)),
      pagination: { page: result.page, limit: result.limit, totalPages: result.totalPages, totalClients: result.total },
    });
  },
  POST: async ({ db, ctx, request }) => {
    const { allowDuplicate } = readQuery(request, ClientCreateQuerySchema);
    const input = await readJsonBody(request, ClientSchema);
    // The same check as the screen's: a client with this e-mail or phone may already exist.
    const duplicates = allowDuplicate ? [] : await findDuplicateClients(db, ctx, input);
    if (duplicates.length > 0) {
      return apiError(409, DUPLICATE_MESSAGE, {
        details: { duplicates: duplicates.map((d) => ({ _id: d.id, name: d.name, matches: d.matches })) },
      });
    }
    const client = await createClient(db, ctx, input);
    return apiSuccess({ client: toApiClient(client) }, { status: 201, message: "Client created successfully!" });
  },
});

const DUPLICATE_MESSAGE =
  "A client with the same e-mail or phone already exists. To add this one anyway, send the request again with ?allowDuplicate=true.";

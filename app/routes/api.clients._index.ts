import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createClient, listClients, toApiClient } from "~/models/clients.server";
import { ClientListQuerySchema, ClientSchema } from "~/schemas/client";
import { apiSuccess, methodNotAllowed, readJsonBody, readQuery, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => {
    const result = await listClients(db, ctx, readQuery(request, ClientListQuerySchema));
    return apiSuccess({
      clients: result.clients.map((client) => toApiClient(client)),
      pagination: { page: result.page, limit: result.limit, totalPages: result.totalPages, totalClients: result.total },
    });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  request.method !== "POST"
    ? methodNotAllowed("GET, POST")({ request })
    : withApiUser(request, async ({ db, ctx }) => {
        const client = await createClient(db, ctx, await readJsonBody(request, ClientSchema));
        return apiSuccess({ client: toApiClient(client) }, { status: 201, message: "Client created successfully!" });
      });

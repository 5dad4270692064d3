// Integration tests of an area (clients, facilities, placements…): a signed-in user of a new
// agency, and its JSON API called in-process through the route modules.
import { createCookie } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Database } from "~/utils/db-types";
import { createSession } from "~/models/session.server";
import { createAgency, createUser, type TestUser } from "./factories";
import { apiRequest, args, settle } from "./http";
import { TEST_SESSION_SECRET } from "./integration-setup";

const LIMITS = { idleMinutes: 30, absoluteHours: 12 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface SignedIn {
  user: TestUser;
  /** A bearer token for the API. */
  token: string;
  /** The `Cookie` header of a signed-in browser. */
  cookie: string;
}

/** A coordinator of a new agency, with an API token and a browser session. */
export async function signInNewAgency(
  db: Kysely<Database>,
  user: Omit<Parameters<typeof createUser>[1], "agencyId" | "agency_id"> = {},
): Promise<SignedIn> {
  const agency = await createAgency(db);
  return signInUser(db, agency.id, { role: "coordinator", ...user });
}

/** A new user of an agency (an agent unless `user.role` says otherwise), signed in to the API and a browser. */
export async function signInUser(
  db: Kysely<Database>,
  agencyId: string,
  user: Omit<Parameters<typeof createUser>[1], "agencyId" | "agency_id"> = {},
): Promise<SignedIn> {
  const created = await createUser(db, { ...user, agencyId } as Parameters<typeof createUser>[1]);
  const ctx = { user: { id: created.id, agencyId }, limits: LIMITS };
  const token = (await createSession(db, { ...ctx, kind: "api" })).token;
  const browser = await createSession(db, { ...ctx, kind: "browser" });
  const sessionCookie = createCookie("__session", { secrets: [TEST_SESSION_SECRET], path: "/" });
  return { user: created, token, cookie: (await sessionCookie.serialize(browser.token)).split(";")[0] };
}

type Handler = (a: ReturnType<typeof args>) => unknown;

/** The route modules of one resource's API: `/api/NAME`, `/api/NAME/:id`, `/api/NAME/dashboard`. */
export interface ApiRoutes {
  collection: { loader: Handler; action: Handler };
  item: { loader: Handler; action: Handler };
  dashboard?: { loader: Handler };
}

/**
 * `api(path, init, id)`: sends the request to the route that would answer it (the item's when
 * `id` is given) with the current token, and reads the JSON answer.
 */
export function apiClient(routes: ApiRoutes, token: () => string) {
  return async (
    path: string,
    init: Parameters<typeof apiRequest>[1] = {},
    id?: string,
  ): Promise<{ status: number; json: Json; headers: Headers }> => {
    const request = apiRequest(path, { token: token(), ...init });
    const read = request.method === "GET";
    let handler: Handler;
    if (routes.dashboard && new URL(request.url).pathname.endsWith("/dashboard")) handler = routes.dashboard.loader;
    else if (id) handler = read ? routes.item.loader : routes.item.action;
    else handler = read ? routes.collection.loader : routes.collection.action;
    const response = await settle(handler(args(request, id ? { id } : {})));
    return { status: response.status, json: (await response.json()) as Json, headers: response.headers };
  };
}

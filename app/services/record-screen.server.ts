import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Ctx } from "~/models/context";
import type { DB } from "~/utils/db.server";
import type { Permission } from "~/utils/permissions";
import { requirePermission, requireRecord } from "./session.server";

// The guard of a record's screens (/things/:id, its edit and delete pages): the route's `$id`
// read once here, so that a loader starts with the record it is about.

type Find<T> = (db: DB, ctx: Ctx, id: string) => Promise<T | null>;

/** `requireRecord` for the record the route's `$id` names: the signed-in user and the record, or a 404 with `notFound`. */
export function requireRouteRecord<T>(args: LoaderFunctionArgs, find: Find<T>, notFound: string) {
  return requireRecord(args, args.params.id, find, notFound);
}

/**
 * A record's delete page loader (the confirmation without JavaScript; with it, a dialog posts to
 * the same route): the record or a 404, the role's right to delete where the area asks for it
 * (`needs`), then what the page shows of the record (`show`). A route calls it from its own
 * `loader` function: a call at the top of a route module would stay in the browser bundle, where
 * this server module is empty.
 *
 *   export function loader(args: LoaderFunctionArgs) {
 *     return loadDeletePage(args, getThing, "Thing not found.", "records.delete", (thing) => ({ … }));
 *   }
 */
export async function loadDeletePage<T, Shown>(
  args: LoaderFunctionArgs,
  find: Find<T>,
  notFound: string,
  needs: Permission | null,
  show: (record: T) => Shown,
) {
  const { record, ctx } = await requireRouteRecord(args, find, notFound);
  if (needs) requirePermission(ctx, needs);
  return json(show(record));
}

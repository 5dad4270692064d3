import { redirect } from "@remix-run/node";
import { inactiveAssignments, type Reassigned } from "~/models/staff.server";
import type * as z from "zod";
import { type ListProblem, type ParamLabels, readListQuery, withParams } from "~/utils/list-query";
import { type GuardArgs, requireSignedIn, type SignedIn } from "./session.server";

/** What a list screen reads its URL with: the API's query schema, its page size and its filters' labels. */
/** A list's query schema: whatever else it reads, the page it asks for. */
export type ListQuerySchema = z.ZodType<{ page?: number }>;

export interface ListScreen<S extends ListQuerySchema> {
  schema: S;
  /** A fixed page size; without one the URL's `limit` chooses (the documents' 10/20/50/100). */
  pageSize?: number;
  /** What the screen calls each URL parameter (the label of its control), for what it cannot use. */
  labels: ParamLabels;
  /** Parameters that are the screen's own, not the API's (`view`): left out of the query. */
  own?: string[];
  /** What the list starts on when the URL does not say (an agent's own tasks: `myWork`). */
  defaults?: (ctx: SignedIn["ctx"]) => Record<string, string>;
}

/** A page of a list, as the models' list functions answer. */
export interface ListResult {
  total: number;
  totalPages: number;
  /** The count stopped at a cap (a broad search): the last page is unknown. */
  capped?: boolean;
}

/**
 * The list screen recipe's loader half: the signed-in guard, the URL read with the list's query
 * schema (what it cannot use becomes `problems`, shown above the list), the page loaded, and a
 * page past the last one (say, after a delete) sent to the last one.
 *
 *   export async function loader(args: LoaderFunctionArgs) {
 *     const { query, problems, result } = await loadListPage(args, CLIENTS, ({ db, ctx }, query) =>
 *       listClients(db, ctx, query));
 *     return json({ clients: result.clients.map(toClientCard), …, problems });
 *   }
 */
export async function loadListPage<S extends ListQuerySchema, R extends ListResult>(
  args: GuardArgs,
  screen: ListScreen<S>,
  load: (signedIn: SignedIn, query: z.output<S>) => Promise<R>,
): Promise<{ signedIn: SignedIn; url: URL; query: z.output<S>; problems: ListProblem[]; result: R }> {
  const signedIn = await requireSignedIn(args);
  const url = new URL(args.request.url);
  const params = new URL(url);
  for (const name of screen.own ?? []) params.searchParams.delete(name);
  for (const [name, value] of Object.entries(screen.defaults?.(signedIn.ctx) ?? {})) {
    if (!params.searchParams.has(name)) params.searchParams.set(name, value);
  }
  const { query, problems } = readListQuery(params, screen.schema, {
    fixed: screen.pageSize ? { limit: String(screen.pageSize) } : {},
    labels: screen.labels,
  });
  const result = await load(signedIn, query);
  const page = query.page ?? 1;
  if (!result.capped && result.total > 0 && page > result.totalPages) {
    throw redirect(`${url.pathname}${withParams(url.search, { page: result.totalPages })}`);
  }
  return { signedIn, url, query, problems, result };
}

/** What the filters hold, by URL parameter, for the page's controls: the query's values as text, "" for any. */
export function filterValues<Q, K extends keyof Q & string>(query: Q, names: readonly K[]) {
  const text = (value: unknown) => (value == null ? "" : String(value));
  return Object.fromEntries(names.map((name) => [name, text(query[name])])) as Record<K, string>;
}

/**
 * A record the list is narrowed to (`clientId`, from the record's page), as its chip shows it:
 * its name, or `unknown` ("Unknown client") when no such record is found; null when not narrowed.
 */
export function narrowedTo(
  id: string | undefined,
  record: { firstName: string; lastName: string } | { name: string } | null,
  unknown: string,
): { id: string; name: string } | null {
  if (!id) return null;
  if (!record) return { id, name: unknown };
  return { id, name: "name" in record ? record.name : `${record.firstName} ${record.lastName}` };
}

/** A sort as the URL writes it: `-updatedAt`, newest first. */
export function sortValue({ field, direction }: { field: string; direction: "asc" | "desc" }): string {
  return `${direction === "desc" ? "-" : ""}${field}`;
}

/** What a work list says over itself: whose work it shows, and work left with departed staff. */
export interface WorkScope {
  /** Narrowed to the signed-in user's own work; `teamHref` shows everyone's. */
  mine: boolean;
  teamHref: string;
  /** Open tasks and active placements assigned to deactivated staff (null: none). */
  inactive: Reassigned | null;
}

export async function workScope(
  { db, ctx }: SignedIn,
  url: URL,
  assignedTo: string | undefined,
  param = "assignedTo",
): Promise<WorkScope> {
  const inactive = await inactiveAssignments(db, ctx);
  const team = new URL(url);
  team.searchParams.set(param, "");
  team.searchParams.delete("page");
  return {
    mine: assignedTo === ctx.userId,
    teamHref: team.pathname + team.search,
    inactive: inactive.tasks + inactive.placements > 0 ? inactive : null,
  };
}

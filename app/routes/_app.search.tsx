import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaErrorBoundary, areaHandle } from "~/components/layout/area";
import { SearchForm, SearchHint, SearchProblem, SearchResults } from "~/components/search/search-results";
import { searchEverything } from "~/models/search.server";
import { SearchTermSchema } from "~/services/page-schemas.server";
import { requireSignedIn } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.groups ? `Search: ${data.q} · Senior Placement` : "Search · Senior Placement" },
];

export const handle = areaHandle("search");

/** `/search?q=…`: clients, facilities, placements, tasks and documents that match, grouped by kind. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const typed = new URL(request.url).searchParams.get("q") ?? "";
  if (typed.trim() === "") return json({ q: "", problem: null, groups: null });
  const term = SearchTermSchema.safeParse(typed);
  if (!term.success) return json({ q: typed, problem: term.error.issues[0].message, groups: null });
  return json({ q: term.data, problem: null, groups: await searchEverything(db, ctx, term.data) });
}

export default function SearchPage() {
  const { q, problem, groups } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <SearchForm q={q} autoFocus={!groups} />
      {problem ? <SearchProblem message={problem} /> : null}
      {groups ? <SearchResults term={q} groups={groups} /> : problem ? null : <SearchHint />}
    </div>
  );
}

export const ErrorBoundary = AreaErrorBoundary;

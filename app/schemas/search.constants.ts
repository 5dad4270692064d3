// The search's texts and the kinds of record it looks through, without zod: the results page
// imports them from here (tests/unit/browser-imports.test.ts). search.ts re-exports them.

export const SEARCH_MIN_LENGTH = 2;
/** The lists' own limit on `search`: a longer term could not be carried to "See all". */
export const SEARCH_MAX_LENGTH = 100;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;
export const SEARCH_TOO_LONG = `A search can be at most ${SEARCH_MAX_LENGTH} characters. Shorten it and try again.`;

/**
 * The kinds of record the search looks through, in the order the results page shows them. Each
 * is searched as its list searches (`/clients?search=…`), so "See all" shows the same matches.
 * A new kind is a line here, its search in app/models/search.server.ts and its
 * result line in app/components/search/search-results.tsx; TypeScript asks for all three.
 */
export const SEARCH_KINDS = {
  clients: { title: "Clients", nouns: ["client", "clients"], listPath: "/clients", searchedBy: "name, email or phone" },
  facilities: {
    title: "Facilities",
    nouns: ["facility", "facilities"],
    listPath: "/facilities",
    searchedBy: "name, city or license number",
  },
  placements: {
    title: "Placements",
    nouns: ["placement", "placements"],
    listPath: "/placements",
    searchedBy: "client or facility name",
  },
  tasks: {
    title: "Tasks",
    nouns: ["task", "tasks"],
    listPath: "/tasks",
    searchedBy: "title, description, client or assignee",
  },
  documents: {
    title: "Documents",
    nouns: ["document", "documents"],
    listPath: "/resources",
    searchedBy: "name, description or tag",
  },
} as const satisfies Record<
  string,
  { title: string; nouns: readonly [string, string]; listPath: string; searchedBy: string }
>;

export type SearchKind = keyof typeof SEARCH_KINDS;

export const SEARCH_KIND_NAMES = Object.keys(SEARCH_KINDS) as SearchKind[];

/** The link to a kind's list, filtered by the same search. */
export function seeAllHref(kind: SearchKind, term: string): string {
  return `${SEARCH_KINDS[kind].listPath}?${new URLSearchParams({ search: term })}`;
}

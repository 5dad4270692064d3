import { ClientListQuerySchema } from "~/schemas/client";
import { FacilityListQuerySchema } from "~/schemas/facility";
import { PlacementListQuerySchema } from "~/schemas/placement";
import { relatedKey } from "~/schemas/resource.constants";
import { TaskListQuerySchema } from "~/schemas/task";
import { SEARCH_KIND_NAMES, type SearchKind } from "~/schemas/search";
import type { DB } from "~/utils/db.server";
import type {
  CareLevel,
  ClientStatus,
  FacilityType,
  PlacementStatus,
  RelatedType,
  ResourceCategory,
  TaskStatus,
} from "~/utils/vocabulary";
import { listClients } from "./clients.server";
import type { Ctx } from "./context";
import { listFacilities } from "./facilities.server";
import { type Count, SEARCH_COUNT_CAP } from "./lists.server";
import { listPlacements } from "./placements.server";
import { firstResourceMatches, relatedNames } from "./resources.server";
import { firstTaskMatches } from "./tasks/list.server";

// The search page: every kind of record searched at once (clients, facilities, placements, tasks
// and documents), each exactly as its list searches it (the same filters, indexes, order, capped
// counts and access rules: restricted documents only for those who may see them), so "See all"
// shows the same matches.

/** What a result line shows of each kind: its name and what tells it apart from others. */
export interface SearchHits {
  clients: {
    id: string;
    name: string;
    status: ClientStatus;
    careLevel: CareLevel;
    email: string;
    phone: string;
  };
  facilities: { id: string; name: string; type: FacilityType; city: string; state: string; isActive: boolean };
  placements: { id: string; client: string; facility: string; status: PlacementStatus; startDate: string };
  tasks: {
    id: string;
    title: string;
    status: TaskStatus;
    dueDate: string;
    isOverdue: boolean;
    client: string | null;
  };
  documents: {
    id: string;
    name: string;
    category: ResourceCategory;
    /** The record it belongs to, named (null when that record is gone). */
    related: { type: RelatedType; id: string; label: string } | null;
  };
}

export interface SearchGroup<K extends SearchKind = SearchKind> {
  kind: K;
  /** Matches in all; a count stopped at SEARCH_COUNT_CAP is `capped` (there are more). */
  total: number;
  capped: boolean;
  /** The first matches, in the list's order. */
  hits: SearchHits[K][];
}

type Search<K extends SearchKind> = (
  db: DB,
  ctx: Ctx,
  term: string,
  limit: number,
) => Promise<Omit<SearchGroup<K>, "kind">>;

/** A list's query (read by its schema from URL parameters) for the first `limit` matches of a search, in its own order. */
const firstMatches = <Q>(schema: { parse(params: unknown): Q }, term: string, limit: number) =>
  schema.parse({ search: term, limit: String(limit) });

/** A list page's count, and its rows as a result line shows them. */
const hitsOf = <R, H>(page: Count, rows: R[], hit: (row: R) => H) => ({
  total: page.total,
  capped: page.capped,
  hits: rows.map(hit),
});

const SEARCHES: { [K in SearchKind]: Search<K> } = {
  clients: async (db, ctx, term, limit) => {
    const query = firstMatches(ClientListQuerySchema, term, limit);
    const page = await listClients(db, ctx, query, { countCap: SEARCH_COUNT_CAP });
    return hitsOf(page, page.clients, (c) => ({
      id: c.id,
      name: `${c.firstName} ${c.lastName}`,
      status: c.trackerStatus,
      careLevel: c.careLevel,
      email: c.email,
      phone: c.phone,
    }));
  },
  facilities: async (db, ctx, term, limit) => {
    const query = firstMatches(FacilityListQuerySchema, term, limit);
    const page = await listFacilities(db, ctx, query, { countCap: SEARCH_COUNT_CAP });
    return hitsOf(page, page.facilities, (f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      city: f.address.city,
      state: f.address.state,
      isActive: f.isActive,
    }));
  },
  placements: async (db, ctx, term, limit) => {
    const page = await listPlacements(db, ctx, firstMatches(PlacementListQuerySchema, term, limit), {
      countCap: SEARCH_COUNT_CAP,
    });
    return hitsOf(page, page.placements, (p) => ({
      id: p.id,
      client: `${p.client.firstName} ${p.client.lastName}`,
      facility: p.facility.name,
      status: p.status,
      startDate: p.startDate,
    }));
  },
  tasks: async (db, ctx, term, limit) => {
    const found = await firstTaskMatches(db, ctx, firstMatches(TaskListQuerySchema, term, limit), SEARCH_COUNT_CAP);
    return hitsOf(found, found.tasks, (t) => ({
      id: t.id,
      title: t.title,
      status: t.status,
      dueDate: t.dueDate,
      isOverdue: t.isOverdue,
      client: t.client ? `${t.client.firstName} ${t.client.lastName}` : null,
    }));
  },
  documents: async (db, ctx, term, limit) => {
    const found = await firstResourceMatches(db, ctx, term, limit, SEARCH_COUNT_CAP);
    const names = await relatedNames(
      db,
      ctx,
      found.resources.map((r) => r.relatedTo),
    );
    return hitsOf(found, found.resources, (r) => {
      const label = names.get(relatedKey(r.relatedTo));
      return {
        id: r.id,
        name: r.originalName,
        category: r.category,
        related: label === undefined ? null : { ...r.relatedTo, label },
      };
    });
  },
};

/**
 * Searches every kind for `term` (already checked by SearchTermSchema) at once, in the caller's
 * agency: one group per kind, in the results page's order, with its count and first `limit`
 * matches.
 */
export async function searchEverything(db: DB, ctx: Ctx, term: string, limit = 5): Promise<SearchGroup[]> {
  return Promise.all(
    SEARCH_KIND_NAMES.map(async <K extends SearchKind>(kind: K) => {
      const search = SEARCHES[kind] as Search<K>;
      return { kind, ...(await search(db, ctx, term, limit)) } as SearchGroup;
    }),
  );
}

import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";

// What the list models (clients, facilities, placements…) share: a page's slice of an ordered
// query, capped counting, the paging figures, and keyset batches for exports.

/** `%term%` for a list's "contains" search (LIKE), lower-cased, with the term's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A lower-cased text column contains the term. For a column that has an index of its words'
 * trigrams (`show_trgm`) as well as a trigram index, a term of exactly three letters or digits is
 * one of those trigrams, which the array index answers exactly, without comparing each match's
 * text again as LIKE must (see the migration task_search_trigrams); other terms use LIKE.
 */
export function containsTerm(column: RawBuilder<string>, term: string, hasWordTrigrams: boolean): RawBuilder<boolean> {
  const trigram = hasWordTrigrams ? wordTrigram(term) : null;
  if (trigram) return sql<boolean>`show_trgm(${column}) @> ARRAY[${trigram}]::text[]`;
  return sql<boolean>`${column} LIKE ${containsPattern(term)}`;
}

/** The term as a word trigram (exactly three letters or digits, lower-cased), or null. */
export function wordTrigram(term: string): string | null {
  const lower = term.toLowerCase();
  return /^[a-z0-9]{3}$/.test(lower) ? lower : null;
}

export interface PageQuery {
  page: number;
  limit: number;
}

export interface Count {
  total: number;
  /** The count stopped at a cap (a search): there are more than `total`. */
  capped: boolean;
}

/** The paging figures every list answers with. */
export interface PageInfo extends Count {
  page: number;
  limit: number;
  totalPages: number;
}

/** The rows of the asked page of an ordered query. */
export function pageSlice<Q extends { limit(n: number): Q; offset(n: number): Q }>(qb: Q, query: PageQuery): Q {
  return qb.limit(query.limit).offset((query.page - 1) * query.limit);
}

/**
 * How many rows a query of ids selects. With `cap`, counting stops past that many (`capped`):
 * counting every match of a short search term can cost more than the page itself.
 */
export async function countMatches(
  db: DB,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ids: SelectQueryBuilder<Database, any, { id: string }>,
  cap?: number,
): Promise<Count> {
  const row = await db
    .selectFrom((cap ? ids.limit(cap + 1) : ids).as("matches"))
    .select(db.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return cap ? { total: Math.min(n, cap), capped: n > cap } : { total: n, capped: false };
}

export function pageInfo(query: PageQuery, count: Count): PageInfo {
  return {
    page: query.page,
    limit: query.limit,
    total: count.total,
    capped: count.capped,
    totalPages: Math.max(1, Math.ceil(count.total / query.limit)),
  };
}

/** Where the last batch ended: its sort key (as text, or the texts of several columns) and id. */
export interface Cursor<K = string> {
  key: K;
  id: string;
}

/**
 * Every row of a list a batch at a time (CSV exports). `read` answers the batch after a cursor
 * (null: the first one), in the list's order: each batch starts after the last row of the one
 * before, so no batch rescans what was read already.
 */
export async function* keysetBatches<K, R extends { id: string; sort_key: K }>(
  read: (after: Cursor<K> | null) => Promise<R[]>,
  batchSize: number,
): AsyncGenerator<R[]> {
  let after: Cursor<K> | null = null;
  for (;;) {
    const rows: R[] = await read(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { key: last.sort_key, id: last.id };
  }
}

/**
 * Every row of `query` newest first (by `table`'s created_at, then its id, both descending), a
 * batch at a time (CSV exports): keysetBatches with the creation time as the sort key (as text: a
 * JS Date would lose its microseconds).
 */
export function newestFirstBatches<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  batchSize: number,
) {
  const createdAt = sql.ref<Date>(`${table}.created_at`);
  const id = sql.ref<string>(`${table}.id`);
  return keysetBatches(
    (after: Cursor | null) =>
      query
        .select(sql<string>`${createdAt}::text`.as("sort_key"))
        .$castTo<O & { sort_key: string }>()
        .$if(after !== null, (qb) =>
          qb.where(sql<boolean>`(${createdAt}, ${id}) < (${after!.key}::timestamptz, ${after!.id}::uuid)`),
        )
        .orderBy(createdAt, "desc")
        .orderBy(id, "desc")
        .limit(batchSize)
        .execute(),
    batchSize,
  );
}

/**
 * A search counts its matches up to this many ("500+ clients"): counting every match of a short
 * search term costs more than the page itself. The lists and the search page use it.
 */
export const SEARCH_COUNT_CAP = 500;

/** How many records a form's picker offers, unsearched and searched (without JavaScript). */
export const PICKER_LIMITS = { unsearched: 100, matches: 50, countCap: 500 };

/** A picker's search: its term, how many match it (`capped`: more than `total`), and how many are offered. */
export interface PickerSearch extends Count {
  term: string;
  shown: number;
}

/**
 * What a form's picker offers (the chosen record always among them): with a search `term` (its
 * search step without JavaScript), the first matches, and `searched` says how many there are;
 * without, the usual first ones.
 */
export async function pickerOptions<O>(
  term: string,
  find: (options: { q: string; limit: number }) => Promise<O[]>,
  count: (term: string, cap: number) => Promise<Count>,
): Promise<{ options: O[]; searched: PickerSearch | null }> {
  const [options, matches] = await Promise.all([
    find({ q: term, limit: term ? PICKER_LIMITS.matches : PICKER_LIMITS.unsearched }),
    term ? count(term, PICKER_LIMITS.countCap) : null,
  ]);
  return {
    options,
    searched: matches ? { term, ...matches, shown: Math.min(matches.total, PICKER_LIMITS.matches) } : null,
  };
}

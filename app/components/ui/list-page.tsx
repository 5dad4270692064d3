import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type ListProblem, pageHref } from "~/utils/list-query";
import { type AreaName, areaOf } from "../layout/area";
import { ButtonLink } from "./button";
import { EmptyState, type EmptyStateProps } from "./empty-state";
import { SearchIcon } from "./icons";
import { countText, IgnoredParams } from "./list-controls";
import { PageHeader } from "./page-header";
import { Pagination, type PaginationProps } from "./pagination";

// A list screen's frame and results (clients, facilities, placements, tasks, documents): each
// page states its buttons, filter bar and rows; these pieces say the rest the same way, with the
// area's title, path and nouns (`area`).

/** What every list screen's data holds beside its rows and filters: the page, the count, and what the address held that the list could not use. */
export interface ListPageData {
  page: number;
  totalPages: number;
  total: number;
  /** The count stopped at a cap (a long search): the last page is unknown. */
  capped?: boolean;
  problems: ListProblem[];
}

/**
 * The page links' own settings: what the records are called (the area's plural unless said),
 * the page size, links only for two pages or more.
 */
export type ListPages = Pick<PaginationProps, "noun" | "limit"> & {
  /** Page links only when there are two pages or more (the tasks, the documents). */
  severalOnly?: boolean;
};

/**
 * When filters leave no rows: "No clients match your filters" (or `title`), the message and a way
 * back to the whole list (the area's path); or, `inEmptyCard`, the empty state's own card with
 * this message and the way back beside its button (the tasks, the documents).
 */
export interface NoMatchesProps {
  title?: string;
  message: string;
  clearLabel: string;
  inEmptyCard?: boolean;
}

/**
 * A list screen: the title row (the area's title, the count, the buttons) over what narrows the
 * list (figures, the filter bar, chips), then what the address held that the list could not use,
 * then the rows and the page links under them or, when there are none, why: the filters match
 * nothing (`noMatches`, with a way back to the whole list), or the list is still empty (`empty`:
 * its icon, title, message and the button that adds the first record).
 */
export function ListPage({
  area,
  description,
  actions,
  controls,
  list,
  shownBeside,
  filtering,
  noMatches,
  empty,
  pages = {},
  children,
}: {
  area: AreaName;
  /** Under the title: "48 clients" (the area's nouns) unless said, null for none. */
  description?: string | null;
  actions: ReactNode;
  /** Under the title row: the figures, the filter bar, the chips. */
  controls: ReactNode;
  /** The page's data as its loader answered it. */
  list: ListPageData;
  /** The parameters whose problems a filter shows beside itself (the price range). */
  shownBeside?: readonly string[];
  filtering: boolean;
  noMatches?: NoMatchesProps;
  empty: EmptyStateProps;
  pages?: ListPages;
  /** The rows. */
  children: ReactNode;
}) {
  const { path, header, nouns } = areaOf(area);
  let results: ReactNode;
  if (list.total > 0) results = <ListRows list={list} pages={{ noun: nouns[1], ...pages }} rows={children} />;
  else if (noMatches?.inEmptyCard)
    results = <EmptyCard {...empty} filtering={filtering} noMatches={noMatches} clearTo={path} />;
  else if (filtering && noMatches) results = <NoMatches {...noMatches} noun={nouns[1]} clearTo={path} />;
  else results = <EmptyState {...empty} />;
  // The count in the area's nouns, unless the page says otherwise (null: nothing under the title).
  const count = description === undefined ? countText(list.total, list.capped ?? false, filtering, nouns) : description;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={header.title} description={count ?? undefined} actions={actions}>
        {controls}
      </PageHeader>
      <IgnoredParams problems={list.problems} clearTo={path} shownBeside={shownBeside} />
      {results}
    </div>
  );
}

/** The rows, then the page links; a capped count (a long search) shows neither the total nor the range. */
function ListRows({
  list: { page, totalPages, total, capped },
  pages: { severalOnly, limit, noun },
  rows,
}: {
  list: ListPageData;
  pages: ListPages;
  rows: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <>
      {rows}
      {severalOnly && totalPages <= 1 ? null : (
        <Pagination
          page={page}
          totalPages={totalPages}
          total={capped ? undefined : total}
          limit={capped ? undefined : limit}
          noun={noun}
          hrefFor={pageHref(search)}
        />
      )}
    </>
  );
}

function NoMatches({ title, noun, message, clearTo, clearLabel }: NoMatchesProps & { noun: string; clearTo: string }) {
  return (
    <EmptyState
      icon={<SearchIcon className="h-6 w-6" />}
      title={title ?? `No ${noun} match your filters`}
      message={message}
      action={
        <ButtonLink to={clearTo} variant="outline">
          {clearLabel}
        </ButtonLink>
      }
    />
  );
}

/** The empty state that says the same either way, but for its message; filtering, the way back stands beside its button. */
function EmptyCard({
  filtering,
  noMatches,
  clearTo,
  ...empty
}: EmptyStateProps & { filtering: boolean; noMatches: NoMatchesProps; clearTo: string }) {
  return (
    <EmptyState
      {...empty}
      message={filtering ? noMatches.message : empty.message}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {filtering ? (
            <ButtonLink to={clearTo} variant="outline">
              {noMatches.clearLabel}
            </ButtonLink>
          ) : null}
          {empty.action}
        </div>
      }
    />
  );
}

/** Cards of a list, three across on wide screens. */
export function CardGrid<T extends { id: string }>({
  label,
  items,
  children,
}: {
  label: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="card-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type ListProblem, pageHref } from "~/utils/list-query";
import { ButtonLink } from "./button";
import { EmptyState } from "./empty-state";
import { SearchIcon } from "./icons";
import { IgnoredParams } from "./list-controls";
import { PageHeader } from "./page-header";
import { Pagination, type PaginationProps } from "./pagination";

// A list screen's frame and results (clients, facilities, placements, tasks, documents): each
// page states its title, buttons, filter bar and rows; these pieces say the rest the same way.

/**
 * A list screen: the title row (the count, the buttons) over what narrows the list (figures,
 * the filter bar, chips), then what the address held that the list could not use, then the
 * results (`ListResults`).
 */
export function ListPage({
  title,
  description,
  actions,
  controls,
  problems,
  clearTo,
  shownBeside,
  children,
}: {
  title: string;
  description?: string;
  actions: ReactNode;
  /** Under the title row: the figures, the filter bar, the chips. */
  controls: ReactNode;
  problems: readonly ListProblem[];
  /** The whole list, unfiltered ("/clients"). */
  clearTo: string;
  /** The parameters whose problems a filter shows beside itself (the price range). */
  shownBeside?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={title} description={description} actions={actions}>
        {controls}
      </PageHeader>
      <IgnoredParams problems={problems} clearTo={clearTo} shownBeside={shownBeside} />
      {children}
    </div>
  );
}

/** The page links under a list's rows; `total` undefined when the count is capped (a long search). */
export type ListPages = Omit<PaginationProps, "hrefFor" | "total"> & {
  total: number | undefined;
  /** Page links only when there are two pages or more (the tasks, the documents). */
  severalOnly?: boolean;
};

/** A list's empty state when filters leave nothing: a way back to the whole list. */
export interface NoMatchesProps {
  noun: string;
  message: string;
  clearTo: string;
  clearLabel: string;
}

/**
 * A list screen's body: its rows and the page links under them or, when there are none, why:
 * the filters match nothing (`noMatches`, with a way back to the whole list), or the list is
 * still empty (`empty`, which says both itself when there is no `noMatches`).
 */
export function ListResults({
  count,
  filtering,
  noMatches,
  empty,
  pages: { severalOnly, ...pages },
  children,
}: {
  /** Rows on this page. */
  count: number;
  filtering: boolean;
  noMatches?: NoMatchesProps;
  empty: ReactNode;
  pages: ListPages;
  children: ReactNode;
}) {
  const { search } = useLocation();
  if (count === 0) return filtering && noMatches ? <NoMatches {...noMatches} /> : empty;
  return (
    <>
      {children}
      {severalOnly && pages.totalPages <= 1 ? null : <Pagination {...pages} hrefFor={pageHref(search)} />}
    </>
  );
}

export function NoMatches({ noun, message, clearTo, clearLabel }: NoMatchesProps) {
  return (
    <EmptyState
      icon={<SearchIcon className="h-6 w-6" />}
      title={`No ${noun} match your filters`}
      message={message}
      action={
        <ButtonLink to={clearTo} variant="outline">
          {clearLabel}
        </ButtonLink>
      }
    />
  );
}

/**
 * The one empty state of a list that says the same either way (the tasks, the documents): its
 * message tells an empty list from filters that match nothing, and then a way back to the whole
 * list stands beside the button that adds a record.
 */
export function EmptyList({
  icon,
  title,
  filtering,
  message,
  clear,
  add,
}: {
  icon: ReactNode;
  title: string;
  filtering: boolean;
  message: { empty: string; filtered: string };
  clear: { to: string; label: string };
  add: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      message={filtering ? message.filtered : message.empty}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {filtering ? (
            <ButtonLink to={clear.to} variant="outline">
              {clear.label}
            </ButtonLink>
          ) : null}
          {add}
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

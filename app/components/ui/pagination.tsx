import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * The pages to show: always the first and the last, `siblings` on each side of the current one,
 * and an ellipsis for each gap of two or more (a gap of one shows the page itself).
 * pageItems(6, 12) -> [1, "ellipsis-start", 5, 6, 7, "ellipsis-end", 12]
 */
export function pageItems(page: number, totalPages: number, siblings = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  // first + last + current + siblings + two ellipses
  if (totalPages <= 5 + siblings * 2) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = Math.max(2, current - siblings);
  let end = Math.min(totalPages - 1, current + siblings);
  // Keep the row the same length near the ends.
  if (current - siblings <= 3) {
    start = 2;
    end = 3 + siblings * 2;
  }
  if (current + siblings >= totalPages - 2) {
    start = totalPages - 2 - siblings * 2;
    end = totalPages - 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push("ellipsis-start");
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push("ellipsis-end");
  items.push(totalPages);
  return items;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of a page, keeping the list's other query parameters: (p) => `?search=…&page=${p}`. */
  hrefFor: (page: number) => string;
  /** Total number of records, for "Page 2 of 5 · 48 results". */
  total?: number;
  /** What the records are called in the summary ("clients"); default "results". */
  noun?: string;
  /** With the page size, the summary reads "Showing 21 to 40 of 95 results" (the tasks list). */
  limit?: number;
  siblings?: number;
  "aria-label"?: string;
  preventScrollReset?: boolean;
  className?: string;
}

/** Page links (they work without JavaScript): previous, numbers with ellipses, next, and "Page X of Y". */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  total,
  noun = "results",
  limit,
  siblings = 1,
  "aria-label": ariaLabel = "Pagination",
  preventScrollReset,
  className,
}: PaginationProps) {
  if (totalPages < 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const linkTo = (target: number) => ({ to: hrefFor(target), preventScrollReset });
  // The classes are in tailwind.css (.pages): a list page repeats them on ten links.
  return (
    <nav aria-label={ariaLabel} className={cn("pages", className)}>
      <PageSummary current={current} totalPages={totalPages} total={total} noun={noun} limit={limit} />
      <ul>
        <li>
          <PageEdge link={current > 1 ? { ...linkTo(current - 1), rel: "prev" } : null}>
            <ChevronLeftIcon className="h-4 w-4" />
            <span>Previous</span>
          </PageEdge>
        </li>
        {pageItems(current, totalPages, siblings).map((item) =>
          typeof item === "number" ? (
            <li key={item} className="page-number">
              {item === current ? (
                <span aria-current="page" className="page">
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <Link {...linkTo(item)} className="page">
                  <span className="sr-only">Page </span>
                  {item}
                </Link>
              )}
            </li>
          ) : (
            <li key={item} className="page-number" aria-hidden="true">
              <span className="page page-gap">…</span>
            </li>
          ),
        )}
        <li>
          <PageEdge link={current < totalPages ? { ...linkTo(current + 1), rel: "next" } : null}>
            <span>Next</span>
            <ChevronRightIcon className="h-4 w-4" />
          </PageEdge>
        </li>
      </ul>
    </nav>
  );
}

/** "Page 2 of 5 · 48 clients", or with the page size "Showing 21 to 40 of 95 results". */
function PageSummary({
  current,
  totalPages,
  total,
  noun,
  limit,
}: {
  current: number;
  totalPages: number;
  total: number | undefined;
  noun: string;
  limit: number | undefined;
}) {
  if (limit !== undefined && total !== undefined) {
    return (
      <p aria-live="polite">
        Showing <b>{((current - 1) * limit + 1).toLocaleString("en-US")}</b> to{" "}
        <b>{Math.min(current * limit, total).toLocaleString("en-US")}</b> of <b>{total.toLocaleString("en-US")}</b>{" "}
        {noun}
      </p>
    );
  }
  return (
    <p aria-live="polite">
      Page <b>{current}</b> of <b>{totalPages}</b>
      {total !== undefined ? ` · ${total.toLocaleString("en-US")} ${noun}` : null}
    </p>
  );
}

/** Previous or Next: a link, or on the first or last page the same words, disabled. */
function PageEdge({
  link,
  children,
}: {
  link: { to: string; rel: string; preventScrollReset?: boolean } | null;
  children: ReactNode;
}) {
  return link ? (
    <Link {...link} className="page page-edge">
      {children}
    </Link>
  ) : (
    <span aria-disabled="true" className="page page-edge">
      {children}
    </span>
  );
}

import { type SerializeFrom } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import type { AnchorHTMLAttributes, HTMLAttributes, MouseEvent, ReactNode } from "react";
import { cn } from "~/utils/cn";
import { Card } from "./card";
import { isPlainClick } from "~/utils/events";

// A list's rows that the browser does not hydrate (docs/architecture.md, "Rows the browser does
// not hydrate"). The server renders them into the page as ever, but leaves them out of the page's
// hydration data: the route names their key in `handle.serverRows`, and entry.server.tsx writes
// null in its place. On that first load the browser keeps the server's markup as it is (React
// neither builds nor compares twenty rows, and the page carries them once instead of twice); the
// first navigation or revalidation brings the rows, and from then on React renders them.

/** A route's handle naming the loader key whose rows are not hydrated. */
export interface ServerRowsHandle {
  serverRows: string;
}

/** The key `handle` names, if it names one. */
export function serverRowsKey(handle: unknown): string | null {
  const key = (handle as Partial<ServerRowsHandle> | undefined)?.serverRows;
  return typeof key === "string" ? key : null;
}

/**
 * The route's loader data as the browser has it: `key` is null on the page's first load (the
 * server's markup stands for the rows), the rows afterwards.
 */
export function useServerRowsData<Loader, Key extends keyof SerializeFrom<Loader>>(
  // The key is the handle's; naming it here lets TypeScript make it nullable.
  _key: Key,
) {
  return useLoaderData<Loader>() as Omit<SerializeFrom<Loader>, Key> & {
    [K in Key]: SerializeFrom<Loader>[K] | null;
  };
}

interface ServerRowsProps<T> extends Omit<HTMLAttributes<HTMLElement>, "children"> {
  as: "tbody" | "ul";
  rows: readonly T[] | null;
  children: (rows: readonly T[]) => ReactNode;
}

/**
 * The element holding the rows. While `rows` is null it keeps what the server rendered inside it.
 * Its plain links navigate in the app as a `<Link>` would, in either case (one listener for all
 * of them; a link that has its own behaviour says so with `data-action` and is left to it).
 */
export function ServerRows<T>({ as: Tag, rows, children, ...props }: ServerRowsProps<T>) {
  const navigate = useNavigate();
  // Plain links in the rows open in the app whether the server's rows stand or React's.
  function onClick(event: MouseEvent<HTMLElement>) {
    props.onClick?.(event);
    if (!isPlainClick(event)) return;
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[href]");
    if (!link || link.hasAttribute("download") || link.dataset.action || link.target) return;
    const href = link.getAttribute("href") ?? "";
    if (!href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  }
  if (rows !== null) {
    return (
      <Tag key="rows" {...props} onClick={onClick}>
        {children(rows)}
      </Tag>
    );
  }
  // React leaves an element's content alone when it hydrates one set by dangerouslySetInnerHTML,
  // and sets it again only when the HTML given changes (it never does here).
  return (
    <Tag key="server" {...props} onClick={onClick} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  );
}

// The table form of a list (tasks, placements, documents); here rather than in a module of its
// own, which the build would make one more script for those pages to fetch.

/**
 * A list's table: its column headers, then its rows, which the browser does not hydrate on the
 * page's first load (ServerRows). On a phone the rows stack into cards (the `stacked-table` rules in
 * tailwind.css: cells stack, each under its column's name, a cell's `data-label`), so nothing
 * needs scrolling sideways. The table's own class (`task-table`) gives its cells their looks:
 * a page repeats each cell ten or twenty times, so they carry no classes of their own.
 */
export function StackedTable<T>({
  className,
  columns,
  actions,
  rows,
  children,
}: {
  className: string;
  columns: readonly string[];
  /** The last column, the rows' links: its header "Actions" shown, or only said to screen readers. */
  actions: "shown" | "said";
  rows: readonly T[] | null;
  children: (rows: readonly T[]) => ReactNode;
}) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table
        role="table"
        className={cn("stacked-table cells-roomy w-full text-left text-sm md:min-w-[56rem]", className)}
      >
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader">
                {column}
              </th>
            ))}
            <th role="columnheader">{actions === "shown" ? "Actions" : <span className="sr-only">Actions</span>}</th>
          </tr>
        </thead>
        <ServerRows as="tbody" rows={rows} className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50/60">
          {children}
        </ServerRows>
      </table>
    </Card>
  );
}

/**
 * One of a row's links ("View", "Delete"…), named after its row for screen readers: "Delete
 * care-plan.pdf". A plain link, which the list's listener handles (ServerRows, `data-action`).
 */
export function RowLink({ row, children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { row: string }) {
  return (
    <a {...props}>
      {children}
      <span className="sr-only">{` ${row}`}</span>
    </a>
  );
}

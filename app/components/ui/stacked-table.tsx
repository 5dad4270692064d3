import { Link, type LinkProps } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { cn } from "~/utils/cn";
import { isPlainClick } from "~/utils/events";
import { Card } from "./card";

/**
 * A list's table: its column headers, then its rows. On a phone the rows stack into cards (the
 * `stacked-table` rules in tailwind.css: cells stack, each under its column's name, a cell's
 * `data-label`), so nothing needs scrolling sideways. The table's own class (`task-table`) gives
 * its cells their looks: a page repeats each cell ten or twenty times, so they carry no classes
 * of their own.
 */
export function StackedTable({
  className,
  columns,
  actions,
  children,
}: {
  className: string;
  columns: readonly string[];
  /** The last column, the rows' links: its header "Actions" shown, or only said to screen readers. */
  actions: "shown" | "said";
  /** The rows (`<tr>`). */
  children: ReactNode;
}) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table className={cn("stacked-table cells-roomy w-full text-left text-sm md:min-w-[56rem]", className)}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
            <th>{actions === "shown" ? "Actions" : <span className="sr-only">Actions</span>}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50/60">{children}</tbody>
      </table>
    </Card>
  );
}

/**
 * One of a row's links ("View", "Delete"…), named after its row for screen readers: "Delete
 * care-plan.pdf". `onPlainClick` takes a plain click in place of the link (a dialog opens); a
 * modified click (a new tab) and a click before the scripts run follow the link. Rows repeat
 * their links, so they leave out `data-discover` (read only by lazy route discovery, not on here).
 */
export function RowLink({
  row,
  children,
  onPlainClick,
  ...props
}: LinkProps & { row: string; onPlainClick?: () => void }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    props.onClick?.(event);
    if (!onPlainClick || !isPlainClick(event)) return;
    event.preventDefault();
    onPlainClick();
  }
  return (
    <Link discover="none" {...props} onClick={onClick}>
      {children}
      <span className="sr-only">{` ${row}`}</span>
    </Link>
  );
}

import type { ReactNode } from "react";

/**
 * A card's records, one a row (each `children(item)` is a keyed `<li>`), or the line that says
 * there are none yet (`empty`).
 */
export function CardList<T>({
  items,
  label,
  empty,
  children,
}: {
  items: readonly T[];
  /** The list's accessible name ("Tours of this client"). */
  label?: string;
  empty: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <p className="p-5 text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {items.map(children)}
    </ul>
  );
}

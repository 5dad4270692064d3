import type { ReactNode } from "react";
import { Badge } from "./badge";

// Read-only fields of a detail page: a label over its value, and a value that is a list.

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children || <span className="text-slate-400">Not given</span>}</dd>
    </div>
  );
}

export function Chips({ values, empty }: { values: string[]; empty: string }) {
  if (values.length === 0) return <p className="text-sm text-slate-400">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li key={value}>
          <Badge>{value}</Badge>
        </li>
      ))}
    </ul>
  );
}

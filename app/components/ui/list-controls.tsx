import { Link, useLocation } from "@remix-run/react";
import { useCan } from "../layout/use-can";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { type ListProblem, withParams } from "~/utils/list-query";
import { Alert } from "./alert";
import { ButtonLink, buttonClasses } from "./button";
import { Input, Label, SearchInput, Select, type SelectChoices, SelectOptions } from "./field";
import { ArrowDownIcon, ArrowUpIcon, DownloadIcon, PlusIcon, XIcon } from "./icons";

// The controls of a list's FilterForm (clients, facilities, placements…): their names are the
// list's URL parameters, so a GET submit is the whole state.

/** A filter bar's control under its label (the label names it for screen readers too). */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The search box (`search`), always in sight above the folded filters. */
export function SearchFilter({ id, value, placeholder }: { id: string; value: string; placeholder: string }) {
  return (
    <FilterField id={id} label="Search" className="min-w-0 flex-1 md:min-w-56">
      <SearchInput id={id} name="search" defaultValue={value} placeholder={placeholder} />
    </FilterField>
  );
}

/** A select of a filter bar: its URL parameter (`name`), its label, the "any" choice and the others. */
export interface SelectSpec {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  /** Each a [value, label] pair, or a value that is its own label. */
  options: SelectChoices;
  className?: string;
}

export function SelectFilter({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
  className = "w-full sm:w-44",
}: SelectSpec & { value: string }) {
  return (
    <FilterField id={id} label={label} className={className}>
      <Select id={id} name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        <SelectOptions options={options} />
      </Select>
    </FilterField>
  );
}

/**
 * What a list screen calls each URL parameter, for what it cannot use (`loadListPage`'s
 * `labels`): the search box, its selects' labels, the others it names (`more`), and the page.
 */
export function filterLabels(selects: readonly SelectSpec[], more: Record<string, string> = {}) {
  return { search: "Search", ...Object.fromEntries(selects.map((s) => [s.name, s.label])), ...more, page: "Page" };
}

/** A filter bar's selects, from a table of them, each showing what `values` says it holds. */
export function SelectFilters({ selects, values }: { selects: readonly SelectSpec[]; values: Record<string, string> }) {
  return selects.map((select) => <SelectFilter key={select.name} {...select} value={values[select.name] ?? ""} />);
}

/** A whole-dollar amount, empty for any; `errorId` names what is wrong with it, when something is. */
function PriceFilter({
  id,
  name,
  label,
  value,
  errorId,
}: Omit<SelectSpec, "anyLabel" | "options"> & { value: string; errorId?: string }) {
  return (
    <FilterField id={id} label={label} className="w-[calc(50%-0.375rem)] sm:w-32">
      <Input
        id={id}
        name={name}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={value}
        placeholder="$ any"
        invalid={Boolean(errorId)}
        aria-describedby={errorId}
      />
    </FilterField>
  );
}

/** A day (`from`, `to`: YYYY-MM-DD), empty for any: the browser's date picker, or typed as a date. */
export function DateFilter({ id, name, label, value }: Omit<SelectSpec, "anyLabel" | "options"> & { value: string }) {
  return (
    <FilterField id={id} label={label} className="w-[calc(50%-0.375rem)] sm:w-40">
      <Input id={id} name={name} type="date" defaultValue={value} />
    </FilterField>
  );
}

/** How a sort field reads: names A to Z, dates newest first, amounts lowest or highest first. */
export interface SortField {
  label: string;
  kind: "text" | "date" | "number";
  /** The order it starts in when chosen (names A to Z, dates newest first, numbers highest first). */
  first?: "asc" | "desc";
}

const ORDER_WORDS = {
  text: { asc: "A to Z", desc: "Z to A" },
  date: { asc: "Oldest first", desc: "Newest first" },
  number: { asc: "Lowest first", desc: "Highest first" },
} as const;

const FIRST_ORDER = { text: "asc", date: "desc", number: "desc" } as const;

const signOf = (direction: "asc" | "desc") => (direction === "desc" ? "-" : "");

/**
 * "Min price" and "Max price" (`minPrice`, `maxPrice`), keeping what was typed, with what is
 * wrong with them on a line of its own right under them (the list's `problems` for either).
 */
export function PriceRangeFilter({
  id,
  min,
  max,
  problems,
}: {
  id: string;
  min: string;
  max: string;
  problems: readonly ListProblem[];
}) {
  const wrong = problems.filter((p) => p.param === "minPrice" || p.param === "maxPrice");
  const errorId = wrong.length > 0 ? `${id}-error` : undefined;
  return (
    <>
      <PriceFilter id={`${id}-min`} name="minPrice" label="Min price" value={min} errorId={errorId} />
      <PriceFilter id={`${id}-max`} name="maxPrice" label="Max price" value={max} errorId={errorId} />
      {errorId ? (
        <p id={errorId} className="basis-full text-sm text-red-600" role="alert">
          {wrong.map((p) => p.message).join(" ")}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Sort by" and the direction toggle. Choosing another field starts it in its natural order
 * (names A to Z, dates newest first); the current field keeps its direction. The toggle is a
 * link that flips it, and says which way the list is sorted ("A to Z", "Newest first").
 */
export function SortControl({ id, fields, value }: { id: string; fields: Record<string, SortField>; value: string }) {
  const { search } = useLocation();
  const direction = value.startsWith("-") ? "desc" : "asc";
  const field = value.replace(/^-/, "");
  const current = fields[field];
  const words = ORDER_WORDS[current?.kind ?? "text"];
  const other = direction === "desc" ? "asc" : "desc";
  return (
    <>
      <FilterField id={id} label="Sort by" className="w-full sm:w-44">
        <Select id={id} name="sort" defaultValue={value}>
          {Object.entries(fields).map(([value, option]) => {
            const order = value === field ? direction : (option.first ?? FIRST_ORDER[option.kind]);
            return (
              <option key={value} value={`${signOf(order)}${value}`}>
                {option.label}
              </option>
            );
          })}
        </Select>
      </FilterField>
      <Link
        to={withParams(search, { sort: `${signOf(other)}${field}`, page: undefined })}
        className={buttonClasses("outline")}
        aria-label={`${words[direction]}, change to ${words[other]}`}
        title={`Change to ${words[other]}`}
        data-testid="sort-direction"
        preventScrollReset
        replace
      >
        {direction === "desc" ? <ArrowDownIcon className="h-4 w-4" /> : <ArrowUpIcon className="h-4 w-4" />}
        {words[direction]}
      </Link>
    </>
  );
}

/**
 * Says, in the user's terms, what a list could not use from its address (and dropped), but for
 * the problems a filter shows beside itself (`shownBeside`: their parameters).
 */
export function IgnoredParams({
  problems,
  clearTo,
  shownBeside = [],
}: {
  problems: readonly ListProblem[];
  clearTo: string;
  shownBeside?: readonly string[];
}) {
  const listed = problems.filter((p) => !shownBeside.includes(p.param));
  if (listed.length === 0) return null;
  return (
    <Alert
      tone="warning"
      title="Some filters in the address were not understood and were left out"
      action={
        <Link to={clearTo} className="text-sm font-medium underline">
          Clear filters
        </Link>
      }
    >
      <ul className="space-y-0.5">
        {listed.map((p) => (
          <li key={p.param}>{p.message}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** "48 clients", "500+ clients match your filters: refine the search to narrow them down". */
export function countText(total: number, capped: boolean, filtering: boolean, noun: [string, string]): string {
  const word = total === 1 && !capped ? noun[0] : noun[1];
  const matches = filtering ? (total === 1 && !capped ? " matches your filters" : " match your filters") : "";
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""} ${word}${matches}${capped ? ": refine the search to narrow them down" : ""}`;
}

/** The button that starts a new record ("Add Client", "New Placement"). */
export function NewButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to}>
      <PlusIcon className="h-4 w-4" /> {children}
    </ButtonLink>
  );
}

/** Downloads the list as CSV with the current filters (every page); not shown to a role that may not export. */
export function ExportLink({ to, label = "Export" }: { to: string; label?: string }) {
  const { search } = useLocation();
  if (!useCan("lists.export")) return null;
  return (
    <a
      href={`${to}${withParams(search, { page: undefined, limit: undefined })}`}
      className={buttonClasses("outline")}
      download
    >
      <DownloadIcon className="h-4 w-4" /> {label}
    </a>
  );
}

/**
 * The ways to show one list (List or Grid; the board's three views): links that keep every filter
 * and set the URL's `view`, left out for the first. `replace` keeps the switch out of the history.
 */
export function ViewLinks<View extends string>({
  views,
  view,
  replace,
}: {
  /** Each view's value and name, and optionally the shorter name a phone shows (the full one stays its accessible name). */
  views: readonly (readonly [View, string, string?])[];
  view: View;
  replace?: boolean;
}) {
  const { search } = useLocation();
  return (
    <nav aria-label="View" className="inline-flex max-w-full flex-wrap rounded-lg bg-slate-100 p-1">
      {views.map(([value, label, short], index) => (
        <Link
          key={value}
          to={withParams(search, { view: index === 0 ? undefined : value })}
          aria-current={view === value ? "true" : undefined}
          preventScrollReset
          replace={replace}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
            view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
          )}
        >
          {short ? <ShortLabel short={short} label={label} /> : label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A name shortened on a phone (`short`, shown below the `sm` width) that keeps its full `label`
 * as the accessible name at every width (the short one is part of it: what is seen is what is said).
 */
export function ShortLabel({ short, label }: { short: string; label: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span className="max-sm:sr-only">{label}</span>
    </>
  );
}

/** A filter set from elsewhere (a facility's or a client's page): its kind, shown name and parameter. */
export interface FilterChipSpec {
  kind: "Facility" | "Client" | "Record";
  name: string;
  param: string;
}

/** The filters set from elsewhere, as chips whose links remove them (and go back to page 1). */
export function FilterChips({ search, chips }: { search: string; chips: (FilterChipSpec | null | undefined)[] }) {
  const shown = chips.filter((chip): chip is FilterChipSpec => Boolean(chip));
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {shown.map(({ kind, name, param }) => (
        <Link
          key={param}
          to={withParams(search, { [param]: undefined, page: undefined })}
          className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
          aria-label={`Remove the filter: ${kind.toLowerCase()} ${name}`}
        >
          {kind}: {name} <XIcon className="h-3.5 w-3.5" />
        </Link>
      ))}
    </div>
  );
}

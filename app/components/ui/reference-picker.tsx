import { useFetcher } from "@remix-run/react";
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "./button";
import { FieldError, FieldHint, Input, Label, Select } from "./field";

export interface Option {
  id: string;
  label: string;
  hint: string;
}

/** The search step of a picker without JavaScript (see `ReferencePicker`). */
export interface PickerSearchBox {
  /** The search box's name, what it searches ("clients": its label reads "Search clients"), its placeholder. */
  name: string;
  noun: string;
  placeholder: string;
  /** The term the options were searched with ("" when they were not). */
  term: string;
  /** A hidden field holding `term`: Enter in the box searches only when the box holds another. */
  shownName: string;
}

/**
 * Choosing one record among thousands (a client, a facility). Without JavaScript: a plain select
 * of the options the server sent (the chosen one and the most likely others, or the matches of
 * a search), and a `search` box whose Search button posts the whole form for the server to send
 * the matches (`intent=search`); `hint` says what the select holds. With JavaScript: type to
 * search, the matches coming from `searchUrl` (`?q=`), chosen with the mouse or the arrow keys
 * and Enter; the choice is posted as `name`, the record's id.
 */
export function ReferencePicker({
  name,
  label,
  required,
  options,
  value,
  searchUrl,
  placeholder,
  error,
  errorId,
  hint,
  search,
  emptyLabel = "Choose…",
}: {
  name: string;
  label: string;
  required?: boolean;
  options: Option[];
  value: string;
  searchUrl: string;
  placeholder: string;
  error?: string;
  errorId?: string;
  hint?: string;
  search?: PickerSearchBox;
  /** The select's first option, for no choice ("All facilities" in a filter). */
  emptyLabel?: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  if (!hydrated) {
    const hintId = `${id}-hint`;
    return (
      <div>
        <Label htmlFor={id} required={required}>
          {label}
        </Label>
        <Select
          id={id}
          name={name}
          defaultValue={value}
          invalid={Boolean(error)}
          aria-describedby={error ? errorId : hint ? hintId : undefined}
        >
          <option value="">{emptyLabel}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label} — {o.hint}
            </option>
          ))}
        </Select>
        <FieldError id={errorId} errors={error} />
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
        {search ? <SearchBox id={`${id}-search`} {...search} /> : null}
      </div>
    );
  }
  return (
    <Combobox
      id={id}
      name={name}
      label={label}
      required={required}
      initial={options.find((o) => o.id === value) ?? null}
      searchUrl={searchUrl}
      placeholder={placeholder}
      error={error}
      errorId={errorId}
    />
  );
}

/** The search box and its Search button, which posts the form (`intent=search`). */
function SearchBox({ id, name, noun, placeholder, term, shownName }: PickerSearchBox & { id: string }) {
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3">
      <Label htmlFor={id}>Search {noun}</Label>
      {/* The button wraps under the box where both do not fit (phones). */}
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          name={name}
          type="search"
          defaultValue={term}
          placeholder={placeholder}
          className="min-w-48 flex-1"
        />
        <Button type="submit" name="intent" value="search" variant="outline" className="shrink-0">
          Search<span className="sr-only"> {noun}</span>
        </Button>
      </div>
      <input type="hidden" name={shownName} value={term} />
    </div>
  );
}

function Combobox({
  id,
  name,
  label,
  required,
  initial,
  searchUrl,
  placeholder,
  error,
  errorId,
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  initial: Option | null;
  searchUrl: string;
  placeholder: string;
  error?: string;
  errorId?: string;
}) {
  const { chosen, text, open, active, setActive, results, status, hiddenRef, choose, handlers } = useCombobox(
    initial,
    searchUrl,
  );
  const listId = `${id}-list`;

  return (
    <div className="relative">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input ref={hiddenRef} type="hidden" name={name} value={chosen?.id ?? ""} />
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && results[active] ? `${listId}-${active}` : undefined}
        aria-describedby={errorId}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        invalid={Boolean(error)}
        {...handlers}
      />
      {chosen ? <p className="mt-1 text-xs text-slate-500">{chosen.hint}</p> : null}
      {open ? (
        <OptionList
          id={listId}
          label={label}
          results={results}
          active={active}
          status={status}
          onChoose={choose}
          onHover={setActive}
        />
      ) : null}
      <FieldError id={errorId} errors={error} />
    </div>
  );
}

/**
 * The combobox's state: the option `chosen` (posted through `hiddenRef`), the `text` typed, the
 * list `open` and its `active` option; the text box's `handlers` search as it is typed in, and
 * the arrow keys, Enter and Escape move through the list, choose and close it.
 */
function useCombobox(initial: Option | null, searchUrl: string) {
  const { search, results, searched, loading } = useOptionSearch(searchUrl);
  const [chosen, setChosen] = useState<Option | null>(initial);
  const [text, setText] = useState(initial?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const hiddenRef = useRef<HTMLInputElement>(null);

  // Conform reads the form on input events: tell it the hidden value changed.
  const changed = () => queueMicrotask(() => hiddenRef.current?.dispatchEvent(new Event("input", { bubbles: true })));

  function choose(option: Option) {
    setChosen(option);
    setText(option.label);
    setOpen(false);
    changed();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        search(text);
      }
      setActive((i) => Math.min(i + 1, Math.max(0, results.length - 1)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  const handlers = {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.currentTarget.value);
      setChosen(null);
      if (chosen) changed();
      setOpen(true);
      setActive(0);
      search(event.currentTarget.value);
    },
    onFocus: () => {
      setOpen(true);
      if (!searched) search(chosen ? "" : text);
    },
    onBlur: () => setTimeout(() => setOpen(false), 150),
    onKeyDown,
  };
  const status = loading && results.length === 0 ? "Searching…" : searched ? "No matches" : "Type to search";
  return { chosen, text, open, active, setActive, results, status, hiddenRef, choose, handlers };
}

/** The options matching a term, searched at `searchUrl` (`q=`) a moment after the last keystroke. */
function useOptionSearch(searchUrl: string) {
  const fetcher = useFetcher<{ options: Option[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const separator = searchUrl.includes("?") ? "&" : "?";
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(q: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetcher.load(`${searchUrl}${separator}q=${encodeURIComponent(q)}`), 250);
  }

  return {
    search,
    results: fetcher.data?.options ?? [],
    searched: Boolean(fetcher.data),
    loading: fetcher.state === "loading",
  };
}

/** The combobox's list: the matches (the `active` one marked), or `status` when there are none. */
function OptionList({
  id,
  label,
  results,
  active,
  status,
  onChoose,
  onHover,
}: {
  id: string;
  label: string;
  results: Option[];
  active: number;
  status: string;
  onChoose: (option: Option) => void;
  onHover: (index: number) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {results.length === 0 ? (
        <li className="px-3 py-2 text-sm text-slate-500">{status}</li>
      ) : (
        results.map((option, i) => (
          <li
            key={option.id}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn(
              "cursor-pointer px-3 py-2 text-sm",
              i === active ? "bg-brand-50 text-brand-900" : "text-slate-700",
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              onChoose(option);
            }}
            onMouseEnter={() => onHover(i)}
          >
            <span className="font-medium">{option.label}</span>
            <span className="block text-xs text-slate-500">{option.hint}</span>
          </li>
        ))
      )}
    </ul>
  );
}

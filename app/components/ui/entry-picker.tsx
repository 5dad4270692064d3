import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "./button";
import { FieldError, FieldHint, Input } from "./field";
import { PlusIcon } from "./icons";

/**
 * A list of entries chosen from presets or added by hand (medical conditions, amenities…), posted
 * as repeated `name` fields. The presets and the entries already chosen are checkboxes. The
 * "other" box also posts as `name`, comma-separated, so without JavaScript typing there is how
 * entries are added; with JavaScript, Add (or Enter) turns what was typed into a ticked entry,
 * refusing an empty one or one already in the list.
 */
export function EntryPicker({
  name,
  legend,
  presets,
  selected,
  otherLabel,
  placeholder,
  error,
  columns = 2,
}: {
  name: string;
  legend: string;
  presets: readonly string[];
  /** The entries chosen now (presets among them are ticked, the others listed as extra entries). */
  selected: readonly string[];
  /** Label of the free-text box, e.g. "Other conditions". */
  otherLabel: string;
  placeholder?: string;
  error?: string;
  columns?: 2 | 3;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { extras, problem, setProblem, add } = useEntries(name, presets, selected);
  const chosen = new Set(selected.map(lower));

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && hydrated) {
      event.preventDefault();
      add(inputRef.current);
    }
  }

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn("grid grid-cols-1 gap-2", columns === 3 ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2")}>
        {presets.map((value) => (
          <EntryBox key={value} name={name} value={value} checked={chosen.has(lower(value))} />
        ))}
        {extras.map((value) => (
          <EntryBox key={value} name={name} value={value} checked />
        ))}
      </div>
      <div className="mt-3">
        <label htmlFor={`${id}-other`} className="field-label">
          {otherLabel}
        </label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={`${id}-other`}
            // Posted as is: without JavaScript this is how entries are added.
            name={name}
            placeholder={placeholder}
            onKeyDown={onKeyDown}
            onInput={() => setProblem(null)}
            aria-describedby={`${id}-hint`}
            invalid={Boolean(problem)}
          />
          {hydrated ? (
            <Button type="button" variant="outline" onClick={() => add(inputRef.current)}>
              <PlusIcon className="h-4 w-4" /> Add
            </Button>
          ) : null}
        </div>
        {problem ? (
          <FieldError errors={problem} />
        ) : (
          <FieldHint id={`${id}-hint`}>Separate several entries with commas.</FieldHint>
        )}
      </div>
      <FieldError id={`${id}-error`} errors={error} />
    </fieldset>
  );
}

const lower = (value: string) => value.trim().toLowerCase();

/**
 * The entries added by hand (`extras`: the chosen ones that are no preset, then those added), and
 * `add`, which turns what the "other" box holds into entries: refused when empty or already
 * listed, a listed preset that is not ticked ticked instead.
 */
function useEntries(name: string, presets: readonly string[], selected: readonly string[]) {
  const [extras, setExtras] = useState(() => {
    const presetSet = new Set(presets.map(lower));
    return selected.filter((value) => !presetSet.has(lower(value)));
  });
  const [problem, setProblem] = useState<string | null>(null);

  function add(input: HTMLInputElement | null) {
    if (!input) return;
    const values = input.value.split(",").map((v) => v.trim());
    if (values.every((v) => v === "")) {
      setProblem("Type an entry first.");
      return;
    }
    const taken = new Set([...presets, ...extras].map(lower));
    const fresh: string[] = [];
    for (const value of values.filter(Boolean)) {
      if (taken.has(lower(value))) {
        // A preset that is listed but not ticked is ticked instead of added twice.
        const box = input.form?.querySelector<HTMLInputElement>(
          `input[type=checkbox][name="${CSS.escape(name)}"][value="${CSS.escape(presets.find((p) => lower(p) === lower(value)) ?? value)}"]`,
        );
        if (box && !box.checked) {
          box.checked = true;
          continue;
        }
        setProblem(`"${value}" is already in the list.`);
        return;
      }
      taken.add(lower(value));
      fresh.push(value);
    }
    setExtras((list) => [...list, ...fresh]);
    setProblem(null);
    input.value = "";
    input.focus();
  }

  return { extras, problem, setProblem, add };
}

/** One entry: its box, ticked when chosen. */
function EntryBox({ name, value, checked }: { name: string; value: string; checked: boolean }) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700",
        "hover:border-slate-300 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40",
      )}
    >
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4 accent-brand-600" />
      <span className="min-w-0 break-words">{value}</span>
    </label>
  );
}

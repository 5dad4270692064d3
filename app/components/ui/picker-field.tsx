import type { FieldMetadata } from "@conform-to/react";
import type { PickerSearch } from "~/models/lists.server";
import { PICKER_SEARCH_FIELDS } from "~/schemas/common";
import { type Option, ReferencePicker } from "./reference-picker";

// A form's client or facility: a select with a search step without JavaScript, type to search
// with it (see ReferencePicker). The placement and task forms use it.

const PICKERS = {
  client: {
    placeholder: "Type a client's name",
    hint: "The chosen client and the most recently updated ones. Search to find any other.",
    one: "client",
    many: "clients",
    searchPlaceholder: "Name, e-mail or phone",
  },
  facility: {
    placeholder: "Type a facility's name or city",
    hint: "The chosen facility and those with the most beds free. Search to find any other.",
    one: "facility",
    many: "facilities",
    searchPlaceholder: "Name, city or license number",
  },
};

export type PickerKind = keyof typeof PICKERS;

/** What a picker's select holds, said under it without JavaScript: the usual ones, or the matches of a search. */
export function pickerHint(kind: PickerKind, searched: PickerSearch | null, usual = PICKERS[kind].hint): string {
  const { one, many } = PICKERS[kind];
  if (!searched) return usual;
  const term = `"${searched.term}"`;
  if (searched.total === 0) return `No ${many} match ${term}`;
  if (searched.capped || searched.total > searched.shown) {
    const total = `${searched.total}${searched.capped ? "+" : ""}`;
    return `Showing the first ${searched.shown} of ${total} ${many} matching ${term}: refine the search`;
  }
  return searched.total === 1 ? `1 ${one} matches ${term}` : `${searched.total} ${many} match ${term}`;
}

export function PickerField({
  kind,
  label,
  required,
  field,
  options,
  searched,
  serverError,
  hint,
  note,
}: {
  kind: PickerKind;
  label: string;
  required?: boolean;
  field: FieldMetadata<unknown>;
  options: Option[];
  searched: PickerSearch | null;
  /** A message from the server that is not Conform's (the placement form's references). */
  serverError?: string;
  /** What the select holds before a search, where it is not the usual line. */
  hint?: string;
  /** Said before the hint, before and after a search (the task form: which types keep a client). */
  note?: string;
}) {
  return (
    <ReferencePicker
      label={label}
      name={field.name}
      required={required}
      options={options}
      value={String(field.initialValue ?? "")}
      searchUrl={`/placement-options?kind=${kind}`}
      placeholder={PICKERS[kind].placeholder}
      error={field.errors?.join(", ") ?? serverError}
      errorId={field.errorId}
      hint={[note, pickerHint(kind, searched, hint)].filter(Boolean).join(" ")}
      search={{
        name: PICKER_SEARCH_FIELDS[kind].term,
        shownName: PICKER_SEARCH_FIELDS[kind].shown,
        noun: PICKERS[kind].many,
        placeholder: PICKERS[kind].searchPlaceholder,
        term: searched?.term ?? "",
      }}
    />
  );
}

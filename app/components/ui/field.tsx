import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/utils/cn";
import { SearchIcon } from "./icons";

/**
 * The look every control shares: one class (`control` in tailwind.css), red while the control is
 * `aria-invalid` (`size` sets its height and padding). A form or a filter bar repeats it on every
 * field, so it is not spelled out in utilities each time.
 */
function controlProps(invalid: boolean, size: string, className?: string) {
  return { className: cn("control", size, className), "aria-invalid": invalid || undefined };
}

type Invalid = { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Invalid>(function Input(
  { invalid = false, className, ...props },
  ref,
) {
  return <input ref={ref} {...controlProps(invalid, "h-10", className)} {...props} />;
});

/** A search box: the magnifier in front of the text (the lists' search, the search page). */
export function SearchInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement> & Invalid) {
  return (
    <div className="relative">
      <SearchIcon className="search-icon" />
      <Input type="search" className={cn("pl-9", className)} {...props} />
    </div>
  );
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Invalid>(
  function Textarea({ invalid = false, className, ...props }, ref) {
    return <textarea ref={ref} {...controlProps(invalid, "py-2", className)} {...props} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Invalid>(function Select(
  { invalid = false, className, ...props },
  ref,
) {
  return <select ref={ref} {...controlProps(invalid, "h-10 pr-8", className)} {...props} />;
});

/** A select's choices: values shown as they are, or [value, label] pairs. */
export type SelectChoices = readonly (string | readonly [string, string])[];

/** The `<option>`s of a select, one for each of its choices. */
export function SelectOptions({ options }: { options: SelectChoices }) {
  return options.map((option) => {
    const [value, label] = typeof option === "string" ? [option, option] : option;
    return (
      <option key={value} value={value}>
        {label}
      </option>
    );
  });
}

export function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field-label">
      {children}
      {required ? (
        <span className="text-red-600" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** The field's messages, tied to it by id for screen readers. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] | string | null }) {
  const list = (Array.isArray(errors) ? errors : errors ? [errors] : []).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600" role="alert">
      {list.join(", ")}
    </p>
  );
}

export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-xs text-slate-500">
      {children}
    </p>
  );
}

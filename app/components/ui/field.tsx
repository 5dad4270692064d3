import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/utils/cn";
import { SearchIcon } from "./icons";

const control =
  "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 " +
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-50 disabled:text-slate-500";

/** The look and invalid state every control shares (`size` sets its height and padding). */
function controlProps(invalid: boolean, size: string, className?: string) {
  const state = invalid ? "border-red-400 focus:border-red-500 focus:ring-red-500/30" : "border-slate-300";
  return { className: cn(control, state, size, className), "aria-invalid": invalid || undefined };
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
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
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

export function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
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

import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/utils/cn";

const control =
  "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 " +
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-50 disabled:text-slate-500";

function controlClasses(invalid: boolean, className?: string) {
  return cn(
    control,
    invalid ? "border-red-400 focus:border-red-500 focus:ring-red-500/30" : "border-slate-300",
    className,
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(
  function Input({ invalid = false, className, ...props }, ref) {
    return (
      <input
        ref={ref}
        className={controlClasses(invalid, cn("h-10", className))}
        aria-invalid={invalid || undefined}
        {...props}
      />
    );
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }
>(function Textarea({ invalid = false, className, ...props }, ref) {
  return (
    <textarea
      ref={ref}
      className={controlClasses(invalid, cn("py-2", className))}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(
  function Select({ invalid = false, className, ...props }, ref) {
    return (
      <select
        ref={ref}
        className={controlClasses(invalid, cn("h-10 pr-8", className))}
        aria-invalid={invalid || undefined}
        {...props}
      />
    );
  },
);

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

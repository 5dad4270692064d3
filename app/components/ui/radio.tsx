import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface RadioProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  description?: ReactNode;
}

/** A native radio button with its label. Group several with the same `name` inside a `RadioGroup`. */
export const Radio = forwardRef<HTMLInputElement, RadioProps>(function Radio(
  { label, description, id, className, disabled, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <div className="flex h-5 items-center">
        <input
          ref={ref}
          id={inputId}
          type="radio"
          disabled={disabled}
          aria-describedby={descriptionId}
          className="h-4 w-4 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
          {...props}
        />
      </div>
      <div className="min-w-0 text-sm">
        <label
          htmlFor={inputId}
          className={cn("font-medium text-slate-700", disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer")}
        >
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
});

/** A fieldset whose legend names the choice; `error` is announced with the group. */
export function RadioGroup({
  legend,
  error,
  orientation = "vertical",
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  orientation?: "vertical" | "horizontal";
  className?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn(orientation === "horizontal" ? "flex flex-wrap gap-x-6 gap-y-3" : "space-y-3")}>
        {children}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

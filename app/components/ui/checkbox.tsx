import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** The visible label, tied to the box (clicking it toggles the box). */
  label: ReactNode;
  /** A smaller line under the label, read as the box's description. */
  description?: ReactNode;
  invalid?: boolean;
}

/**
 * A native checkbox with its label: submits with the form, works without JavaScript.
 * Unchecked boxes send nothing, so the action should treat a missing field as false.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, description, invalid = false, id, className, disabled, "aria-describedby": describedBy, ...props },
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
          type="checkbox"
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={cn(descriptionId, describedBy) || undefined}
          className={cn(
            "h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600",
            "disabled:cursor-not-allowed disabled:opacity-50",
            invalid && "outline-2 outline-offset-1 outline-red-400",
          )}
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

/** A fieldset of checkboxes whose legend names the group. */
export function CheckboxGroup({
  legend,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="space-y-3">{children}</div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "~/utils/cn";

// Native checkboxes and radio buttons with their labels: they submit with the form and work
// without JavaScript. An unticked checkbox sends nothing, so an action treats a missing field as
// false (see readCheckboxes).

export interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  /** The visible label, tied to the control (clicking it chooses). */
  label: ReactNode;
  /** A smaller line under the label, read as the control's description. */
  description?: ReactNode;
  invalid?: boolean;
}

function choice(type: "checkbox" | "radio") {
  return forwardRef<HTMLInputElement, ChoiceProps>(function Choice(
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
            type={type}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={cn(descriptionId, describedBy) || undefined}
            className={cn(
              "h-4 w-4 shrink-0 cursor-pointer accent-brand-600 disabled:cursor-not-allowed disabled:opacity-50",
              type === "checkbox" && "rounded border-slate-300",
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
}

export const Checkbox = choice("checkbox");
/** Group several with the same `name` inside a `ChoiceGroup`. */
export const Radio = choice("radio");

/** A fieldset of checkboxes or radio buttons whose legend names the choice; `error` is announced with it. */
export function ChoiceGroup({
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

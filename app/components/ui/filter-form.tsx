import { Form, useSubmit } from "@remix-run/react";
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { Button, buttonClasses } from "./button";
import { SlidersIcon } from "./icons";

/**
 * A list's filters as a GET form: the URL holds the state, and without JavaScript the Apply
 * button submits it. With JavaScript it applies itself as you change it, a search box after a
 * pause in the typing (`debounceMs`). Changing a filter leaves `page` out, back to page 1.
 *
 * On narrow screens only the `search` box shows; the other controls fold behind a "Filters"
 * toggle (a CSS-only checkbox, so it works without JavaScript), open when one of them is set
 * (`active`). From `md` up everything is in one row, unless `fold` is "always" (the tasks list:
 * the toggle at every width).
 */
export function FilterForm({
  search,
  children,
  active = 0,
  debounceMs = 300,
  className,
  label = "Filters",
  values,
  fold = "narrow",
  after,
}: {
  /** The search box, always in sight. */
  search?: ReactNode;
  /** The other controls, folded on narrow screens. */
  children: ReactNode;
  /** How many of those controls are set: the toggle says so, and starts open. */
  active?: number;
  /** What the URL says each control holds (name -> value), to show after a navigation. */
  values: Record<string, string>;
  debounceMs?: number;
  className?: string;
  label?: string;
  /** Where the other controls fold behind the toggle: on narrow screens, or at every width. */
  fold?: "narrow" | "always";
  /** Beside the toggle, never folded (a view switch). */
  after?: ReactNode;
}) {
  const always = fold === "always";
  const toggleId = useId();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useShowValues(formRef, values);
  const onChange = useApplyOnChange(debounceMs);

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={label}
      onChange={onChange}
      className={cn("flex flex-wrap items-end gap-3", className)}
    >
      {search}
      <input
        id={toggleId}
        type="checkbox"
        className={cn("peer sr-only", !always && "md:hidden")}
        defaultChecked={active > 0}
      />
      <label htmlFor={toggleId} className={cn(buttonClasses("outline"), "filter-toggle", !always && "md:hidden")}>
        <SlidersIcon className="h-4 w-4" />
        Filters{active > 0 ? ` (${active})` : ""}
      </label>
      {after}
      <div
        className={cn(
          "hidden w-full flex-wrap items-end gap-3",
          always ? "peer-checked:flex" : "max-md:peer-checked:flex md:contents",
        )}
        data-testid="filter-fold"
      >
        {children}
        {/* Folded with the controls it applies: the search box alone is sent with Enter. */}
        {hydrated ? null : (
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        )}
      </div>
    </Form>
  );
}

/**
 * The controls keep what was typed; when the URL changes some other way ("Clear filters", Back),
 * they are set to what it now says (`values`), but for the one being typed in.
 */
function useShowValues(formRef: RefObject<HTMLFormElement>, values: Record<string, string>) {
  const shown = JSON.stringify(values);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(shown) as Record<string, string>)) {
      const control = form.elements.namedItem(name);
      if (
        (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) &&
        control !== document.activeElement
      ) {
        if (control.value !== value) control.value = value;
      }
    }
  }, [formRef, shown]);
}

/** The form's change handler: submits at once, or after a pause in the typing for a text box. */
function useApplyOnChange(debounceMs: number) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  return function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    // The fold toggle is not a filter (it has no name, and is never sent).
    if (event.target instanceof HTMLInputElement && !event.target.name) return;
    const typed = event.target instanceof HTMLInputElement && ["search", "text", "number"].includes(event.target.type);
    clearTimeout(timer.current);
    const go = () => submit(form, { replace: true, preventScrollReset: true });
    if (typed) timer.current = setTimeout(go, debounceMs);
    else go();
  };
}

import { Form, useSubmit } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "./button";

/**
 * A list's filters as a GET form: the URL holds the state, and without JavaScript the Apply
 * button submits it. With JavaScript it applies itself as you change it, a search box after a
 * pause in the typing (`debounceMs`). Changing a filter leaves `page` out, back to page 1.
 */
export function FilterForm({
  children,
  debounceMs = 300,
  className,
  label = "Filters",
  values,
}: {
  children: ReactNode;
  /** What the URL says each control holds (name -> value), to show after a navigation. */
  values: Record<string, string>;
  debounceMs?: number;
  className?: string;
  label?: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The controls keep what was typed; when the URL changes some other way ("Clear filters",
  // Back), they are set to what it now says, but for the one being typed in.
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
  }, [shown]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement && ["search", "text", "number"].includes(event.target.type);
    clearTimeout(timer.current);
    const go = () => submit(form, { replace: true, preventScrollReset: true });
    if (typed) timer.current = setTimeout(go, debounceMs);
    else go();
  }

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={label}
      onChange={onChange}
      className={cn("flex flex-wrap items-end gap-3", className)}
    >
      {children}
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      )}
    </Form>
  );
}

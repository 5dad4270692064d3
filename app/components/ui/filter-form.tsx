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
}: {
  children: ReactNode;
  debounceMs?: number;
  className?: string;
  label?: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement && ["search", "text", "number"].includes(event.target.type);
    clearTimeout(timer.current);
    const go = () => submit(form, { replace: true, preventScrollReset: true });
    if (typed) timer.current = setTimeout(go, debounceMs);
    else go();
  }

  return (
    <Form method="get" role="search" aria-label={label} onChange={onChange} className={cn("flex flex-wrap items-end gap-3", className)}>
      {children}
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      )}
    </Form>
  );
}

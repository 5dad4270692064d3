import { useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/utils/cn";

/**
 * A header control that opens a panel under it (the user menu, notifications): a <details>
 * element, so it opens and closes without JavaScript, and one of a group (`name`): opening one
 * closes the other. With JavaScript it also closes when the page changes, on Escape and on a
 * click elsewhere, as a menu is expected to.
 */
export function HeaderPopover({
  summary,
  summaryClassName,
  panelClassName,
  testId,
  onOpen,
  children,
}: {
  /** What the button shows; its text is its accessible name. */
  summary: ReactNode;
  summaryClassName: string;
  panelClassName?: string;
  testId?: string;
  /** Called each time the panel opens (the bell loads its items then). */
  onOpen?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  return (
    <details
      ref={ref}
      name="header-popover"
      className="group relative"
      data-testid={testId}
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen?.();
      }}
    >
      <summary className={summaryClassName}>{summary}</summary>
      <div className={cn("popover", panelClassName)}>{children}</div>
    </details>
  );
}

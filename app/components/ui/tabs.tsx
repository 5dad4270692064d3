import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface TabItem {
  /** Compared with `current` to mark the active tab. */
  value: string;
  label: ReactNode;
  /** The URL that shows this tab (`?tab=documents`): the URL holds the state, so tabs work without JavaScript. */
  to: string;
  /** A small count after the label. */
  count?: number;
  icon?: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  current: string;
  /** Names the navigation for screen readers ("Client sections"). */
  "aria-label": string;
  variant?: "underline" | "pills";
  /** Keep the scroll position when switching (with JavaScript). */
  preventScrollReset?: boolean;
  className?: string;
}

/**
 * Tabs as links in a nav, the active one with aria-current="page". They are navigation, not an
 * ARIA tablist, because each tab is its own URL. On narrow screens the row scrolls sideways.
 */
export function Tabs({
  items,
  current,
  "aria-label": ariaLabel,
  variant = "underline",
  preventScrollReset,
  className,
}: TabsProps) {
  return (
    <nav aria-label={ariaLabel} className={cn(variant === "underline" && "border-b border-slate-200", className)}>
      <ul
        className={cn(
          "flex overflow-x-auto",
          variant === "underline" ? "-mb-px gap-4 sm:gap-6" : "w-fit max-w-full gap-1 rounded-lg bg-slate-100 p-1",
        )}
      >
        {items.map((item) => {
          const active = item.value === current;
          return (
            <li key={item.value} className="shrink-0">
              <Link
                to={item.to}
                preventScrollReset={preventScrollReset}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 text-sm font-medium whitespace-nowrap transition-colors",
                  variant === "underline"
                    ? cn(
                        "border-b-2 px-1 py-3",
                        active
                          ? "border-brand-600 text-brand-700"
                          : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700",
                      )
                    : cn(
                        "rounded-md px-3 py-1.5",
                        active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                      ),
                )}
              >
                {item.icon}
                {item.label}
                {item.count !== undefined ? (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs tabular-nums",
                      active ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-600",
                      variant === "pills" && !active && "bg-slate-200/70",
                    )}
                  >
                    {item.count}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card, CardHeader } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

/** One showcase section: a card with an anchor that the table of contents links to. */
export function DemoSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-label={title} className={cn("scroll-mt-24", className)}>
      <Card>
        <CardHeader title={title} description={description} />
        <div className="space-y-6 px-5 py-5">{children}</div>
      </Card>
    </section>
  );
}

/** A small caption above a group of examples. */
export function DemoLabel({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>;
}

/** A labelled row of examples. */
export function DemoRow({ label, gap = "gap-3", children }: { label: string; gap?: string; children: ReactNode }) {
  return (
    <div>
      <DemoLabel>{label}</DemoLabel>
      <div className={`flex flex-wrap items-center ${gap}`}>{children}</div>
    </div>
  );
}

/**
 * Builds a link to this page with some query parameters changed. Without JavaScript the link also
 * carries `#section`, so the reloaded page lands where the reader was; with JavaScript the client
 * navigation keeps the scroll position instead.
 */
export function useDemoHref() {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  return (changes: Record<string, string | number | null>, section?: string) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return `/ui-demo${query ? `?${query}` : ""}${section && !hydrated ? `#${section}` : ""}`;
  };
}

import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { TitleBlock } from "./card";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (they wrap under the title on phones). */
  actions?: ReactNode;
  /** Below the title row: tabs, a filter bar. */
  children?: ReactNode;
  className?: string;
}

/**
 * The title row of a list page, under the shell's header (which holds the page's h1),
 * so the title here is an h2.
 */
export function PageHeader({ title, description, actions, children, className }: PageHeaderProps) {
  return (
    <div className={cn("space-y-4", className)}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <TitleBlock title={title} description={description} size="page" />
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A form screen (add or edit a record): the title row over the form, at reading width. */
export function FormPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}

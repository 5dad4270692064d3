import { Link } from "@remix-run/react";
import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "~/utils/cn";
import { truncate } from "~/utils/format";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}

export function CardHeader({
  title,
  description,
  action,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4", className)}>
      <TitleBlock title={title} description={description} size="card" />
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

/** A card header's link to the whole of what the card shows ("View all placements"). */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

/**
 * A card under its header (a title, a line under it, an action on the right): most cards of a
 * record page and of the dashboard. `children` is the card's body, below the header's rule.
 */
export function TitledCard({
  title,
  description,
  action,
  id,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** The card's anchor on the page (`#notes`). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id}>
      <CardHeader title={title} description={description} action={action} />
      {children}
    </Card>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("px-5 py-4", className)} {...props} />;
}

/** A heading (h2) with an optional line under it: a card's, or a page's (larger). */
export function TitleBlock({
  title,
  description,
  size,
}: {
  title: ReactNode;
  description?: ReactNode;
  size: "card" | "page";
}) {
  const page = size === "page";
  return (
    <div className="min-w-0">
      <h2
        className={
          page
            ? "text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl"
            : "text-base font-semibold text-slate-900"
        }
      >
        {title}
      </h2>
      {description ? <p className={cn("text-sm text-slate-500", page ? "mt-1" : "mt-0.5")}>{description}</p> : null}
    </div>
  );
}

/** A card's note cut to 100 characters, in full on hover when it was cut (the list cards). */
export function CardNote({ text, className }: { text: string; className: string }) {
  const shown = truncate(text);
  return (
    <p className={className} title={shown === text ? undefined : text}>
      {shown}
    </p>
  );
}

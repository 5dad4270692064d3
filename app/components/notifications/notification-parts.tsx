import { Form, Link, useLocation } from "@remix-run/react";
import type { NotificationItem } from "~/services/notifications.server";
import { cn } from "~/utils/cn";
import { Badge, type BadgeTone } from "../ui/badge";
import { buttonClasses } from "../ui/button";

// The pieces the bell's menu and /notifications share: one notification, and the forms that mark
// them read (plain posts to /notifications, which sends the browser back where it was).

const TONES: Record<NotificationItem["kind"], BadgeTone> = {
  "task-overdue": "red",
  "task-due": "yellow",
  "task-moved": "blue",
  "move-in": "green",
  "document-expiring": "yellow",
};

/** Where a mark-read form sends the browser back to: the page it was posted from. */
function useHere(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** "Mark as read" for one notification. */
export function MarkReadForm({ item }: { item: NotificationItem }) {
  const here = useHere();
  return (
    <Form method="post" action="/notifications" className="mt-1">
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="key" value={item.key} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="text-sm font-medium text-brand-700 hover:underline">
        Mark as read<span className="sr-only">: {item.title}</span>
      </button>
    </Form>
  );
}

/** "Mark all as read". */
export function MarkAllReadForm({ className }: { className?: string }) {
  const here = useHere();
  return (
    <Form method="post" action="/notifications" className={className}>
      <input type="hidden" name="intent" value="read-all" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={buttonClasses("outline", "sm", "whitespace-nowrap")}>
        Mark all as read
      </button>
    </Form>
  );
}

/** One notification: what it is, the record (a link to it), the detail, and Mark as read while unread. */
export function NotificationRow({ item, compact }: { item: NotificationItem; compact?: boolean }) {
  return (
    <div
      className={cn("flex items-start gap-3", compact ? "px-4 py-3" : "p-4")}
      data-unread={item.read ? undefined : ""}
    >
      <span
        className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-brand-600")}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <Badge tone={TONES[item.kind]}>{item.label}</Badge>
        {item.read ? null : <span className="sr-only"> (unread)</span>}
        <Link
          to={item.href}
          className="mt-1 block font-medium wrap-anywhere text-slate-900 hover:text-brand-700 hover:underline"
        >
          {item.title}
        </Link>
        <p className="text-sm text-slate-500">{item.detail}</p>
        {item.read ? null : <MarkReadForm item={item} />}
      </div>
    </div>
  );
}

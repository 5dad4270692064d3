import { Link } from "@remix-run/react";
import { NOTIFICATION_MESSAGES } from "~/schemas/notifications.constants";
import type { BellData } from "~/services/notifications.server";
import { useHydrated } from "~/utils/use-hydrated";
import { HeaderPopover } from "../layout/header-popover";
import { BellIcon } from "../ui/icons";
import { MarkAllReadForm, NotificationRow } from "./notification-parts";

/**
 * The header's bell: how many notifications are unread. Without JavaScript (and until the page
 * has hydrated) a link to /notifications; with it, a menu of the first few, each a link to its
 * record, with Mark as read, Mark all as read and the way to the whole list.
 */
export function NotificationBell({ bell }: { bell: BellData }) {
  const hydrated = useHydrated();
  const name = bell.unread > 0 ? `Notifications, ${bell.unread} unread` : "Notifications";
  const face = (
    <>
      <BellIcon className="h-5 w-5" />
      <span className="sr-only">{name}</span>
      {bell.unread > 0 ? (
        <span
          className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
          aria-hidden="true"
        >
          {bell.unread > 99 ? "99+" : bell.unread}
        </span>
      ) : null}
    </>
  );
  if (!hydrated) {
    return (
      <Link to="/notifications" className="icon-btn relative" data-testid="notifications">
        {face}
      </Link>
    );
  }
  return (
    <HeaderPopover
      testId="notifications"
      summaryClassName="icon-btn relative"
      summary={face}
      panelClassName="w-80 max-w-[calc(100vw-2rem)]"
    >
      <BellMenu bell={bell} />
    </HeaderPopover>
  );
}

function BellMenu({ bell }: { bell: BellData }) {
  return (
    <div aria-label="Notifications" role="region">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">
          Notifications
          {bell.unread > 0 ? <span className="ml-1 font-normal text-slate-500">({bell.unread} unread)</span> : null}
        </p>
        {bell.unread > 0 ? <MarkAllReadForm /> : null}
      </div>
      {bell.items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{NOTIFICATION_MESSAGES.none}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {bell.items.map((item) => (
            <li key={item.key}>
              <NotificationRow item={item} compact />
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/notifications"
        className="menu-item justify-center border-t border-slate-100 font-medium text-brand-700"
      >
        {bell.total > bell.items.length ? `View all ${bell.total} notifications` : "View all notifications"}
      </Link>
    </div>
  );
}

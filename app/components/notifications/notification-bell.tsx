import { Link, useFetcher } from "@remix-run/react";
import { BELL_ITEMS, NOTIFICATION_MESSAGES } from "~/schemas/notifications.constants";
import type { BellData, NotificationItem } from "~/services/notifications.server";
import { useHydrated } from "~/utils/use-hydrated";
import { HeaderPopover } from "../layout/header-popover";
import { BellIcon } from "../ui/icons";
import { MarkAllReadForm, NotificationRow } from "./notification-parts";

/** What the menu reads from /notifications?show=unread (that page's loader). */
interface UnreadPage {
  notifications: NotificationItem[];
}

/**
 * The header's bell: how many notifications are unread. Without JavaScript (and until the page
 * has hydrated) a link to /notifications; with it, a menu of the first few unread, loaded when it
 * opens (every page counts them, none lists them), each a link to its record, with Mark as read,
 * Mark all as read and the way to the whole list.
 */
export function NotificationBell({ bell }: { bell: BellData }) {
  const hydrated = useHydrated();
  const unreadPage = useFetcher<UnreadPage>();
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
      onOpen={() => unreadPage.load("/notifications?show=unread")}
    >
      <BellMenu unread={bell.unread} items={unreadPage.data?.notifications.slice(0, BELL_ITEMS)} />
    </HeaderPopover>
  );
}

const VIEW_ALL = "menu-item justify-center border-t border-slate-100 font-medium text-brand-700";

function BellMenu({ unread, items }: { unread: number; items: NotificationItem[] | undefined }) {
  return (
    <div aria-label="Notifications" role="region" aria-busy={items === undefined}>
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">
          Notifications
          {unread > 0 ? <span className="ml-1 font-normal text-slate-500">({unread} unread)</span> : null}
        </p>
        {unread > 0 ? <MarkAllReadForm /> : null}
      </div>
      {items === undefined ? (
        <p className="px-4 py-3 text-sm text-slate-500">{NOTIFICATION_MESSAGES.loading}</p>
      ) : items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{NOTIFICATION_MESSAGES.noneUnread}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {items.map((item) => (
            <li key={item.key}>
              <NotificationRow item={item} compact />
            </li>
          ))}
        </ul>
      )}
      {unread > (items?.length ?? 0) ? (
        <Link to="/notifications?show=unread" className={VIEW_ALL}>
          View all {unread} unread notifications
        </Link>
      ) : (
        <Link to="/notifications" className={VIEW_ALL}>
          View all notifications
        </Link>
      )}
    </div>
  );
}

import type { NotificationItem } from "~/services/notifications.server";
import { NOTIFICATION_MESSAGES, NOTIFICATION_SHOW } from "~/schemas/notifications.constants";
import { FilterForm } from "../ui/filter-form";
import { BellIcon } from "../ui/icons";
import { filterLabels, SelectFilters, type SelectSpec } from "../ui/list-controls";
import { ListPage, type ListPageData } from "../ui/list-page";
import { MarkAllReadForm, NotificationRow } from "./notification-parts";

/** What /notifications shows: a page of the person's notifications, and how many are unread. */
export interface NotificationsPageData extends ListPageData {
  notifications: NotificationItem[];
  unread: number;
  limit: number;
  filters: { show: string };
}

const SELECTS: SelectSpec[] = [
  {
    id: "notifications-show",
    name: "show",
    label: "Show",
    anyLabel: "All notifications",
    options: Object.entries(NOTIFICATION_SHOW),
  },
];

export const NOTIFICATION_FILTER_LABELS = filterLabels(SELECTS);

/**
 * /notifications: everything that needs the person (overdue and due tasks, their tasks moved by
 * others, move-ins this week, expiring documents), each a link to its record; Mark as read, Mark
 * all as read. The bell's page without JavaScript, and its "View all" with it.
 */
export function NotificationsPage({ notifications, unread, limit, filters, ...list }: NotificationsPageData) {
  const filtering = Boolean(filters.show);
  return (
    <ListPage
      area="notifications"
      description={`${unread} unread of ${list.total}`}
      actions={unread > 0 ? <MarkAllReadForm /> : null}
      controls={
        <FilterForm label="Notification filters" active={filtering ? 1 : 0} values={filters}>
          <SelectFilters selects={SELECTS} values={filters} />
        </FilterForm>
      }
      list={list}
      filtering={filtering}
      noMatches={{ message: "Everything here has been read.", clearLabel: "Show all notifications" }}
      empty={{
        icon: <BellIcon className="h-6 w-6" />,
        title: NOTIFICATION_MESSAGES.none,
        message: "Overdue tasks, move-ins this week, expiring documents and your tasks moved by others show here.",
      }}
      pages={{ limit, noun: "notifications", severalOnly: true }}
    >
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Notifications">
        {notifications.map((item) => (
          <li key={item.key}>
            <NotificationRow item={item} />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}

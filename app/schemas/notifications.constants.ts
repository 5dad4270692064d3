// The notifications' texts and constants, without zod (the page and the bell import them;
// notifications.ts, the schemas, re-exports them).

/** Notifications a page of /notifications shows. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** How many the bell's menu lists (the page has them all). */
export const BELL_ITEMS = 6;

export const NOTIFICATION_MESSAGES = {
  none: "No notifications",
  noneUnread: "No unread notifications",
  loading: "Loading notifications…",
  allRead: "All notifications marked as read",
  markFailed: "Failed to mark notifications as read",
} as const;

/** The page's Show filter: everything, or only what is unread. */
export const NOTIFICATION_SHOW = { unread: "Unread only" } as const;

import { type AppLoadContext, redirect } from "@remix-run/node";
import { agencyDay } from "~/models/agency.server";
import {
  isNotificationKey,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  type NotificationItem,
} from "~/models/notifications.server";
import { MarkReadSchema, type NotificationsQuery } from "~/schemas/notifications";
import { BELL_ITEMS, NOTIFICATION_MESSAGES } from "~/schemas/notifications.constants";
import { oncePerRequest } from "~/utils/request-memo.server";
import { readFormData } from "~/utils/request.server";
import { type GuardArgs, redirectWithToast, requireSignedIn, safeRedirect, type SignedIn } from "./session.server";

// What the bell (every signed-in page, through the shell's loader) and /notifications show:
// worked out once per request and shared by both loaders.

export type { NotificationItem } from "~/models/notifications.server";

const NOTIFICATIONS = Symbol("notifications");

/** The person's notifications now, on their agency's day. */
export function currentNotifications(
  { db, ctx }: Pick<SignedIn, "db" | "ctx">,
  context?: AppLoadContext,
): Promise<{ today: string; items: NotificationItem[] }> {
  return oncePerRequest(context, NOTIFICATIONS, async () => {
    const { today } = await agencyDay(db, ctx);
    return { today, items: await listNotifications(db, ctx, today) };
  });
}

/** The bell: how many are unread, and the first few (unread first). */
export interface BellData {
  unread: number;
  total: number;
  items: NotificationItem[];
}

export async function bellData(signedIn: Pick<SignedIn, "db" | "ctx">, context?: AppLoadContext): Promise<BellData> {
  const { items } = await currentNotifications(signedIn, context);
  const unread = items.filter((item) => !item.read);
  return {
    unread: unread.length,
    total: items.length,
    items: [...unread, ...items.filter((item) => item.read)].slice(0, BELL_ITEMS),
  };
}

/** A page of /notifications (all, or the unread only), with how many are unread. */
export async function notificationsPage(
  signedIn: SignedIn,
  query: NotificationsQuery,
  context?: AppLoadContext,
): Promise<{
  notifications: NotificationItem[];
  unread: number;
  total: number;
  totalPages: number;
  page: number;
  limit: number;
}> {
  const { items } = await currentNotifications(signedIn, context);
  const shown = query.show === "unread" ? items.filter((item) => !item.read) : items;
  const { page, limit } = query;
  return {
    notifications: shown.slice((page - 1) * limit, page * limit),
    unread: items.filter((item) => !item.read).length,
    total: shown.length,
    totalPages: Math.max(1, Math.ceil(shown.length / limit)),
    page,
    limit,
  };
}

/**
 * The mark-read forms (the bell's and the page's): one notification, or all; then back where the
 * form was posted from (`redirectTo`, a path of this site), "All notifications marked as read"
 * after all of them.
 */
export async function markReadAction(args: GuardArgs): Promise<Response> {
  const { db, ctx } = await requireSignedIn(args);
  const form = await readFormData(args.request);
  const back = safeRedirect(form.get("redirectTo"), "/notifications");
  const parsed = MarkReadSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || (parsed.data.intent === "read" && !isNotificationKey(parsed.data.key))) {
    return redirectWithToast(back, { type: "error", title: NOTIFICATION_MESSAGES.markFailed });
  }
  const { today } = await agencyDay(db, ctx);
  if (parsed.data.intent === "read-all") {
    await markAllNotificationsRead(db, ctx, today);
    return redirectWithToast(back, { type: "success", title: NOTIFICATION_MESSAGES.allRead });
  }
  await markNotificationsRead(db, ctx, [parsed.data.key], today);
  return redirect(back);
}

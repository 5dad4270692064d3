import { redirect } from "@remix-run/node";
import { agencyDay } from "~/models/agency.server";
import {
  countUnreadNotifications,
  isNotificationKey,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  type NotificationItem,
} from "~/models/notifications.server";
import { MarkReadSchema, type NotificationsQuery } from "~/schemas/notifications";
import { NOTIFICATION_MESSAGES } from "~/schemas/notifications.constants";
import { readFormData } from "~/utils/request.server";
import { type GuardArgs, redirectWithToast, requireSignedIn, safeRedirect, type SignedIn } from "./session.server";

// What the bell (every signed-in page, through the shell's loader: only how many are unread, in
// one statement) and /notifications (the items) show.

export type { NotificationItem } from "~/models/notifications.server";

/** The person's notifications now, on their agency's day. */
async function currentNotifications({
  db,
  ctx,
}: Pick<SignedIn, "db" | "ctx">): Promise<{ today: string; items: NotificationItem[] }> {
  const { today } = await agencyDay(db, ctx);
  return { today, items: await listNotifications(db, ctx, today) };
}

/** The bell: how many are unread (its menu loads the unread ones when opened: /notifications?show=unread). */
export interface BellData {
  unread: number;
}

export async function bellData(signedIn: Pick<SignedIn, "db" | "ctx">): Promise<BellData> {
  const { db, ctx } = signedIn;
  const { today } = await agencyDay(db, ctx);
  return { unread: await countUnreadNotifications(db, ctx, today) };
}

/** A page of /notifications (all, or the unread only), with how many are unread. */
export async function notificationsPage(
  signedIn: SignedIn,
  query: NotificationsQuery,
): Promise<{
  notifications: NotificationItem[];
  unread: number;
  total: number;
  totalPages: number;
  page: number;
  limit: number;
}> {
  const { items } = await currentNotifications(signedIn);
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

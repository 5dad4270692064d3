import * as z from "zod";
import { pagingParams, vocabularyFilter } from "./common";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications.constants";

export * from "./notifications.constants";

// /notifications: the list's query, and the mark-read form (one notification, or all of them).

export const NotificationsQuerySchema = z.strictObject({
  show: vocabularyFilter("Show", ["unread"] as const),
  ...pagingParams(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

export const MarkReadSchema = z.discriminatedUnion("intent", [
  z.strictObject({
    intent: z.literal("read"),
    key: z.string().max(100),
    redirectTo: z.string().max(2000).optional(),
  }),
  z.strictObject({ intent: z.literal("read-all"), redirectTo: z.string().max(2000).optional() }),
]);

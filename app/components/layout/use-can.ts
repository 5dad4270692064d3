import { useRouteLoaderData } from "@remix-run/react";
import { can, type Permission } from "~/utils/permissions";

/**
 * Whether the signed-in user's role has `permission` (utils/permissions.ts), from the app shell's
 * data: a screen leaves out what the role cannot use. The server refuses it all the same.
 */
export function useCan(permission: Permission): boolean {
  const shell = useRouteLoaderData("routes/_app") as { user?: { role?: string } } | undefined;
  return can(shell?.user?.role, permission);
}

/** The agency's time zone, from the app shell's data: the day a moment is shown on (formatDate). */
export function useTimeZone(): string {
  const shell = useRouteLoaderData("routes/_app") as { timeZone?: string } | undefined;
  return shell?.timeZone ?? "UTC";
}

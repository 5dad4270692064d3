import { useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DashboardSkeleton } from "../dashboard/panels";

/** Placeholders for pages whose data is on its way, by path. Others dim while they load. */
const SKELETONS: Record<string, () => ReactNode> = {
  "/dashboard": () => <DashboardSkeleton />,
};

/**
 * While JavaScript loads the next page: a thin bar at the top, and the next page's skeleton
 * (or the current page dimmed). Without JavaScript the browser shows its own progress.
 */
export function PendingContent({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const nextPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname
      ? navigation.location.pathname
      : null;
  const skeleton = nextPath ? SKELETONS[nextPath] : undefined;
  return (
    <>
      {busy ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
          role="progressbar"
          aria-label="Loading"
        >
          <div className="h-full w-1/3 animate-[loading-bar_1s_ease-in-out_infinite] bg-brand-600" />
        </div>
      ) : null}
      {skeleton ? (
        skeleton()
      ) : (
        <div className={nextPath ? "opacity-60 transition-opacity delay-150" : undefined}>{children}</div>
      )}
    </>
  );
}

import { Outlet } from "@remix-run/react";
import { AreaErrorBoundary, type AreaErrors } from "../error-boundary";
import type { HeaderInfo } from "./nav";

/**
 * What an area's layout route (`_app.clients.tsx` …) exports: the header every screen of the
 * area shows, and one error boundary with the area's texts. Its screens render in the outlet.
 */
export function areaRoute(area: AreaErrors & { header: HeaderInfo }) {
  return {
    handle: { header: area.header },
    Layout: () => <Outlet />,
    ErrorBoundary: () => <AreaErrorBoundary area={area} />,
  };
}

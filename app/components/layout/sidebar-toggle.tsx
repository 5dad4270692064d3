import { useFetcher, useLocation } from "@remix-run/react";
import { SidebarIcon } from "../ui/icons";

const FETCHER_KEY = "sidebar-toggle";

/** The collapsed state: the cookie's, or the one being saved right now. */
export function useSidebarCollapsed(fromCookie: boolean): boolean {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const pending = fetcher.formData?.get("collapsed");
  return typeof pending === "string" ? pending === "1" : fromCookie;
}

/** A form that sets the sidebar cookie: a plain post without JavaScript, a fetcher with it. */
export function SidebarToggle({ collapsed }: { collapsed: boolean }) {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/sidebar" className="hidden md:block">
      <input type="hidden" name="collapsed" value={collapsed ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        aria-expanded={!collapsed}
      >
        <SidebarIcon className="h-5 w-5" />
      </button>
    </fetcher.Form>
  );
}

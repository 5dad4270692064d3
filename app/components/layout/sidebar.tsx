import { Form, Link, useLocation } from "@remix-run/react";
import { cn } from "~/utils/cn";
import { capitalize } from "~/utils/format";
import { HeartIcon, LogoutIcon } from "../ui/icons";
import { useSidebarCollapsed } from "./sidebar-toggle";
import { isNavItemActive, NAV_ITEMS } from "./nav";
import { initials, type ShellUser } from "./user-card";

/**
 * The collapsible sidebar. Collapsing is a form that sets a cookie (so it works without
 * JavaScript and survives reloads); with JavaScript a fetcher does it without a reload.
 * On narrow screens it is always the icon rail.
 */
export function Sidebar({ user, collapsed: collapsedCookie }: { user: ShellUser; collapsed: boolean }) {
  const location = useLocation();
  const collapsed = useSidebarCollapsed(collapsedCookie);

  return (
    <aside
      className={cn(
        "sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200",
        collapsed ? "w-16" : "w-16 md:w-64",
      )}
      data-collapsed={collapsed ? "true" : "false"}
      aria-label="Sidebar"
    >
      <div className="flex h-16 items-center gap-3 border-b border-slate-100 px-3.5">
        <Link to="/dashboard" className="flex min-w-0 items-center gap-3" aria-label="Senior Placement home">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
            <HeartIcon className="h-5 w-5" />
          </span>
          <span className={cn("min-w-0 leading-tight", collapsed ? "hidden" : "hidden md:block")}>
            <span className="block truncate text-sm font-bold text-slate-900">Senior Placement</span>
            <span className="block truncate text-xs text-slate-500">Management System</span>
          </span>
        </Link>
      </div>

      <nav className="flex-1 space-y-1 overflow-y-auto px-2 py-4" aria-label="Main">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item.to, location.pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              prefetch="intent"
              aria-current={active ? "page" : undefined}
              title={collapsed ? item.label : undefined}
              className="nav-link"
            >
              <item.Icon className="" />
              <span>
                <span className="nav-label">{item.label}</span>
                <span className="nav-sub">{item.subtitle}</span>
              </span>
            </Link>
          );
        })}
      </nav>

      <div className="border-t border-slate-100 p-2">
        <div className={cn("mt-1 flex items-center gap-3 rounded-lg px-1.5 py-2", collapsed && "justify-center")}>
          <span
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
            aria-hidden="true"
          >
            {initials(user)}
          </span>
          <div
            className={cn("min-w-0 flex-1 leading-tight", collapsed ? "hidden" : "hidden md:block")}
            data-testid="sidebar-user"
          >
            <p className="truncate text-sm font-medium text-slate-900" title={`${user.firstName} ${user.lastName}`}>
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-slate-500" title={user.email}>
              {user.email}
            </p>
            <p className="truncate text-xs font-medium text-brand-700">{capitalize(user.role)}</p>
          </div>
        </div>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="mt-1 flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700"
            title={collapsed ? "Sign Out" : undefined}
          >
            <LogoutIcon className="h-5 w-5 shrink-0" />
            <span className={collapsed ? "sr-only" : "max-md:sr-only"}>Sign Out</span>
          </button>
        </Form>
      </div>
    </aside>
  );
}

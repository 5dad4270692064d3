import { Form, Link, useLocation } from "@remix-run/react";
import { capitalize } from "~/utils/format";
import { useOnline } from "~/utils/use-online";
import { HeartIcon, LogoutIcon } from "../ui/icons";
import { useSidebarCollapsed } from "./sidebar-toggle";
import { IMPORT_NAV_ITEM, INVOICES_NAV_ITEM, isNavItemActive, NAV_ITEMS, REPORTS_NAV_ITEM } from "./nav";
import { useCan } from "./use-can";
import { initials, type ShellUser } from "./user-card";

/**
 * The collapsible sidebar. Collapsing is a form that sets a cookie (so it works without
 * JavaScript and survives reloads); with JavaScript a fetcher does it without a reload.
 * On narrow screens it is always the icon rail.
 */
export function Sidebar({ user, collapsed: collapsedCookie }: { user: ShellUser; collapsed: boolean }) {
  const location = useLocation();
  const collapsed = useSidebarCollapsed(collapsedCookie);
  // Prefetching a screen's code offline would fail, and Remix then reloads the page (useOnline).
  const prefetch = useOnline() ? "intent" : "none";
  const items = [
    ...NAV_ITEMS,
    ...(useCan("reports.view") ? [REPORTS_NAV_ITEM] : []),
    ...(useCan("invoices.manage") ? [INVOICES_NAV_ITEM] : []),
    ...(useCan("records.import") ? [IMPORT_NAV_ITEM] : []),
  ];

  return (
    <aside className="sidebar" data-collapsed={collapsed ? "true" : "false"} aria-label="Sidebar">
      <div className="sidebar-brand">
        {/* Named by its words, which the icon rail keeps for screen readers only. */}
        <Link to="/dashboard">
          <span>
            <HeartIcon />
          </span>
          <span className="sidebar-brand-name">
            <b>Senior Placement</b> <span>Management System</span>
          </span>
        </Link>
      </div>

      <nav className="sidebar-nav" aria-label="Main">
        {items.map((item) => {
          const active = isNavItemActive(item.to, location.pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              prefetch={prefetch}
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

      <div className="sidebar-foot">
        <div className="sidebar-user">
          <span aria-hidden="true">{initials(user)}</span>
          <div className="sidebar-wide" data-testid="sidebar-user">
            <p title={`${user.firstName} ${user.lastName}`}>{`${user.firstName} ${user.lastName}`}</p>
            <p title={user.email}>{user.email}</p>
            <p>{capitalize(user.role)}</p>
          </div>
        </div>
        <Form method="post" action="/logout">
          <button type="submit" className="sidebar-signout" title={collapsed ? "Sign Out" : undefined}>
            <LogoutIcon className="" />
            <span>Sign Out</span>
          </button>
        </Form>
      </div>
    </aside>
  );
}

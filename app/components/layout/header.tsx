import { Form, Link, useLocation, useMatches } from "@remix-run/react";
import { cn } from "~/utils/cn";
import { can } from "~/utils/permissions";
import { capitalize } from "~/utils/format";
import type { BellData } from "~/services/notifications.server";
import { NotificationBell } from "../notifications/notification-bell";
import { ChevronDownIcon, LockIcon, LogoutIcon, SearchIcon, SettingsIcon, SlidersIcon, UsersIcon } from "../ui/icons";
import { HeaderPopover } from "./header-popover";
import { DEFAULT_HEADER, type HeaderInfo } from "./nav";
import { SidebarToggle, useSidebarCollapsed } from "./sidebar-toggle";
import { initials, type ShellUser } from "./user-card";

function useHeaderInfo(): HeaderInfo {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { header?: HeaderInfo } | undefined;
    if (handle?.header) return handle.header;
  }
  return DEFAULT_HEADER;
}

const iconButton = "icon-btn";

export function Header({
  user,
  collapsed: collapsedCookie,
  bell,
}: {
  user: ShellUser;
  collapsed: boolean;
  bell: BellData;
}) {
  const { title, subtitle } = useHeaderInfo();
  const collapsed = useSidebarCollapsed(collapsedCookie);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-16 items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <SidebarToggle collapsed={collapsed} />
        <div className="min-w-0 flex-1">
          {/* A phone has room for a long title on two lines only; wider, one line, cut if need be. */}
          <h1
            className="line-clamp-2 text-base leading-tight font-semibold text-slate-900 sm:line-clamp-none sm:truncate sm:text-lg sm:leading-normal"
            title={title}
          >
            {title}
          </h1>
          <p className="hidden truncate text-sm text-slate-500 sm:block" title={subtitle}>
            {subtitle}
          </p>
        </div>

        <HeaderSearch />
        {/* Narrow screens have no room for the box: the search page has its own. */}
        <Link to="/search" className={`${iconButton} lg:hidden`} aria-label="Search">
          <SearchIcon className="h-5 w-5" />
        </Link>

        <NotificationBell bell={bell} />

        <UserMenu user={user} />
      </div>
    </header>
  );
}

/** The user's name and role, opening their account's entries and Sign Out. */
function UserMenu({ user }: { user: ShellUser }) {
  // Admins reach staff and agency settings (and their tokens there); everyone else their tokens.
  const manages = can(user.role, "staff.manage");
  return (
    <HeaderPopover
      testId="user-menu"
      summaryClassName="flex items-center gap-2 rounded-lg p-1 hover:bg-slate-100 sm:pr-2"
      summary={
        <>
          <span
            className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
            aria-hidden="true"
          >
            {initials(user)}
          </span>
          {/* Read by screen readers at every width; shown from small screens up. */}
          <NameAndRole
            user={user}
            className="sr-only text-left leading-tight sm:not-sr-only sm:block sm:max-w-48"
            truncate
          />
          <ChevronDownIcon className="hidden h-4 w-4 text-slate-400 transition-transform group-open:rotate-180 sm:block" />
        </>
      }
      panelClassName="w-56 py-1"
    >
      <NameAndRole user={user} className="block border-b border-slate-100 px-4 py-3 sm:hidden" />
      <Link to="/profile" className="menu-item">
        <SettingsIcon className="" />
        Profile Settings
      </Link>
      <Link to="/preferences" className="menu-item">
        <SlidersIcon className="" />
        Preferences
      </Link>
      <Link to={manages ? "/settings/users" : "/settings/tokens"} className="menu-item">
        {manages ? <UsersIcon className="" /> : <LockIcon className="" />}
        {manages ? "Settings" : "API Tokens"}
      </Link>
      <Form method="post" action="/logout" className="border-t border-slate-100">
        <button type="submit" className="menu-item danger">
          <LogoutIcon className="" />
          Sign Out
        </button>
      </Form>
    </HeaderPopover>
  );
}

/**
 * The search box of wide screens: Enter opens the results page (/search?q=…), which works
 * without JavaScript. On that page the box keeps what was searched.
 */
function HeaderSearch() {
  const { pathname, search } = useLocation();
  const q = pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
  return (
    <Form method="get" action="/search" role="search" aria-label="Global search" className="hidden lg:block">
      <label htmlFor="global-search" className="sr-only">
        Search
      </label>
      <div className="relative">
        <SearchIcon className="search-icon" />
        <input
          key={q}
          id="global-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search everything..."
          className="global-search"
        />
      </div>
    </Form>
  );
}

/** The signed-in user's name over their role. */
function NameAndRole({ user, className, truncate }: { user: ShellUser; className: string; truncate?: boolean }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className={className}>
      {/* In the header a long name is cut (in full on hover); in the menu it wraps. */}
      <span
        className={cn("block text-sm font-medium text-slate-900", truncate ? "truncate" : "wrap-anywhere")}
        title={truncate ? name : undefined}
      >
        {name}
      </span>
      <span className="block text-xs text-slate-500">{capitalize(user.role)}</span>
    </span>
  );
}

import {
  BuildingIcon,
  ChartIcon,
  ClipboardIcon,
  ColumnsIcon,
  DollarIcon,
  FolderIcon,
  TasksIcon,
  TrendIcon,
  UploadIcon,
  UsersIcon,
} from "../ui/icons";

/** The seven sidebar entries, in order (docs/screens.md, "The application shell"); Reports after them for those who may read them. */
export const NAV_ITEMS = [
  { to: "/dashboard", label: "Dashboard", subtitle: "Overview & Analytics", Icon: ChartIcon },
  { to: "/swim-lanes", label: "Swim Lane Tracker", subtitle: "Placement Pipeline", Icon: ColumnsIcon },
  { to: "/clients", label: "Clients", subtitle: "Client Management", Icon: UsersIcon },
  { to: "/facilities", label: "Facilities", subtitle: "Care Facilities", Icon: BuildingIcon },
  { to: "/placements", label: "Placements", subtitle: "Placement Records", Icon: ClipboardIcon },
  { to: "/tasks", label: "Tasks", subtitle: "Task Management", Icon: TasksIcon },
  { to: "/resources", label: "Resources", subtitle: "Documents & Files", Icon: FolderIcon },
] as const;

/** The entry the sidebar adds for coordinators and admins (the `reports.view` permission). */
export const REPORTS_NAV_ITEM = {
  to: "/reports",
  label: "Reports",
  subtitle: "Placements & Referrals",
  Icon: TrendIcon,
} as const;

/** After them, for those who may see invoices (coordinators and admins): Invoices. */
export const INVOICES_NAV_ITEM = {
  to: "/invoices",
  label: "Invoices",
  subtitle: "Fees & Payments",
  Icon: DollarIcon,
} as const;

/** After them, for those who may import (coordinators and admins): Import. */
export const IMPORT_NAV_ITEM = {
  to: "/import",
  label: "Import",
  subtitle: "From CSV Files",
  Icon: UploadIcon,
} as const;

export interface HeaderInfo {
  title: string;
  subtitle: string;
}

/** Routes set `handle.header`; any other path gets the default title. */
export const DEFAULT_HEADER: HeaderInfo = {
  title: "Senior Placement System",
  subtitle: "Welcome to your management dashboard",
};

export function isNavItemActive(to: string, pathname: string): boolean {
  if (to === "/dashboard" && pathname === "/") return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}

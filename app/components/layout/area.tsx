import { Outlet, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "../error-boundary";
import type { HeaderInfo } from "./nav";

// The areas of the app (clients, facilities, placements, tasks, resources): each has a layout route
// (`_app.clients.tsx` …) that exports `areaHandle(name)`, `AreaLayout` and `AreaErrorBoundary`,
// so every screen of the area shows its header and fails with its texts. A screen of its own
// (the search page) uses `areaHandle` and `AreaErrorBoundary` directly. The list screens and the
// record pages read their title, their path and their nouns here too (`areaOf`).

interface Area {
  path: string;
  header: HeaderInfo;
  /** Singular and plural, as the error texts read them. */
  nouns: [string, string];
  notFound: string;
  /** A record's failure text, where it is not "Failed to load {noun} details. Please try again." */
  recordFailure?: string;
  /** The way back from a record's screens, where it is not "Back to {title}". */
  recordBack?: string;
  /** The list's failure text, where it is not "Failed to load {plural}. Please try again." */
  listFailure?: string;
}

const AREAS = {
  clients: {
    path: "/clients",
    header: { title: "Clients", subtitle: "Manage your client database" },
    nouns: ["client", "clients"],
    notFound: "This client does not exist or was removed.",
  },
  facilities: {
    path: "/facilities",
    header: { title: "Facilities", subtitle: "Care facility directory and management" },
    nouns: ["facility", "facilities"],
    notFound: "Facility not found.",
  },
  placements: {
    path: "/placements",
    header: { title: "Placements", subtitle: "Track and manage all placements" },
    nouns: ["placement", "placements"],
    notFound: "Failed to load placement details.",
    recordFailure: "Failed to load placement details.",
    recordBack: "← Back to Placements",
  },
  tasks: {
    path: "/tasks",
    header: { title: "Tasks", subtitle: "Task management and workflow" },
    nouns: ["task", "tasks"],
    notFound: "Failed to fetch task details",
    recordFailure: "Failed to fetch task details",
    listFailure: "Failed to fetch tasks",
  },
  resources: {
    path: "/resources",
    header: { title: "Resources", subtitle: "Documents & Files" },
    nouns: ["resource", "resources"],
    notFound: "Resource not found.",
    recordFailure: "Error loading resource details.",
    listFailure: "Error loading resources. Please try again.",
  },
  audit: {
    path: "/settings/audit",
    header: { title: "Audit log", subtitle: "Who did what, when, and to which record" },
    nouns: ["entry", "entries"],
    notFound: "This page does not exist.",
  },
  notifications: {
    path: "/notifications",
    header: { title: "Notifications", subtitle: "What needs you today" },
    nouns: ["notification", "notifications"],
    notFound: "This page does not exist.",
  },
  search: {
    path: "/search",
    header: { title: "Search", subtitle: "Clients, facilities, placements, tasks and documents" },
    nouns: ["search result", "search results"],
    notFound: "This page does not exist.",
  },
} satisfies Record<string, Area>;

export type AreaName = keyof typeof AREAS;

/** An area's path, header and nouns, as its screens use them. */
export function areaOf(name: AreaName): Area {
  return AREAS[name];
}

/** The way back to an area's list from its other screens ("Back to Clients"). */
export function backText(area: Area) {
  return `Back to ${area.header.title}`;
}

export function areaHandle(name: AreaName) {
  return { header: AREAS[name].header };
}

export function AreaLayout() {
  return <Outlet />;
}

/**
 * The list, the new-record form and a record's screens each fail with their own texts, and
 * every one offers the way back to the list.
 */
export function AreaErrorBoundary() {
  const { pathname } = useLocation();
  const area: Area | undefined = Object.values(AREAS).find(
    (a) => pathname === a.path || pathname.startsWith(`${a.path}/`),
  );
  if (!area) return <GeneralErrorBoundary />;
  const [noun, plural] = area.nouns;
  const back = backText(area);
  const rest = pathname.replace(/\/+$/, "").slice(area.path.length);
  if (rest === "") {
    return <GeneralErrorBoundary message={area.listFailure ?? `Failed to load ${plural}. Please try again.`} retry />;
  }
  if (rest === "/new" || rest === "/upload") return <GeneralErrorBoundary backTo={area.path} backLabel={back} />;
  return (
    <GeneralErrorBoundary
      message={area.recordFailure ?? `Failed to load ${noun} details. Please try again.`}
      notFoundMessage={area.notFound}
      backTo={area.path}
      backLabel={area.recordBack ?? back}
    />
  );
}

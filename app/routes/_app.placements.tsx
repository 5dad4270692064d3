import { areaRoute } from "~/components/layout/area";

const area = areaRoute({
  header: { title: "Placements", subtitle: "Track and manage all placements" },
  path: "/placements",
  backLabel: "Back to Placements",
  listMessage: "Failed to load placements. Please try again.",
  recordMessage: "Failed to load placement details.",
  notFoundMessage: "Failed to load placement details.",
  recordBackLabel: "← Back to Placements",
});

export const handle = area.handle;
export const ErrorBoundary = area.ErrorBoundary;
export default area.Layout;

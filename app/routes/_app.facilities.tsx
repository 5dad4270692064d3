import { areaRoute } from "~/components/layout/area";

const area = areaRoute({
  header: { title: "Facilities", subtitle: "Care facility directory and management" },
  path: "/facilities",
  backLabel: "Back to Facilities",
  listMessage: "Failed to load facilities. Please try again.",
  recordMessage: "Failed to load facility details. Please try again.",
  notFoundMessage: "Facility not found.",
});

export const handle = area.handle;
export const ErrorBoundary = area.ErrorBoundary;
export default area.Layout;

import { areaRoute } from "~/components/layout/area";

const area = areaRoute({
  header: { title: "Clients", subtitle: "Manage your client database" },
  path: "/clients",
  backLabel: "Back to Clients",
  listMessage: "Failed to load clients. Please try again.",
  recordMessage: "Failed to load client details. Please try again.",
  notFoundMessage: "This client does not exist or was removed.",
});

export const handle = area.handle;
export const ErrorBoundary = area.ErrorBoundary;
export default area.Layout;

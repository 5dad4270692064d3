import { areaHandle } from "~/components/layout/area";

export { AreaErrorBoundary as ErrorBoundary, AreaLayout as default } from "~/components/layout/area";
export const handle = areaHandle("resources");

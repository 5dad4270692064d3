// The list screens' query schemas, for their loaders. A route reaches them through this server
// module, which Remix leaves out of the browser build: imported from `~/schemas/<area>` directly,
// the import would stay in the page's bundle for its side effects (files reached through the `~/`
// alias are not covered by package.json's "sideEffects": false), and with it the area's form
// schemas and zod, about 30 KB compressed on a list page that validates nothing in the browser.
export { CLIENT_PAGE_SIZE, ClientListQuerySchema } from "~/schemas/client";
export { FACILITY_PAGE_SIZE, FacilityListQuerySchema } from "~/schemas/facility";
export { PLACEMENT_PAGE_SIZE, PlacementListQuerySchema } from "~/schemas/placement";

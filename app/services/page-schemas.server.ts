// The schemas of the pages that check nothing in the browser, for their loaders and actions. A
// route reaches them through this server module, which Remix leaves out of the browser build:
// imported from `~/schemas/<area>` directly, the import would stay in the page's bundle for its
// side effects (files reached through the `~/` alias are not covered by package.json's
// "sideEffects": false), and with it the area's form schemas and zod, about 30 KB compressed.
// Their texts and constants come from the zod-free `~/schemas/<area>.constants`;
// tests/unit/browser-imports.test.ts walks the pages' imports and fails on any path to zod.
export { CLIENT_PAGE_SIZE, ClientListQuerySchema } from "~/schemas/client";
export { FACILITY_PAGE_SIZE, FacilityListQuerySchema } from "~/schemas/facility";
export { PLACEMENT_PAGE_SIZE, PlacementListQuerySchema } from "~/schemas/placement";
export { ResourceListQuerySchema } from "~/schemas/resource";
export { SearchTermSchema } from "~/schemas/search";
export { CommunicationSchema, MoveTaskSchema, SwimLaneQuerySchema } from "~/schemas/swim-lanes";
export { ChecklistToggleSchema, TaskListQuerySchema } from "~/schemas/task";
export { StepTaskSchema, StepToggleSchema } from "~/schemas/placement-task";
export { AUDIT_PAGE_SIZE, AuditListQuerySchema } from "~/schemas/audit";
export { MarkReadSchema, NOTIFICATIONS_PAGE_SIZE, NotificationsQuerySchema } from "~/schemas/notifications";

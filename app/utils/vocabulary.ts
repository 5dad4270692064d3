// The canonical vocabularies of DESIGN.md §5. Stored values are the labels forms show.

export const CLIENT_STATUSES = ["New Client", "Active Client", "Target", "Placed", "Follow-up"] as const;
/** Task stages are the swim lanes, the same five names as client statuses. */
export const TASK_STAGES = CLIENT_STATUSES;
export const PLACEMENT_STATUSES = ["In Progress", "Confirmed", "Completed", "Cancelled"] as const;
export const PRIORITIES = ["Low", "Medium", "High", "Urgent"] as const;
export const CARE_LEVELS = ["independent", "assisted", "memory", "skilled"] as const;

export type ClientStatusValue = (typeof CLIENT_STATUSES)[number];
export type PlacementStatusValue = (typeof PLACEMENT_STATUSES)[number];

// The placement screens' texts that pages checking nothing in the browser need, without zod
// (tests/unit/browser-imports.test.ts). placement.ts, the schemas, re-exports them.

/** What the placement screens say when a placement cannot be found or loaded. */
export const PLACEMENT_NOT_FOUND = "Failed to load placement details.";

/** The confirmation before a placement is deleted. */
export const DELETE_PLACEMENT_MESSAGE = "Are you sure you want to delete this placement? This action cannot be undone.";

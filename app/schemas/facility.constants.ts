// The facility screens' texts that pages checking nothing in the browser need, without zod
// (tests/unit/browser-imports.test.ts). facility.ts, the schemas, re-exports them.

/** The confirmation before a facility is deleted. */
export const DELETE_FACILITY_MESSAGE = "Are you sure you want to delete this facility? This action cannot be undone.";

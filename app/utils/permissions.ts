import type { Role } from "./vocabulary";

/**
 * Who may do what (DESIGN.md §12): admin ⊃ coordinator ⊃ agent, as named permissions. The server
 * checks them (`requirePermission` for screens, `removeNeeds` of `apiRecordRoute` for the API, the
 * models for what a role may see or write: restricted documents, a task's assignee); the screens
 * use `useCan` to leave out the controls a role cannot use. Every screen stays visible to every
 * role.
 */
export const PERMISSIONS = {
  /** Delete a client, a facility or a placement (an agent marks a facility inactive instead). */
  "records.delete": ["coordinator", "admin"],
  /** Download a list as CSV (clients, facilities, documents). */
  "lists.export": ["coordinator", "admin"],
  /** Import clients, facilities and placements from a CSV file, and undo an import (/import). */
  "records.import": ["coordinator", "admin"],
  /** Read the reports (placements, time to move-in, conversion, referral sources) and download them. */
  "reports.view": ["coordinator", "admin"],
  /** Assign a task to someone else (an agent's tasks are their own: new ones, and reassigned ones). */
  "tasks.assignOthers": ["coordinator", "admin"],
  /** See and open restricted documents that someone else uploaded. */
  "documents.restricted": ["coordinator", "admin"],
  /** Invite staff, change their roles, deactivate and reactivate them, move their work. */
  "staff.manage": ["admin"],
  /** Change the agency's name and time zone. */
  "agency.settings": ["admin"],
  /** Read the whole audit trail (Settings → Audit log) and download it as CSV. */
  "audit.view": ["admin"],
  /** Add, change and end a facility's referral agreements; correct a placement's referral fee. */
  "fees.manage": ["coordinator", "admin"],
  /** See invoices, send them, record payments and credit notes, void them (/invoices). */
  "invoices.manage": ["coordinator", "admin"],
  /** See a client's own history (who viewed and changed it) on the client's page. */
  "audit.clientHistory": ["coordinator", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Whether `role` has `permission`; no role (or an unknown one) counts as an agent's. */
export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role ?? "agent");
}

/** What a refusal says, on a screen or in the API's error envelope. */
export const PERMISSION_MESSAGES: Record<Permission, string> = {
  "records.delete": "Only a coordinator or an admin can delete clients, facilities and placements.",
  "lists.export": "Only a coordinator or an admin can export lists.",
  "records.import": "Only a coordinator or an admin can import records.",
  "reports.view": "Only a coordinator or an admin can see the reports.",
  "tasks.assignOthers": "Only a coordinator or an admin can assign tasks to others.",
  "documents.restricted": "Only a coordinator or an admin can see restricted documents.",
  "staff.manage": "Only an admin can manage staff.",
  "agency.settings": "Only an admin can change the agency's settings.",
  "audit.view": "Only an admin can read the audit log.",
  "audit.clientHistory": "Only a coordinator or an admin can see a client's history.",
  "fees.manage": "Only a coordinator or an admin can change referral agreements and fees.",
  "invoices.manage": "Only a coordinator or an admin can see and manage invoices.",
};

import * as z from "zod";
import { LANDING_PAGES, type LandingPage, ROLES } from "~/utils/vocabulary";
import { withNewPassword } from "./auth";
import { checkbox, EmailSchema, type LinkProblem, requiredText, vocabulary } from "./common";

// Staff management (/settings/users), accepting an invitation (/invitation), the agency's
// settings (/settings/agency) and a person's preferences (/preferences).

export const ROLE_LABELS = { agent: "Agent", coordinator: "Coordinator", admin: "Admin" } as const;

/** What each role may do (DESIGN: Roles), said where a role is chosen. */
export const ROLE_SUMMARY =
  "Agents work on clients, facilities, placements, tasks and documents. Coordinators can also delete, export, assign tasks to others and see restricted documents. Admins can also manage staff and the agency's settings.";

const role = vocabulary("Role", ROLES);

export const InviteSchema = z.strictObject({
  intent: z.literal("invite"),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: EmailSchema,
  role,
});
export type InviteInput = z.output<typeof InviteSchema>;

/** Revoking an invitation not yet accepted (a button on the staff list). */
export const RevokeInvitationSchema = z.strictObject({
  intent: z.literal("revoke"),
  invitationId: z.uuid("Unknown invitation"),
});

export const StaffListFormsSchema = z.discriminatedUnion("intent", [InviteSchema, RevokeInvitationSchema]);

export const MEMBER_IS_STAFF = "A staff member with this email already exists.";
export const MEMBER_IS_INACTIVE = "This email belongs to a deactivated staff member: reactivate them instead.";

/** The forms of one staff member's page: role, access, and moving their open work. */
export const StaffMemberFormsSchema = z.discriminatedUnion("intent", [
  z.strictObject({ intent: z.literal("role"), role }),
  z.strictObject({ intent: z.literal("deactivate") }),
  z.strictObject({ intent: z.literal("reactivate") }),
  z.strictObject({ intent: z.literal("reset-two-factor") }),
  z.strictObject({
    intent: z.literal("reassign"),
    to: z.uuid("Choose who takes over the work"),
  }),
]);

export const STAFF_REFUSALS = {
  "last-admin": "The agency needs at least one active admin: make someone else an admin first.",
  self: "You cannot deactivate your own account.",
  same: "Choose someone else to take over the work.",
  "inactive-target": "Choose an active staff member to take over the work.",
} as const;

/** The invitation link's page: the invitee's name and a password under the five rules. */
export const AcceptInvitationSchema = withNewPassword({
  token: z
    .string({ error: "The invitation link is not valid" })
    .trim()
    .min(1, "The invitation link is not valid")
    .max(200, "The invitation link is not valid"),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
});

/** Why an invitation link does not work, as its page says it. */
export const INVITATION_PROBLEMS: Record<LinkProblem, string> = {
  invalid: "This invitation link is not valid. Ask your agency's admin for a new one.",
  expired: "This invitation has expired. Ask your agency's admin for a new one.",
  used: "This invitation has already been used. Sign in with your email and password.",
};

/** Time zones this runtime knows, for the agency's settings. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : [...zones, "UTC"];
}

export const AgencySettingsSchema = z.strictObject({
  name: requiredText("Agency name is required", 200),
  timeZone: z
    .string({ error: "Time zone is required" })
    .refine((zone) => timeZones().includes(zone), "Choose a time zone from the list"),
  /** Everyone signs in with a second factor (docs/security.md, "Two-factor sign-in"). */
  requireTwoFactor: checkbox,
});

export const AGENCY_CHECKBOXES = ["requireTwoFactor"] as const;

/** Requiring it of everyone while the admin saving it has it off would lock them out next time. */
export const TURN_ON_YOUR_OWN_FIRST =
  "Turn on two-factor sign-in for yourself first, on your profile, before requiring it of everyone.";

export const PreferencesSchema = z.strictObject({
  landingPage: z.enum(Object.keys(LANDING_PAGES) as [LandingPage, ...LandingPage[]], {
    error: "Choose a page from the list",
  }),
  /** The daily e-mail digest of their notifications (docs/screens.md, "Notifications"). */
  dailyDigest: checkbox,
});

export const PREFERENCES_CHECKBOXES = ["dailyDigest"] as const;

import { Form, Link } from "@remix-run/react";
import { InviteSchema, ROLE_LABELS, ROLE_SUMMARY } from "~/schemas/staff";
import { ROLES, type Role } from "~/utils/vocabulary";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TitledCard } from "../ui/card";
import { InputField, SelectField } from "../ui/form";
import { IntentFormCard, type IntentFormsData, IntentSubmitButton, useIntentForm } from "../ui/intent-form";
import { StackedTable } from "../ui/stacked-table";
import { requiredFields } from "../ui/use-schema-form";

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
  /** "Nov 27, 2026, 3:42 PM" in the agency's zone, or null: never signed in. */
  lastSignIn: string | null;
  openTasks: number;
  openPlacements: number;
  isYou: boolean;
}

export interface InvitationRowData {
  id: string;
  name: string;
  email: string;
  role: Role;
  expires: string;
  expired: boolean;
  invitedBy: string | null;
}

export const ROLE_OPTIONS = ROLES.map((role) => [role, ROLE_LABELS[role]] as const);

/** /settings/users: the agency's staff, the invitations still out, and the invite form. */
export function StaffPage({
  staff,
  invitations,
  data,
}: {
  staff: StaffRow[];
  invitations: InvitationRowData[];
  data: IntentFormsData | undefined;
}) {
  return (
    <div className="space-y-6">
      <StaffTable staff={staff} />
      {invitations.length > 0 ? <Invitations invitations={invitations} /> : null}
      <InviteForm data={data} />
    </div>
  );
}

function StaffTable({ staff }: { staff: StaffRow[] }) {
  return (
    <StackedTable
      className="staff-table"
      columns={["Name", "Role", "Status", "Last sign-in", "Open work"]}
      actions="said"
    >
      {staff.map((member) => (
        <tr key={member.id}>
          <td data-label="Name" className="col-span-2">
            <span className="block font-medium text-slate-900">
              {member.name}
              {member.isYou ? <span className="text-slate-500"> (you)</span> : null}
            </span>
            <span className="block text-slate-500 wrap-anywhere">{member.email}</span>
          </td>
          <td data-label="Role">{ROLE_LABELS[member.role]}</td>
          <td data-label="Status">
            <Badge tone={member.isActive ? "green" : "gray"}>{member.isActive ? "Active" : "Deactivated"}</Badge>
          </td>
          <td data-label="Last sign-in">{member.lastSignIn ?? "Never"}</td>
          <td data-label="Open work" className="col-span-2">
            {member.openTasks} {member.openTasks === 1 ? "task" : "tasks"}, {member.openPlacements}{" "}
            {member.openPlacements === 1 ? "placement" : "placements"}
            {!member.isActive && member.openTasks + member.openPlacements > 0 ? (
              <Badge tone="orange" className="ml-2">
                Needs reassigning
              </Badge>
            ) : null}
          </td>
          <td>
            <Link to={`/settings/users/${member.id}`} className="font-medium text-brand-700 hover:underline">
              Manage<span className="sr-only"> {member.name}</span>
            </Link>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

function Invitations({ invitations }: { invitations: InvitationRowData[] }) {
  return (
    <TitledCard
      title="Invitations"
      description="Sent, not yet accepted. A new invitation to the same email replaces one."
    >
      <ul className="divide-y divide-slate-100">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {invitation.name} · {ROLE_LABELS[invitation.role]}
              </p>
              <p className="text-slate-500 wrap-anywhere">{invitation.email}</p>
              <p className="text-slate-500">
                {invitation.expired ? `Expired ${invitation.expires}` : `Expires ${invitation.expires}`}
                {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ""}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <Button type="submit" variant="outline" size="sm">
                Revoke<span className="sr-only"> the invitation of {invitation.name}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

function InviteForm({ data }: { data: IntentFormsData | undefined }) {
  const [form, fields] = useIntentForm(InviteSchema, "invite", data, {
    defaultValue: { role: "agent" },
    constraint: requiredFields("firstName", "lastName", "email", "role"),
  });
  return (
    <IntentFormCard
      form={form}
      intent="invite"
      label="Invite a staff member"
      title="Invite a Staff Member"
      description="They get an email with a link to choose their password. The link works once, for 7 days."
    >
      <InputField field={fields.firstName} label="First name" required autoComplete="off" />
      <InputField field={fields.lastName} label="Last name" required autoComplete="off" />
      <InputField field={fields.email} label="Email" required type="email" autoComplete="off" />
      <SelectField field={fields.role} label="Role" required options={ROLE_OPTIONS} hint={ROLE_SUMMARY} />
      <IntentSubmitButton intent="invite" label="Send Invitation" pendingLabel="Sending..." />
    </IntentFormCard>
  );
}

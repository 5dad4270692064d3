import { ROLE_LABELS, ROLE_SUMMARY, StaffMemberFormsSchema } from "~/schemas/staff";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { BackLink, Items } from "../ui/detail";
import { SelectField } from "../ui/form";
import { IntentFormCard, type IntentFormsData, IntentSubmitButton, useIntentForm } from "../ui/intent-form";
import { ROLE_OPTIONS, type StaffRow } from "./staff-page";

type Intent = "role" | "deactivate" | "reactivate" | "reassign" | "reset-two-factor";

/** What the page shows, and its forms' last answer. */
interface StaffMemberPageData {
  member: StaffRow;
  /** Whether they have two-factor sign-in on (an admin can reset it: a lost phone). */
  twoFactorOn: boolean;
  /** Who can take over the work: the other active staff, [id, name]. */
  colleagues: [string, string][];
  data: IntentFormsData | undefined;
}

/** /settings/users/{id}: one staff member's role, access and open work. */
export function StaffMemberPage({ member, twoFactorOn, colleagues, data }: StaffMemberPageData) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <BackLink to="/settings/users">Back to Staff</BackLink>
      <section aria-labelledby="member-name" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="member-name" className="text-lg font-semibold text-slate-900">
          {member.name}{" "}
          <Badge tone={member.isActive ? "green" : "gray"}>{member.isActive ? "Active" : "Deactivated"}</Badge>
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <Items
            pairs={[
              ["Email", member.email],
              ["Role", ROLE_LABELS[member.role]],
              ["Last sign-in", member.lastSignIn ?? "Never"],
            ]}
          />
        </dl>
      </section>
      <RoleForm member={member} data={data} />
      <ReassignForm member={member} colleagues={colleagues} data={data} />
      {twoFactorOn && !member.isYou ? <ResetTwoFactorForm data={data} /> : null}
      {member.isYou ? null : <AccessForm member={member} data={data} />}
    </div>
  );
}

/** One of the page's forms (`member-role` …), with the last answer if it was this one's. */
function useMemberForm(intent: Intent, data: IntentFormsData | undefined, defaultValue: object = {}) {
  return useIntentForm(StaffMemberFormsSchema, intent, data, { id: `member-${intent}`, defaultValue });
}

function RoleForm({ member, data }: { member: StaffRow; data: IntentFormsData | undefined }) {
  const [form, fields] = useMemberForm("role", data, { role: member.role });
  return (
    <IntentFormCard form={form} intent="role" label="Role" title="Role" description={ROLE_SUMMARY}>
      <SelectField field={fields.role} label="Role" options={ROLE_OPTIONS} />
      <IntentSubmitButton intent="role" label="Change Role" pendingLabel="Saving..." />
    </IntentFormCard>
  );
}

function ReassignForm({ member, colleagues, data }: Omit<StaffMemberPageData, "twoFactorOn">) {
  const [form, fields] = useMemberForm("reassign", data);
  const open = member.openTasks + member.openPlacements;
  const counts = `${member.openTasks} open ${member.openTasks === 1 ? "task" : "tasks"} and ${member.openPlacements} active ${member.openPlacements === 1 ? "placement" : "placements"}`;
  return (
    <IntentFormCard
      form={form}
      intent="reassign"
      label="Move open work"
      title="Move Open Work"
      description="Tasks not yet completed, and placements In Progress or Confirmed, go to someone else in one step."
      layout="stack"
    >
      {!member.isActive && open > 0 ? (
        <Alert tone="warning">
          {member.name} no longer has access but still has {counts}. Move them to someone who does.
        </Alert>
      ) : (
        <p className="text-sm text-slate-700">
          {member.name} has {counts}.
        </p>
      )}
      {open > 0 ? (
        <>
          <SelectField
            field={fields.to}
            label="Move to"
            required
            placeholder="Choose a staff member"
            options={colleagues}
          />
          <IntentSubmitButton intent="reassign" label={`Move ${counts}`} pendingLabel="Moving..." />
        </>
      ) : null}
    </IntentFormCard>
  );
}

function ResetTwoFactorForm({ data }: { data: IntentFormsData | undefined }) {
  const [form] = useMemberForm("reset-two-factor", data);
  return (
    <IntentFormCard
      form={form}
      intent="reset-two-factor"
      label="Two-factor sign-in"
      title="Two-factor sign-in"
      description="On. If they lost their phone and their recovery codes, resetting it lets their password alone sign them in until they set it up again."
      layout="stack"
    >
      <IntentSubmitButton
        intent="reset-two-factor"
        variant="danger"
        label="Reset two-factor sign-in"
        pendingLabel="Resetting..."
      />
    </IntentFormCard>
  );
}

function AccessForm({ member, data }: { member: StaffRow; data: IntentFormsData | undefined }) {
  const intent = member.isActive ? "deactivate" : "reactivate";
  const [form] = useMemberForm(intent, data);
  return (
    <IntentFormCard
      form={form}
      intent={intent}
      label="Access"
      title="Access"
      description={
        member.isActive
          ? "Deactivating signs them out everywhere at once (browsers and API tokens) and stops them signing in. Their records stay."
          : "Reactivating lets them sign in again with their password."
      }
      layout="stack"
    >
      <IntentSubmitButton
        intent={intent}
        variant={member.isActive ? "danger" : "primary"}
        label={member.isActive ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
        pendingLabel={member.isActive ? "Deactivating..." : "Reactivating..."}
      />
    </IntentFormCard>
  );
}

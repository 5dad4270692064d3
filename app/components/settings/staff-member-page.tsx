import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ROLE_LABELS, ROLE_SUMMARY, StaffMemberFormsSchema } from "~/schemas/staff";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { BackLink, Items } from "../ui/detail";
import { FormSection, SelectField } from "../ui/form";
import { FormErrors, type IntentFormsData, IntentSubmitButton, resultFor } from "../ui/intent-form";
import { useSchemaForm } from "../ui/use-schema-form";
import { ROLE_OPTIONS, type StaffRow } from "./staff-page";

type Intent = "role" | "deactivate" | "reactivate" | "reassign";

/** /settings/users/{id}: one staff member's role, access and open work. */
export function StaffMemberPage({
  member,
  colleagues,
  data,
}: {
  member: StaffRow;
  /** Who can take over the work: the other active staff, [id, name]. */
  colleagues: [string, string][];
  data: IntentFormsData | undefined;
}) {
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
      {member.isYou ? null : <AccessForm member={member} data={data} />}
    </div>
  );
}

function useIntentForm(intent: Intent, data: IntentFormsData | undefined, defaultValue: object = {}) {
  return useSchemaForm(StaffMemberFormsSchema, {
    id: `member-${intent}`,
    lastResult: resultFor(intent, data),
    defaultValue: { ...defaultValue, intent },
  });
}

function RoleForm({ member, data }: { member: StaffRow; data: IntentFormsData | undefined }) {
  const [form, fields] = useIntentForm("role", data, { role: member.role });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Role">
      <input type="hidden" name="intent" value="role" />
      <FormSection title="Role" description={ROLE_SUMMARY}>
        <FormErrors errors={form.errors} />
        <SelectField field={fields.role} label="Role" options={ROLE_OPTIONS} />
        <IntentSubmitButton intent="role" label="Change Role" pendingLabel="Saving..." />
      </FormSection>
    </Form>
  );
}

function ReassignForm({
  member,
  colleagues,
  data,
}: {
  member: StaffRow;
  colleagues: [string, string][];
  data: IntentFormsData | undefined;
}) {
  const [form, fields] = useIntentForm("reassign", data);
  const open = member.openTasks + member.openPlacements;
  const counts = `${member.openTasks} open ${member.openTasks === 1 ? "task" : "tasks"} and ${member.openPlacements} active ${member.openPlacements === 1 ? "placement" : "placements"}`;
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Move open work">
      <input type="hidden" name="intent" value="reassign" />
      <FormSection
        title="Move Open Work"
        description="Tasks not yet completed, and placements In Progress or Confirmed, go to someone else in one step."
        layout="stack"
      >
        <FormErrors errors={form.errors} />
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
      </FormSection>
    </Form>
  );
}

function AccessForm({ member, data }: { member: StaffRow; data: IntentFormsData | undefined }) {
  const intent = member.isActive ? "deactivate" : "reactivate";
  const [form] = useIntentForm(intent, data);
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Access">
      <input type="hidden" name="intent" value={intent} />
      <FormSection
        title="Access"
        description={
          member.isActive
            ? "Deactivating signs them out everywhere at once (browsers and API tokens) and stops them signing in. Their records stay."
            : "Reactivating lets them sign in again with their password."
        }
        layout="stack"
      >
        <FormErrors errors={form.errors} />
        <IntentSubmitButton
          intent={intent}
          variant={member.isActive ? "danger" : "primary"}
          label={member.isActive ? `Deactivate ${member.name}` : `Reactivate ${member.name}`}
          pendingLabel={member.isActive ? "Deactivating..." : "Reactivating..."}
        />
      </FormSection>
    </Form>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AgencyForm } from "~/components/settings/agency-form";
import { agencyDay, getAgencySettings, updateAgencySettings } from "~/models/agency.server";
import { twoFactorState } from "~/models/two-factor.server";
import { AGENCY_CHECKBOXES, AgencySettingsSchema, TURN_ON_YOUR_OWN_FIRST, timeZones } from "~/schemas/staff";
import { submitForm } from "~/services/form.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { formatDateTime } from "~/utils/format";
import { invariantResponse } from "~/utils/responses";

export const meta: MetaFunction = () => [{ title: "Agency · Settings · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { db, ctx } = await requireSignedIn(args);
  requirePermission(ctx, "agency.settings");
  const [agency, day] = await Promise.all([getAgencySettings(db, ctx), agencyDay(db, ctx)]);
  invariantResponse(agency, "This agency does not exist.");
  return json({
    agency: { name: agency.name, timeZone: day.timeZone, requireTwoFactor: agency.requireTwoFactor },
    timeZones: timeZones(),
    now: formatDateTime(new Date(), day.timeZone),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { db, ctx } = await requireSignedIn(args);
  requirePermission(ctx, "agency.settings");
  const options = {
    failure: "Failed to save the agency's settings. Please try again.",
    success: { to: "/settings/agency", title: "Agency settings saved" },
    checkboxes: AGENCY_CHECKBOXES,
  };
  return submitForm(args.request, AgencySettingsSchema, options, async (value, reply) => {
    if (value.requireTwoFactor && (await twoFactorState(db, ctx.userId)) !== "on") {
      return json({ result: reply({ fieldErrors: { requireTwoFactor: [TURN_ON_YOUR_OWN_FIRST] } }) }, { status: 400 });
    }
    await updateAgencySettings(db, ctx, value);
  });
}

export default function AgencySettingsRoute() {
  const { agency, timeZones, now } = useLoaderData<typeof loader>();
  return <AgencyForm agency={agency} timeZones={timeZones} now={now} data={useActionData<typeof action>()} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PreferencesForm } from "~/components/profile/preferences-form";
import { getPreferences, updatePreferences } from "~/models/user.server";
import { PREFERENCES_CHECKBOXES, PreferencesSchema } from "~/schemas/staff";
import { submitForm } from "~/services/form.server";
import { requireSignedIn } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Preferences · Senior Placement" }];

export const handle = { header: { title: "Preferences", subtitle: "How the app opens for you" } };

export async function loader(args: LoaderFunctionArgs) {
  const { db, ctx } = await requireSignedIn(args);
  return json({ preferences: await getPreferences(db, ctx) });
}

export async function action(args: ActionFunctionArgs) {
  const { db, ctx } = await requireSignedIn(args);
  const options = {
    failure: "Failed to save your preferences. Please try again.",
    success: { to: "/preferences", title: "Preferences saved" },
    checkboxes: PREFERENCES_CHECKBOXES,
  };
  return submitForm(args.request, PreferencesSchema, options, (value) => updatePreferences(db, ctx, value));
}

export default function PreferencesRoute() {
  const { preferences } = useLoaderData<typeof loader>();
  return <PreferencesForm preferences={preferences} data={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load your preferences. Please try again." retry />;
}

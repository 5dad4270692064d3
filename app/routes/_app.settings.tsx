import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SettingsTabs } from "~/components/settings/settings-tabs";

// The settings' layout: its sections as tabs (staff, the agency and the audit log for admins, API
// tokens for everyone), then the section.

export const handle = { header: { title: "Settings", subtitle: "Staff, agency, API tokens and the audit log" } };

export default function SettingsLayout() {
  return (
    <div className="mx-auto max-w-5xl">
      <SettingsTabs />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-5xl">
      <SettingsTabs />
      <GeneralErrorBoundary message="Failed to load the settings. Please try again." retry />
    </div>
  );
}

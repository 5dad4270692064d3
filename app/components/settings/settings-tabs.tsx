import { useLocation } from "@remix-run/react";
import { Tabs } from "../ui/tabs";
import { useCan } from "../layout/use-can";

/** The settings' sections: staff, the agency and the audit log for admins, API tokens for everyone. */
export function SettingsTabs() {
  const { pathname } = useLocation();
  const manages = useCan("staff.manage");
  const audits = useCan("audit.view");
  const items = [
    ...(manages
      ? [
          { value: "users", label: "Staff", to: "/settings/users" },
          { value: "agency", label: "Agency", to: "/settings/agency" },
        ]
      : []),
    { value: "tokens", label: "API Tokens", to: "/settings/tokens" },
    ...(audits ? [{ value: "audit", label: "Audit log", to: "/settings/audit" }] : []),
  ];
  const current = items.find((item) => pathname.startsWith(item.to))?.value ?? "";
  return <Tabs items={items} current={current} aria-label="Settings sections" className="mb-6" />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AUDIT_FILTER_LABELS, AuditLogPage } from "~/components/settings/audit-log-page";
import { auditLogPage } from "~/services/audit-page.server";
import { filterValues, loadListPage } from "~/services/list-page.server";
import { AUDIT_PAGE_SIZE, AuditListQuerySchema } from "~/services/page-schemas.server";

export const meta: MetaFunction = () => [{ title: "Audit log · Settings · Senior Placement" }];

const SCREEN = { schema: AuditListQuerySchema, pageSize: AUDIT_PAGE_SIZE, labels: AUDIT_FILTER_LABELS };

/** Settings → Audit log (admins only): who did what, when, to which record; filtered, 50 a page. */
export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, auditLogPage);
  return json({
    ...result,
    filters: filterValues(query, ["actorId", "action", "entity", "entityId", "from", "to"]),
    problems,
  });
}

export default function AuditLogRoute() {
  return <AuditLogPage {...useLoaderData<typeof loader>()} />;
}

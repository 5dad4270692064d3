import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ImportPage } from "~/components/import/import-page";
import { IMPORT_MESSAGES } from "~/schemas/import";
import { importIntent, importPage } from "~/services/import-page.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

// /import/{id} (coordinators and admins): a draft's column mapping (?step=map, the default) and
// preview (?step=preview), then the import's progress (the page refreshes itself while it runs)
// and its summary, with Undo for 24 hours. Every step is a plain form.

export const handle = {
  header: { title: "Import", subtitle: "Clients, facilities and placements from a spreadsheet" },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const running = data?.import.status === "queued" || data?.import.status === "running";
  return [
    { title: "Import · Senior Placement" },
    ...(running ? [{ httpEquiv: "refresh", content: "2" } as const] : []),
  ];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.import");
  const page = await importPage(db, ctx, params.id ?? "");
  if (!page) throw new Response(IMPORT_MESSAGES.notFound, { status: 404 });
  const step = new URL(request.url).searchParams.get("step") === "preview" ? "preview" : "map";
  return json({ ...page, step } as const, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.import");
  const result = await importIntent(db, ctx, params.id ?? "", await request.formData());
  if ("redirect" in result) return redirect(result.redirect);
  return json({ error: result.error }, { status: result.status });
}

export default function ImportIdRoute() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <ImportPage {...data} error={failed?.error} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load this import. Please try again." />;
}

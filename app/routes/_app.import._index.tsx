import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ImportHome } from "~/components/import/import-home";
import { listImportsPage } from "~/services/import-page.server";
import { ImportUploadRefused, startImport } from "~/services/import-upload.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

// /import (coordinators and admins): upload a CSV file, which becomes a draft import to map and
// preview (/import/{id}); the agency's latest imports.

export const handle = {
  header: { title: "Import", subtitle: "Clients, facilities and placements from a spreadsheet" },
};

export const meta: MetaFunction = () => [{ title: "Import · Senior Placement" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.import");
  return json({ imports: await listImportsPage(db, ctx) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.import");
  try {
    const id = await startImport(db, ctx, request, "draft");
    return redirect(`/import/${id}`);
  } catch (error) {
    if (!(error instanceof ImportUploadRefused)) throw error;
    return json({ error: error.message, imports: await listImportsPage(db, ctx) }, { status: error.status });
  }
}

export default function ImportRoute() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <ImportHome imports={failed?.imports ?? loaded.imports} error={failed?.error} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load the imports. Please try again." />;
}

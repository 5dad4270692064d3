import type { LoaderFunctionArgs } from "@remix-run/node";
import { RESOURCE_MESSAGES } from "~/schemas/resource";
import { downloadResponse, versionParam } from "~/services/downloads.server";
import { requireSignedIn } from "~/services/session.server";
import { fileStorage } from "~/utils/storage.server";

// GET /resources/{id}/download[?version=N]: the document's file (its current version, or version N)
// as an attachment, for the signed-in user who may see it. Counted and recorded.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const version = versionParam(request);
  const response = version === null ? null : await downloadResponse(db, ctx, fileStorage(), params.id ?? "", version);
  return (
    response ??
    new Response(RESOURCE_MESSAGES.notFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    })
  );
}

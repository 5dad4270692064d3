import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { type ReplaceReply, ReplaceFileForm } from "~/components/resources/replace-file-form";
import { BackLink } from "~/components/ui/detail";
import { addResourceVersion, getResource } from "~/models/resources.server";
import { fileReplaced, RESOURCE_MESSAGES, ReplaceFileSchema } from "~/schemas/resource";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { handleUpload, UploadRefused } from "~/services/uploads.server";
import { fileStorage } from "~/utils/storage.server";
import { requireRouteRecord } from "~/services/record-screen.server";

// POST /resources/{id}/replace: a new version of a document (its page's Replace file form). The
// page itself shows that form alone, with what went wrong, when JavaScript is off.

export const meta: MetaFunction = () => [{ title: "Replace File · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record } = await requireRouteRecord(args, getResource, RESOURCE_MESSAGES.notFound);
  return json({ id: record.id, name: record.originalName, version: record.version });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  if (!(await getResource(db, ctx, id))) throw new Response(RESOURCE_MESSAGES.notFound, { status: 404 });
  try {
    return await handleUpload(
      request,
      fileStorage(),
      { fileField: "file", maxFiles: 1 },
      async ({ fields, files, keepIf }) => {
        const [file] = files;
        const parsed = ReplaceFileSchema.safeParse({ changeLog: fields.get("changeLog") });
        const changeLog = String(fields.get("changeLog") ?? "");
        if (!file || !parsed.success) {
          return json<ReplaceReply>(
            {
              fileError: file ? undefined : RESOURCE_MESSAGES.noFiles,
              error: parsed.success ? undefined : `Change log: ${parsed.error.issues[0].message}`,
              changeLog,
            },
            { status: 400 },
          );
        }
        let added;
        try {
          added = await keepIf(addResourceVersion(db, ctx, id, file, parsed.data.changeLog));
        } catch (error) {
          console.error("[resources] saving a new version failed", error);
          return json<ReplaceReply>({ error: RESOURCE_MESSAGES.uploadFailed, changeLog }, { status: 500 });
        }
        if (!added) throw new Response(RESOURCE_MESSAGES.notFound, { status: 404 });
        return redirectWithToast(`/resources/${id}`, { type: "success", title: fileReplaced(added.version) });
      },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof UploadRefused)
      return json<ReplaceReply>({ fileError: error.message }, { status: error.status });
    console.error("[resources] replacing a file failed", error);
    return json<ReplaceReply>({ error: RESOURCE_MESSAGES.uploadFailed }, { status: 500 });
  }
}

export default function ReplaceFilePage() {
  const { id, name, version } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink to={`/resources/${id}`}>Back to {name}</BackLink>
      <p className="text-sm text-slate-600">
        {name} is at version {version}. The new file becomes version {version + 1}.
      </p>
      <ReplaceFileForm resourceId={id} />
    </div>
  );
}

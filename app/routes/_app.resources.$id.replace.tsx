import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { type ReplaceReply, ReplaceFileForm } from "~/components/resources/replace-file-form";
import { BackLink } from "~/components/ui/detail";
import { getResource } from "~/models/resources.server";
import { fileReplaced, RESOURCE_MESSAGES, ReplaceFileSchema } from "~/schemas/resource";
import { saveNewVersion } from "~/services/resources.server";
import { redirectWithToast, requireRecord, requireSignedIn } from "~/services/session.server";
import { receiveUpload, removeFiles, UploadRefused } from "~/services/uploads.server";
import { fileStorage } from "~/utils/storage.server";

// POST /resources/{id}/replace: a new version of a document (its page's Replace file form). The
// page itself shows that form alone, with what went wrong, when JavaScript is off.

export const meta: MetaFunction = () => [{ title: "Replace File · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record } = await requireRecord({ request, context }, params.id, getResource, RESOURCE_MESSAGES.notFound);
  return json({ id: record.id, name: record.originalName, version: record.version });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  const storage = fileStorage();
  if (!(await getResource(db, ctx, id))) throw new Response(RESOURCE_MESSAGES.notFound, { status: 404 });
  let received;
  try {
    received = await receiveUpload(request, storage, { fileField: "file", maxFiles: 1 });
  } catch (error) {
    if (error instanceof UploadRefused)
      return json<ReplaceReply>({ fileError: error.message }, { status: error.status });
    console.error("[resources] replacing a file failed", error);
    return json<ReplaceReply>({ error: RESOURCE_MESSAGES.uploadFailed }, { status: 500 });
  }
  const [file] = received.files;
  const parsed = ReplaceFileSchema.safeParse({ changeLog: received.fields.get("changeLog") });
  const changeLog = String(received.fields.get("changeLog") ?? "");
  if (!file || !parsed.success) {
    await removeFiles(storage, received.files);
    return json<ReplaceReply>(
      {
        fileError: file ? undefined : RESOURCE_MESSAGES.noFiles,
        error: parsed.success ? undefined : `Change log: ${parsed.error.issues[0].message}`,
        changeLog,
      },
      { status: 400 },
    );
  }
  try {
    const added = await saveNewVersion(db, ctx, storage, id, file, parsed.data.changeLog);
    if (!added) throw new Response(RESOURCE_MESSAGES.notFound, { status: 404 });
    return redirectWithToast(`/resources/${id}`, { type: "success", title: fileReplaced(added.version) });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[resources] saving a new version failed", error);
    return json<ReplaceReply>({ error: RESOURCE_MESSAGES.uploadFailed, changeLog }, { status: 500 });
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

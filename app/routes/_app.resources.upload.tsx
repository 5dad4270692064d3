import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UploadForm } from "~/components/resources/upload-form";
import { createResources, type RelatedChoices, relatedChoices } from "~/models/resources.server";
import {
  filesUploaded,
  MAX_FILES_PER_UPLOAD,
  relatedTypeOf,
  RESOURCE_MESSAGES,
  ResourceDetailsSchema,
} from "~/schemas/resource";
import { searchTerm } from "~/schemas/common";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { handleUpload, UPLOAD_FILE_FIELD, UploadRefused } from "~/services/uploads.server";
import { ALLOWED_EXTENSIONS } from "~/utils/file-types.server";
import { fileStorage } from "~/utils/storage.server";
import { RELATED_SEARCH_FIELD } from "~/components/resources/resource-details-fields";

// /resources/upload (spec 002 §2 Resource upload, §5 Upload): several files and their details.
// Without JavaScript a plain multipart form; with it the same form sent by a script that shows
// each file's progress and asks for JSON (`Accept: application/json`, as the route's data). Either way the files
// stream through the checks into storage, and all of them are saved or none
// (docs/documents.md).

export const meta: MetaFunction = () => [{ title: "Upload Documents · Senior Placement" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const search = new URL(request.url).searchParams;
  const type = relatedTypeOf(search.get("relatedToType"));
  const choices = await relatedChoices(
    db,
    ctx,
    type,
    search.get("relatedToId") ?? "",
    searchTerm(search.get(RELATED_SEARCH_FIELD)),
  );
  return json({ choices, accept: ALLOWED_EXTENSIONS.join(",") }, { headers: { "Cache-Control": "no-store" } });
}

/** The upload form's files: its file field, at most ten. */
const UPLOAD_OPTIONS = { fileField: UPLOAD_FILE_FIELD, maxFiles: MAX_FILES_PER_UPLOAD };

export interface UploadReply {
  result?: SubmissionResult<string[]>;
  /** The picker's choices for the type the form was sent with (without JavaScript). */
  choices?: RelatedChoices;
  /** A script's upload that succeeded: where to go, and the toast to show there. */
  redirectTo?: string;
  toast?: { type: "success"; title: string };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const byScript = (request.headers.get("Accept") ?? "").includes("application/json");
  // A file refused, or the upload broken off: the form's own message and no field's, with the
  // details typed when they could be read (the form shows them again: nothing typed is lost).
  const failed = (status: number, message: string, fields: FormData | null = null) =>
    reply(
      status,
      {
        ...(fields ? parseWithZod(fields, { schema: ResourceDetailsSchema }).reply() : { status: "error" }),
        error: { "": [message] },
      },
      fields ?? new FormData(),
    );
  const reply = async (status: number, result: SubmissionResult<string[]>, fields: FormData) =>
    json<UploadReply>(
      {
        result,
        choices: byScript
          ? undefined
          : await relatedChoices(
              db,
              ctx,
              relatedTypeOf(fields.get("relatedToType")),
              String(fields.get("relatedToId") ?? ""),
              "",
            ).catch(() => undefined),
      },
      { status },
    );

  try {
    return await handleUpload(request, fileStorage(), UPLOAD_OPTIONS, async ({ fields, files, keepIf }) => {
      const submission = parseWithZod(fields, { schema: ResourceDetailsSchema });
      if (files.length === 0 || submission.status !== "success") {
        const noFiles = { fieldErrors: { files: [RESOURCE_MESSAGES.noFiles] } };
        return reply(400, submission.reply(files.length === 0 ? noFiles : {}), fields);
      }
      let saved;
      try {
        saved = await keepIf(createResources(db, ctx, files, submission.value));
      } catch (error) {
        console.error("[resources] saving an upload failed", error);
        return reply(500, submission.reply({ formErrors: [RESOURCE_MESSAGES.uploadFailed] }), fields);
      }
      if (!saved) {
        return reply(400, submission.reply({ fieldErrors: { relatedToId: [RESOURCE_MESSAGES.relatedToId] } }), fields);
      }
      const toast = { type: "success" as const, title: filesUploaded(files.length) };
      // One document opens on its page; several, on the library. The script goes there itself and
      // shows the toast (a flash cookie would wait for the next full page load: a client-side
      // navigation does not reload the root's data).
      const to = saved.ids.length === 1 ? `/resources/${saved.ids[0]}` : "/resources";
      if (byScript) return json<UploadReply>({ redirectTo: to, toast });
      return redirectWithToast(to, toast);
    });
  } catch (error) {
    if (error instanceof UploadRefused) return failed(error.status, error.message, error.fields);
    console.error("[resources] upload failed", error);
    return failed(500, RESOURCE_MESSAGES.uploadFailed);
  }
}

export default function UploadPage() {
  const { choices, accept } = useLoaderData<typeof loader>();
  const data = useActionData<UploadReply>();
  return <UploadForm lastResult={data?.result} choices={data?.choices ?? choices} accept={accept} />;
}

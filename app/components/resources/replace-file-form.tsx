import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { FieldError, FieldHint, Label, Textarea } from "../ui/field";
import { Alert } from "../ui/alert";

// Replace file (spec 002 §2): a new version of the document with a change log. The earlier
// versions stay, each downloadable from the version history. Posts to /resources/{id}/replace,
// which shows the same form with its message when something is wrong.

export interface ReplaceReply {
  error?: string;
  fileError?: string;
  changeLog?: string;
}

export function ReplaceFileForm({ resourceId }: { resourceId: string }) {
  const id = useId();
  const reply = useActionData<ReplaceReply>();
  const navigation = useNavigation();
  const action = `/resources/${resourceId}/replace`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Card id="replace-file">
      <CardHeader title="Replace file" />
      <Form method="post" encType="multipart/form-data" action={action} className="space-y-4 p-5">
        {reply?.error ? <Alert tone="error">{reply.error}</Alert> : null}
        <div>
          <Label htmlFor={`${id}-file`} required>
            New file
          </Label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            required
            aria-invalid={reply?.fileError ? true : undefined}
            aria-describedby={reply?.fileError ? `${id}-file-error` : `${id}-file-hint`}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
          />
          <FieldHint id={`${id}-file-hint`}>The current file becomes the previous version. At most 50 MB.</FieldHint>
          <FieldError id={`${id}-file-error`} errors={reply?.fileError} />
        </div>
        <div>
          <Label htmlFor={`${id}-log`}>Change log</Label>
          <Textarea
            id={`${id}-log`}
            name="changeLog"
            rows={2}
            maxLength={500}
            defaultValue={reply?.changeLog ?? ""}
            placeholder="What changed in this version"
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="outline" loading={sending}>
            {sending ? "Uploading..." : "Upload new version"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useMatches, useNavigate, useNavigation } from "@remix-run/react";
import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  fileTooLarge,
  fileTypeNotAllowed,
  formatFileSize,
  MAX_FILE_BYTES,
  RESOURCE_MESSAGES,
  ResourceDetailsSchema,
} from "~/schemas/resource";
import type { RelatedChoices } from "~/models/resources.server";
import { cn } from "~/utils/cn";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError, FieldHint, Label } from "../ui/field";
import { FormErrorBanner } from "../ui/form";
import { FileIcon, UploadIcon, XIcon } from "../ui/icons";
import { FormPage } from "../ui/page-header";
import { ProgressBar } from "../ui/progress";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import {
  detailsDefaults,
  RELATED_SEARCH_FIELD,
  RESOURCE_FIELD_LABELS,
  ResourceDetailsFields,
} from "./resource-details-fields";

// The upload screen's form (spec 002 §2, §5). Without JavaScript: a file input taking several
// files and the details, posted as one multipart form. With it: a drop area, the chosen files
// listed each with Remove, checked as they are chosen (type and size), and the form sent by a
// script so that each file shows its progress. The server checks everything again.

const label = (name: string) => RESOURCE_FIELD_LABELS[name] ?? name;

interface Chosen {
  key: number;
  file: File;
  /** 0–100 while uploading. */
  progress: number;
}

/** The extension a file name ends with, lower-cased (".pdf"), or "". */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

export function UploadForm({
  lastResult,
  choices,
  accept,
}: {
  lastResult?: SubmissionResult<string[]>;
  choices: RelatedChoices;
  /** The allowed extensions, as the file input's `accept` (".pdf,.jpg,…"). */
  accept: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const fileInputId = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [scriptResult, setScriptResult] = useState<SubmissionResult<string[]> | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  // The route whose action takes the upload: asked for its data (`_data`), Remix answers with the
  // action's own JSON rather than a page.
  const routeId = useMatches().at(-1)?.id ?? "";
  const request = useRef<XMLHttpRequest | null>(null);
  const allowed = accept.split(",");

  useEffect(() => () => request.current?.abort(), []);

  const [form, fields] = useSchemaForm(ResourceDetailsSchema, {
    id: "resource-upload",
    lastResult: scriptResult ?? lastResult,
    defaultValue: detailsDefaults(new URLSearchParams(search), {
      relatedToType: choices.type,
      accessLevel: "internal",
    }),
    constraint: requiredFields("relatedToType", "relatedToId", "category", "accessLevel"),
    ignore: ["files", RELATED_SEARCH_FIELD],
  });

  function add(files: FileList | File[]) {
    const refused: string[] = [];
    const accepted: Chosen[] = [];
    for (const file of Array.from(files)) {
      if (!allowed.includes(extensionOf(file.name))) refused.push(fileTypeNotAllowed(file.name));
      else if (file.size > MAX_FILE_BYTES) refused.push(fileTooLarge(file.name));
      else accepted.push({ key: nextKey.current++, file, progress: 0 });
    }
    setProblems(refused);
    setChosen((list) => [...list, ...accepted]);
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    if (!hydrated || !event.currentTarget.files) return;
    add(event.currentTarget.files);
    // The list holds them now; the input is free to add more.
    event.currentTarget.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  }

  /** Sends the form with the chosen files, following each file's share of the bytes sent. */
  function upload(formElement: HTMLFormElement) {
    const body = new FormData(formElement);
    body.delete("files");
    body.delete(RELATED_SEARCH_FIELD);
    // The details go first, then the files in order: the bytes sent say which file is on its way.
    const before = new TextEncoder().encode(new URLSearchParams(body as unknown as string).toString()).length;
    for (const { file } of chosen) body.append("files", file);
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const target = new URL(formElement.action);
    target.searchParams.set("_data", routeId);
    xhr.open("POST", target.toString());
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      let offset = before;
      setChosen((list) =>
        list.map((entry) => {
          const sent = Math.min(Math.max(event.loaded - offset, 0), entry.file.size);
          offset += entry.file.size;
          return { ...entry, progress: entry.file.size === 0 ? 100 : (sent / entry.file.size) * 100 };
        }),
      );
    };
    xhr.onload = () => {
      request.current = null;
      let reply: { result?: SubmissionResult<string[]>; redirectTo?: string; toast?: Omit<Toast, "id"> } = {};
      try {
        reply = JSON.parse(xhr.responseText);
      } catch {
        reply = {};
      }
      if (xhr.status < 300 && reply.redirectTo) {
        // The library shows the toast (see ResourcesPage).
        navigate(reply.redirectTo, { state: { toast: reply.toast && { ...reply.toast, id: crypto.randomUUID() } } });
        return;
      }
      setUploading(false);
      setChosen((list) => list.map((entry) => ({ ...entry, progress: 0 })));
      setScriptResult(reply.result ?? { status: "error", error: { "": [RESOURCE_MESSAGES.uploadFailed] } });
    };
    xhr.onerror = () => {
      request.current = null;
      setUploading(false);
      setChosen((list) => list.map((entry) => ({ ...entry, progress: 0 })));
      setScriptResult({ status: "error", error: { "": [RESOURCE_MESSAGES.uploadFailed] } });
    };
    setUploading(true);
    setScriptResult(null);
    xhr.send(body);
  }

  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    formProps.onSubmit(event);
    if (event.defaultPrevented) {
      if (chosen.length === 0) setProblems([RESOURCE_MESSAGES.noFiles]);
      return;
    }
    event.preventDefault();
    if (chosen.length === 0) {
      setProblems([RESOURCE_MESSAGES.noFiles]);
      return;
    }
    setProblems([]);
    upload(event.currentTarget);
  }

  const submitting = uploading || (navigation.state === "submitting" && navigation.formMethod === "POST");
  // What the server said of the files (none chosen), beside what the browser found.
  const fileErrors = [...(form.allErrors.files ?? []), ...problems];
  const count = hydrated ? chosen.length : 0;
  const sentBefore = Boolean(lastResult) && !hydrated;

  return (
    <FormPage title="Upload Documents" description="Add files to the library, each tied to a record">
      <Form method="post" encType="multipart/form-data" {...formProps} onSubmit={onSubmit} className="space-y-6">
        <FormErrorBanner form={form} label={label} />
        <Card className="p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Files</h2>
          <p className="mt-0.5 text-sm text-slate-500">
            PDF, Word, Excel, images (JPEG, PNG, GIF), text or CSV; at most 50 MB each.
          </p>
          <div
            className={cn(
              "mt-5 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center",
              dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
              fileErrors.length > 0 && "border-red-300",
            )}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="drop-area"
          >
            <UploadIcon className="h-8 w-8 text-slate-400" />
            {hydrated ? <p className="text-sm text-slate-600">Drag and drop files here, or</p> : null}
            <div>
              {hydrated ? (
                <label htmlFor={fileInputId} className="sr-only">
                  Choose files
                </label>
              ) : (
                <Label htmlFor={fileInputId}>Files to upload</Label>
              )}
              <input
                id={fileInputId}
                type="file"
                name="files"
                multiple
                accept={accept}
                onChange={onPick}
                disabled={uploading}
                aria-describedby={fileErrors.length > 0 ? `${fileInputId}-error` : `${fileInputId}-hint`}
                className="mt-1 block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700"
              />
            </div>
            <FieldHint id={`${fileInputId}-hint`}>
              {sentBefore
                ? "Your files were not kept: choose them again."
                : "Several files can be chosen at once; they share the details below."}
            </FieldHint>
          </div>
          <FieldError id={`${fileInputId}-error`} errors={fileErrors.length > 0 ? fileErrors : undefined} />
          {count > 0 ? (
            <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Chosen files">
              {chosen.map((entry) => (
                <li key={entry.key} className="flex items-center gap-3 px-3 py-2.5" data-testid="chosen-file">
                  <FileIcon className="h-5 w-5 shrink-0 text-slate-400" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{entry.file.name}</p>
                    {uploading ? (
                      <ProgressBar
                        value={entry.progress}
                        size="sm"
                        tone="brand"
                        aria-label={`Upload progress of ${entry.file.name}`}
                        className="mt-1"
                      />
                    ) : (
                      <p className="text-xs text-slate-500">{formatFileSize(entry.file.size)}</p>
                    )}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={uploading}
                    onClick={() => setChosen((list) => list.filter((e) => e.key !== entry.key))}
                  >
                    <XIcon className="h-4 w-4" /> Remove<span className="sr-only"> {entry.file.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>

        <ResourceDetailsFields fields={fields} choices={choices} page={pathname} withFiles />

        {uploading ? <Alert tone="info">Uploading… Keep this page open until it finishes.</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/resources" className={buttonClasses("outline")}>
            Cancel
          </Link>
          <Button type="submit" loading={submitting}>
            {submitting ? "Uploading..." : hydrated ? `Upload ${count} file(s)` : "Upload file(s)"}
          </Button>
        </div>
      </Form>
    </FormPage>
  );
}

import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useMatches, useNavigate, useNavigation } from "@remix-run/react";
import {
  type ChangeEvent,
  type Dispatch,
  type DragEvent,
  type FormEvent,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
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
import { detailsDefaults, RELATED_SEARCH_FIELD, ResourceDetailsFields } from "./resource-details-fields";

// The upload screen's form (spec 002 §2, §5). Without JavaScript: a file input taking several
// files and the details, posted as one multipart form. With it: a drop area, the chosen files
// listed each with Remove, checked as they are chosen (type and size), and the form sent by a
// script so that each file shows its progress. The server checks everything again.

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
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const files = useChosenFiles(accept);
  const script = useScriptUpload(files.setChosen);
  const [form, fields] = useSchemaForm(ResourceDetailsSchema, {
    id: "resource-upload",
    lastResult: script.result ?? lastResult,
    defaultValue: detailsDefaults(new URLSearchParams(search), {
      relatedToType: choices.type,
      accessLevel: "internal",
    }),
    constraint: requiredFields("relatedToType", "relatedToId", "category", "accessLevel"),
    ignore: ["files", RELATED_SEARCH_FIELD],
  });

  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    formProps.onSubmit(event);
    if (event.defaultPrevented) {
      if (files.chosen.length === 0) files.setProblems([RESOURCE_MESSAGES.noFiles]);
      return;
    }
    event.preventDefault();
    if (files.chosen.length === 0) {
      files.setProblems([RESOURCE_MESSAGES.noFiles]);
      return;
    }
    files.setProblems([]);
    script.upload(event.currentTarget, files.chosen);
  }

  const submitting = script.uploading || (navigation.state === "submitting" && navigation.formMethod === "POST");
  const count = hydrated ? files.chosen.length : 0;
  return (
    <FormPage title="Upload Documents" description="Add files to the library, each tied to a record">
      <Form method="post" encType="multipart/form-data" {...formProps} onSubmit={onSubmit} className="space-y-6">
        <FormErrorBanner form={form} />
        <FilesCard
          accept={accept}
          files={files}
          uploading={script.uploading}
          // What the server said of the files (none chosen), beside what the browser found.
          errors={[...(form.allErrors.files ?? []), ...files.problems]}
          sentBefore={Boolean(lastResult) && !hydrated}
        />

        <ResourceDetailsFields fields={fields} choices={choices} page={pathname} withFiles />

        {script.uploading ? <Alert tone="info">Uploading… Keep this page open until it finishes.</Alert> : null}
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

/** The files chosen with JavaScript, checked as they are added (type by extension, size). */
function useChosenFiles(accept: string) {
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(0);
  const allowed = accept.split(",");

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

  const remove = (key: number) => setChosen((list) => list.filter((e) => e.key !== key));
  return { chosen, setChosen, problems, setProblems, add, remove };
}

type ChosenFiles = ReturnType<typeof useChosenFiles>;

const UPLOAD_FAILED: SubmissionResult<string[]> = { status: "error", error: { "": [RESOURCE_MESSAGES.uploadFailed] } };

/**
 * Sends the form by script with the chosen files, following each file's share of the bytes sent;
 * then goes where the server says, or shows the form's reply.
 */
function useScriptUpload(setChosen: Dispatch<SetStateAction<Chosen[]>>) {
  const navigate = useNavigate();
  // The route whose action takes the upload: asked for its data (`_data`), Remix answers with the
  // action's own JSON rather than a page.
  const routeId = useMatches().at(-1)?.id ?? "";
  const request = useRef<XMLHttpRequest | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<SubmissionResult<string[]> | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  function failed(reply: SubmissionResult<string[]>) {
    request.current = null;
    setUploading(false);
    setChosen((list) => list.map((entry) => ({ ...entry, progress: 0 })));
    setResult(reply);
  }

  function upload(formElement: HTMLFormElement, chosen: Chosen[]) {
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
    xhr.upload.onprogress = (event) => setChosen((list) => withProgress(list, event.loaded - before));
    xhr.onload = () => {
      const reply = replyOf(xhr.responseText);
      if (xhr.status < 300 && reply.redirectTo) {
        request.current = null;
        // The library shows the toast (see ResourcesPage).
        navigate(reply.redirectTo, { state: { toast: reply.toast && { ...reply.toast, id: crypto.randomUUID() } } });
        return;
      }
      failed(reply.result ?? UPLOAD_FAILED);
    };
    xhr.onerror = () => failed(UPLOAD_FAILED);
    setUploading(true);
    setResult(null);
    xhr.send(body);
  }

  return { uploading, result, upload };
}

/** The chosen files with their progress, `sent` bytes of them sent (in order). */
function withProgress(list: Chosen[], sent: number): Chosen[] {
  let offset = 0;
  return list.map((entry) => {
    const mine = Math.min(Math.max(sent - offset, 0), entry.file.size);
    offset += entry.file.size;
    return { ...entry, progress: entry.file.size === 0 ? 100 : (mine / entry.file.size) * 100 };
  });
}

/** The action's JSON answer to a script's upload ({} when it is not JSON). */
function replyOf(text: string): {
  result?: SubmissionResult<string[]>;
  redirectTo?: string;
  toast?: Omit<Toast, "id">;
} {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * The Files card: the file input (in a drop area with JavaScript), its hint and messages, and the
 * chosen files, each with its size (its progress while uploading) and Remove.
 */
function FilesCard({
  accept,
  files,
  uploading,
  errors,
  sentBefore,
}: {
  accept: string;
  files: ChosenFiles;
  uploading: boolean;
  errors: string[];
  /** The form came back from the server without JavaScript: its files were not kept. */
  sentBefore: boolean;
}) {
  const hydrated = useHydrated();
  const fileInputId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">Files</h2>
      <p className="mt-0.5 text-sm text-slate-500">
        PDF, Word, Excel, images (JPEG, PNG, GIF), text or CSV; at most 50 MB each.
      </p>
      <DropArea
        inputId={fileInputId}
        accept={accept}
        onAdd={files.add}
        uploading={uploading}
        failed={errors.length > 0}
        sentBefore={sentBefore}
      />
      <FieldError id={`${fileInputId}-error`} errors={errors.length > 0 ? errors : undefined} />
      {hydrated && files.chosen.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Chosen files">
          {files.chosen.map((entry) => (
            <ChosenFile key={entry.key} entry={entry} uploading={uploading} onRemove={() => files.remove(entry.key)} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** The file input, in an area files can be dropped on with JavaScript, and its hint. */
function DropArea({
  inputId,
  accept,
  onAdd,
  uploading,
  failed,
  sentBefore,
}: {
  inputId: string;
  accept: string;
  onAdd: (files: FileList) => void;
  uploading: boolean;
  failed: boolean;
  sentBefore: boolean;
}) {
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState(false);

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    if (!hydrated || !event.currentTarget.files) return;
    onAdd(event.currentTarget.files);
    // The list holds them now; the input is free to add more.
    event.currentTarget.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onAdd(event.dataTransfer.files);
  }

  return (
    <div
      className={cn(
        "mt-5 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center",
        dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
        failed && "border-red-300",
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
          <label htmlFor={inputId} className="sr-only">
            Choose files
          </label>
        ) : (
          <Label htmlFor={inputId}>Files to upload</Label>
        )}
        <input
          id={inputId}
          type="file"
          name="files"
          multiple
          accept={accept}
          onChange={onPick}
          disabled={uploading}
          aria-describedby={failed ? `${inputId}-error` : `${inputId}-hint`}
          className="mt-1 block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700"
        />
      </div>
      <FieldHint id={`${inputId}-hint`}>
        {sentBefore
          ? "Your files were not kept: choose them again."
          : "Several files can be chosen at once; they share the details below."}
      </FieldHint>
    </div>
  );
}

/** A chosen file: its name, its size or its progress while uploading, and Remove. */
function ChosenFile({ entry, uploading, onRemove }: { entry: Chosen; uploading: boolean; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="chosen-file">
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
      <Button type="button" variant="ghost" size="sm" disabled={uploading} onClick={onRemove}>
        <XIcon className="h-4 w-4" /> Remove<span className="sr-only"> {entry.file.name}</span>
      </Button>
    </li>
  );
}

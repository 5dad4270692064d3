import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLocation } from "@remix-run/react";
import type { RelatedChoices } from "~/models/resources.server";
import { formatFileSize, ResourceDetailsSchema } from "~/schemas/resource";
import type { ResourceEditData } from "~/services/resource-form.server";
import { formatDate } from "~/utils/format";
import { Card } from "../ui/card";
import { FormActions, FormErrorBanner, type FormReply, RecordVersion } from "../ui/form";
import { FileIcon } from "../ui/icons";
import { FormPage } from "../ui/page-header";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { RELATED_SEARCH_FIELD, ResourceDetailsFields, detailsDefaults } from "./resource-details-fields";
import { AccessBadge, ConfidentialBadge } from "./resource-parts";

// /resources/{id}/edit (spec 002 §2 Resource edit, §5): the current file and the details form,
// checked as the upload's. Its record picker searches as the upload form's does.

/** The edit screen: its loader gives `resourceEditPage`, its action the reply (and the picker's choices). */
export function ResourceEditPage({ resource: r, choices, stored }: ResourceEditData) {
  const data = useActionData<FormReply & { choices?: RelatedChoices }>();
  const { pathname, search } = useLocation();
  const [form, fields] = useSchemaForm(ResourceDetailsSchema, {
    id: "resource-edit",
    lastResult: data?.result,
    defaultValue: detailsDefaults(new URLSearchParams(search), stored),
    constraint: requiredFields("relatedToType", "relatedToId", "category", "accessLevel"),
    ignore: [RELATED_SEARCH_FIELD],
  });
  return (
    <FormPage title="Edit Document" description="Change what the document is and who may see it">
      <CurrentFile resource={r} />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <RecordVersion field={fields.revision} conflict={data?.conflict} />
        <FormErrorBanner form={form} />
        <ResourceDetailsFields fields={fields} choices={data?.choices ?? choices} page={pathname} />
        <FormActions cancelTo={`/resources/${r.id}`} mode="edit" noun="Document" />
      </Form>
    </FormPage>
  );
}

/** The file the document holds now: its name, type, size, version and access. */
function CurrentFile({ resource: r }: { resource: ResourceEditData["resource"] }) {
  return (
    <Card className="flex items-start gap-4 p-5 sm:p-6">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
        <FileIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Current file</p>
        <p className="font-medium break-words text-slate-900">{r.originalName}</p>
        <p className="text-sm text-slate-600">
          {r.mimeType} · {formatFileSize(r.sizeBytes)} · Version {r.version} · uploaded {formatDate(r.createdAt)}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <AccessBadge level={r.accessLevel} />
          {r.isConfidential ? <ConfidentialBadge /> : null}
        </div>
      </div>
    </Card>
  );
}

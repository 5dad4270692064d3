import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import {
  detailsDefaults,
  RELATED_SEARCH_FIELD,
  RESOURCE_FIELD_LABELS,
  ResourceDetailsFields,
} from "~/components/resources/resource-details-fields";
import { AccessBadge, ConfidentialBadge } from "~/components/resources/resource-parts";
import { Card } from "~/components/ui/card";
import { FormActions, FormErrorBanner, type FormReply, RecordVersion } from "~/components/ui/form";
import { FileIcon } from "~/components/ui/icons";
import { FormPage } from "~/components/ui/page-header";
import { requiredFields, useSchemaForm } from "~/components/ui/use-schema-form";
import { getResource, type RelatedChoices, relatedChoices, updateResource } from "~/models/resources.server";
import { searchTerm } from "~/schemas/common";
import { formatFileSize, relatedTypeOf, RESOURCE_MESSAGES, ResourceDetailsSchema } from "~/schemas/resource";
import { staleForm, submitForm } from "~/services/form.server";
import { requireRecord, requireSignedIn } from "~/services/session.server";
import { formatDate } from "~/utils/format";

// /resources/{id}/edit (spec 002 §2 Resource edit, §5): the current file and the details form,
// checked as the upload's. Its record picker searches as the upload form's does.

export const meta: MetaFunction = () => [{ title: "Edit Document · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const {
    record: r,
    db,
    ctx,
  } = await requireRecord({ request, context }, params.id, getResource, RESOURCE_MESSAGES.notFound);
  const search = new URL(request.url).searchParams;
  const type = relatedTypeOf(search.get("relatedToType"), r.relatedTo.type);
  const chosen = search.get("relatedToId") ?? (type === r.relatedTo.type ? r.relatedTo.id : "");
  const choices = await relatedChoices(db, ctx, type, chosen, searchTerm(search.get(RELATED_SEARCH_FIELD)));
  return json(
    {
      resource: {
        id: r.id,
        originalName: r.originalName,
        mimeType: r.mimeType,
        sizeBytes: r.sizeBytes,
        version: r.version,
        createdAt: r.createdAt,
        accessLevel: r.accessLevel,
        isConfidential: r.isConfidential,
      },
      choices,
      stored: {
        relatedToType: r.relatedTo.type,
        relatedToId: r.relatedTo.id,
        category: r.category,
        accessLevel: r.accessLevel,
        description: r.description ?? "",
        expirationDate: r.expirationDate ?? "",
        isConfidential: r.isConfidential ? "on" : "",
        tags: r.tags.join(", "),
        revision: String(r.revision),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  // The picker's choices for the type the form was sent with.
  const choicesFor = async (form: FormData) => {
    const type = relatedTypeOf(form.get("relatedToType"));
    return { choices: await relatedChoices(db, ctx, type, String(form.get("relatedToId") ?? ""), "") };
  };
  return submitForm(
    request,
    ResourceDetailsSchema,
    {
      failure: RESOURCE_MESSAGES.updateFailed,
      success: { to: `/resources/${id}`, title: RESOURCE_MESSAGES.updated },
      ignore: [RELATED_SEARCH_FIELD],
      echo: choicesFor,
    },
    async (details, reply, form) => {
      const outcome = await updateResource(db, ctx, id, details);
      if (outcome.ok) return;
      if (outcome.reason === "not-found") throw new Response(RESOURCE_MESSAGES.notFound, { status: 404 });
      if (outcome.reason === "stale") {
        const record = { noun: "document", href: `/resources/${id}`, field: "revision" };
        return staleForm(db, ctx, reply, outcome, record, await choicesFor(form));
      }
      return json(
        { result: reply({ fieldErrors: { relatedToId: [RESOURCE_MESSAGES.relatedToId] } }) },
        { status: 400 },
      );
    },
  );
}

const label = (name: string) => RESOURCE_FIELD_LABELS[name] ?? name;

export default function EditResourcePage() {
  const { resource: r, choices, stored } = useLoaderData<typeof loader>();
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
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <RecordVersion field={fields.revision} conflict={data?.conflict} />
        <FormErrorBanner form={form} label={label} />
        <ResourceDetailsFields fields={fields} choices={data?.choices ?? choices} page={pathname} />
        <FormActions cancelTo={`/resources/${r.id}`} mode="edit" noun="Document" />
      </Form>
    </FormPage>
  );
}

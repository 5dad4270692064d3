import type { relatedDocuments } from "~/services/resources.server";
import { formatFileSize } from "~/schemas/resource.constants";
import { ButtonLink } from "../ui/button";
import { TitledCard } from "../ui/card";
import { FileIcon, UploadIcon } from "../ui/icons";
import { CardList } from "../ui/card-list";
import { DocumentBadges, downloadHref } from "./resource-parts";

// A record's Documents card (client, facility, placement and task pages): its newest documents
// and an Upload link with the record already chosen.

/** A record's documents as `relatedDocuments` (services/resources.server.ts) loads them. */
export type RelatedDocumentsData = Awaited<ReturnType<typeof relatedDocuments>>;

export function RelatedDocuments({ documents }: { documents: RelatedDocumentsData }) {
  const { type, id, total, today, resources } = documents;
  return (
    <TitledCard
      title={`Documents (${total})`}
      action={
        <ButtonLink to={`/resources/upload?relatedToType=${type}&relatedToId=${id}`} variant="outline" size="sm">
          <UploadIcon className="h-4 w-4" /> Upload
          <span className="sr-only"> a document for this {type.toLowerCase()}</span>
        </ButtonLink>
      }
    >
      <CardList items={resources} label="Documents" empty="No documents yet.">
        {(r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-5 py-3"
            data-testid="related-document"
          >
            <FileIcon className="h-4 w-4 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <a
                href={`/resources/${r.id}`}
                className="text-sm font-medium break-words text-slate-900 hover:text-brand-700"
              >
                {r.originalName}
              </a>
              <p className="text-xs text-slate-500">
                {r.category} · {formatFileSize(r.sizeBytes)}
              </p>
            </div>
            <span className="flex flex-wrap items-center gap-1.5">
              <DocumentBadges document={r} today={today} />
            </span>
            <a href={downloadHref(r.id)} className="text-sm font-medium text-brand-700 hover:underline">
              Download<span className="sr-only"> {r.originalName}</span>
            </a>
          </li>
        )}
      </CardList>
      {total > resources.length ? (
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
          The newest {resources.length} of {total}. Search the library for the others.
        </p>
      ) : null}
    </TitledCard>
  );
}

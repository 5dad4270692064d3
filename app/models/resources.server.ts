import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "~/utils/db-types";
import type { ResourceDetails, ResourceListQuery } from "~/schemas/resource";
import { relatedKey } from "~/schemas/resource.constants";
import type { DB } from "~/utils/db.server";
import { type FileMetadata, mimeTypesOf } from "~/utils/file-types.server";
import { isUuid } from "~/utils/uuid";
import { can } from "~/utils/permissions";
import type { AccessLevel, RelatedType, ResourceCategory } from "~/utils/vocabulary";
import { audit, auditUpdate } from "./audit.server";
import { getClient, searchClientOptions } from "./clients.server";
import { type Ctx, ownRow } from "./context";
import { getFacility, searchFacilityOptions } from "./facilities.server";
import { containsPattern, countMatches, newestFirstBatches, type PageInfo, pageInfo, pageSlice } from "./lists.server";
import { NOT_FOUND, notSaved, type RecordVersion, type StaleWrite, versionOf } from "./versions.server";

// The document library (docs/documents.md). Access levels are enforced here, in every read:
// `public` and `internal` documents are for everyone of the agency; a `restricted` one only for
// its uploader and for coordinators and admins. To anyone else it does not exist (lists leave it
// out, reads by id find nothing, which the routes answer 404). The files themselves are in the
// configured storage, under the keys kept here (resources.file_name, one per version).

/** A stored file, as an upload hands it to the model. */
export interface StoredFile {
  key: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  metadata: FileMetadata;
}

export interface ResourceVersion {
  versionNumber: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  changeLog: string | null;
  uploadedBy: { firstName: string; lastName: string } | null;
  uploadedAt: string;
}

/** A document as lists show it. */
export interface ResourceListItem {
  id: string;
  originalName: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  version: number;
  downloadCount: number;
  lastDownloadedAt: string | null;
  description: string | null;
  category: ResourceCategory;
  isConfidential: boolean;
  accessLevel: AccessLevel;
  tags: string[];
  relatedTo: { type: RelatedType; id: string };
  expirationDate: string | null;
  metadata: FileMetadata;
  uploadedBy: { id: string; firstName: string; lastName: string } | null;
  /** Counts the changes people made, to its details or its file (DESIGN §7): what an edit must have read. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** One document with its versions and what it belongs to. */
export interface Resource extends ResourceListItem {
  /** Every version, newest first (the current one first). */
  versions: ResourceVersion[];
  /** The record it belongs to, named (null when that record is gone). */
  related: RelatedRecord | null;
}

/** A record a document can belong to, as a picker offers it and the detail page names it. */
export interface RelatedRecord {
  id: string;
  label: string;
  hint: string;
}

/** The documents `ctx` may see, as a condition on `r` (see the top of this file); the notifications and the client timeline use it too. */
export function visibleTo(ctx: Ctx) {
  return (eb: ExpressionBuilder<Database & { r: Database["resources"] }, "r">) =>
    can(ctx.role, "documents.restricted")
      ? eb.lit(true)
      : eb.or([eb("r.access_level", "<>", "restricted"), eb("r.uploaded_by", "=", ctx.userId)]);
}

/** The document `id`, when it is one of the caller agency's that `ctx` may see, as a condition on `r`. */
function visibleDocument(ctx: Ctx, id: string) {
  return (eb: ExpressionBuilder<Database & { r: Database["resources"] }, "r">) =>
    eb.and([eb("r.id", "=", id), eb("r.agency_id", "=", ctx.agencyId), visibleTo(ctx)(eb)]);
}

/** Whether `id` is one of the documents of the caller agency's record `related` that `ctx` may see. */
export async function isDocumentOf(
  db: DB,
  ctx: Ctx,
  related: { type: RelatedType; id: string },
  id: string,
): Promise<boolean> {
  const document = await db
    .selectFrom("resources as r")
    .select("r.id")
    .where(visibleDocument(ctx, id))
    .where("r.related_type", "=", related.type)
    .where("r.related_id", "=", related.id)
    .executeTakeFirst();
  return document !== undefined;
}

const itemColumns = [
  "r.id",
  "r.original_name",
  "r.file_name",
  "r.mime_type",
  "r.size_bytes",
  "r.version",
  "r.download_count",
  "r.last_downloaded_at",
  "r.description",
  "r.category",
  "r.is_confidential",
  "r.access_level",
  "r.tags",
  "r.related_type",
  "r.related_id",
  "r.expiration_date",
  "r.metadata",
  "r.uploaded_by",
  "r.revision",
  "r.created_at",
  "r.updated_at",
  "u.first_name as uploader_first_name",
  "u.last_name as uploader_last_name",
] as const;

type ItemRow = Pick<
  Database["resources"],
  | "original_name"
  | "file_name"
  | "mime_type"
  | "description"
  | "category"
  | "related_type"
  | "related_id"
  | "expiration_date"
  | "uploaded_by"
> & {
  id: string;
  size_bytes: number | string;
  version: number;
  download_count: number;
  last_downloaded_at: Date | string | null;
  is_confidential: boolean;
  access_level: AccessLevel;
  tags: string[];
  metadata: unknown;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
  uploader_first_name: string | null;
  uploader_last_name: string | null;
};

function toItem(row: ItemRow): ResourceListItem {
  return {
    id: row.id,
    originalName: row.original_name,
    fileName: row.file_name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    version: row.version,
    downloadCount: row.download_count,
    lastDownloadedAt: row.last_downloaded_at ? new Date(row.last_downloaded_at).toISOString() : null,
    description: row.description,
    category: row.category as ResourceCategory,
    isConfidential: row.is_confidential,
    accessLevel: row.access_level,
    tags: row.tags,
    relatedTo: { type: row.related_type, id: row.related_id },
    expirationDate: row.expiration_date,
    metadata: row.metadata as FileMetadata,
    uploadedBy:
      row.uploaded_by && row.uploader_first_name
        ? { id: row.uploaded_by, firstName: row.uploader_first_name, lastName: row.uploader_last_name! }
        : null,
    revision: row.revision,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The documents the caller may see that match a list's filters (or belong to one record). */
function matching(
  db: DB,
  ctx: Ctx,
  query: Partial<Pick<ResourceListQuery, "search" | "category" | "type" | "accessLevel">> & {
    related?: { type: RelatedType; id: string };
    /** CSV exports: confidential documents never leave in a file. */
    withoutConfidential?: boolean;
  },
) {
  const pattern = query.search ? containsPattern(query.search) : null;
  return db
    .selectFrom("resources as r")
    .where("r.agency_id", "=", ctx.agencyId)
    .where(visibleTo(ctx))
    .$if(Boolean(query.category), (qb) => qb.where("r.category", "=", query.category!))
    .$if(Boolean(query.type), (qb) => qb.where("r.mime_type", "in", mimeTypesOf(query.type!)))
    .$if(Boolean(query.accessLevel), (qb) => qb.where("r.access_level", "=", query.accessLevel!))
    .$if(Boolean(query.related), (qb) =>
      qb.where("r.related_type", "=", query.related!.type).where("r.related_id", "=", query.related!.id),
    )
    .$if(Boolean(query.withoutConfidential), (qb) => qb.where("r.is_confidential", "=", false))
    .$if(pattern !== null, (qb) =>
      qb.where((eb) =>
        // The name, the description or a tag contains the term: one indexed text holds the three
        // (search_text, joined by U+001F); a term with that separator could span two of them there.
        query.search!.includes(SEARCH_SEPARATOR)
          ? eb.or([
              eb(sql`lower(r.original_name)`, "like", pattern!),
              eb(sql`lower(coalesce(r.description, ''))`, "like", pattern!),
              sql<boolean>`EXISTS (SELECT 1 FROM unnest(r.tags) AS tag WHERE lower(tag) LIKE ${pattern})`,
            ])
          : eb("r.search_text", "like", pattern!),
      ),
    );
}

/** What joins a document's name, description and tags in `resources.search_text`. */
const SEARCH_SEPARATOR = "\u001f";

export interface ResourcePage extends PageInfo {
  resources: ResourceListItem[];
}

/** A page of the library, newest first, with how many documents match. */
export async function listResources(
  db: DB,
  ctx: Ctx,
  query: ResourceListQuery & { related?: { type: RelatedType; id: string } },
): Promise<ResourcePage> {
  const [rows, count] = await Promise.all([
    pageSlice(
      matching(db, ctx, query)
        .leftJoin("users as u", "u.id", "r.uploaded_by")
        .select(itemColumns)
        .orderBy("r.created_at", "desc")
        .orderBy("r.id", "desc"),
      query,
    ).execute(),
    countMatches(db, matching(db, ctx, query).select("r.id as id")),
  ]);
  return { resources: rows.map(toItem), ...pageInfo(query, count) };
}

/**
 * The search page's documents: the first `limit` of a search's matches, newest first (as the
 * library lists `/resources?search=…`), and how many match, counted up to `countCap`. The same
 * rules as the library: the caller's agency, restricted documents only for those who may see them.
 */
export async function firstResourceMatches(
  db: DB,
  ctx: Ctx,
  search: string,
  limit: number,
  countCap: number,
): Promise<{ resources: ResourceListItem[]; total: number; capped: boolean }> {
  const [rows, count] = await Promise.all([
    matching(db, ctx, { search })
      .leftJoin("users as u", "u.id", "r.uploaded_by")
      .select(itemColumns)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(limit)
      .execute(),
    countMatches(db, matching(db, ctx, { search }).select("r.id as id"), countCap),
  ]);
  return { resources: rows.map(toItem), ...count };
}

/**
 * The names of the records these documents belong to (the library's "Related To" column, the
 * search's document lines), by `relatedKey`: a client's name, a facility's, a placement's
 * "client → facility", a task's title; one query per type, of the caller agency's records only
 * (a record gone is absent).
 */
export async function relatedNames(
  db: DB,
  ctx: Ctx,
  refs: readonly { type: RelatedType; id: string }[],
): Promise<Map<string, string>> {
  const named = async (type: RelatedType, read: (ids: string[]) => Promise<{ id: string; label: string }[]>) => {
    const ids = [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
    const rows = ids.length === 0 ? [] : await read(ids);
    return rows.map((row) => [relatedKey({ type, id: row.id }), row.label] as const);
  };
  // A client, a facility and a task are named from their own row (the tables share `id` and
  // `agency_id`: Kysely is given one of them); a placement by its client and facility.
  const fromOwnRow = (type: Exclude<RelatedType, "Placement">) => (ids: string[]) =>
    db
      .selectFrom(RELATED_TABLE[type] as "clients")
      .select(["id", RELATED_LABEL[type].as("label")])
      .where("agency_id", "=", ctx.agencyId)
      .where("id", "in", ids)
      .execute();
  const lists = await Promise.all([
    named("Client", fromOwnRow("Client")),
    named("Facility", fromOwnRow("Facility")),
    named("Placement", (ids) =>
      db
        .selectFrom("placements as p")
        .innerJoin("clients as c", "c.id", "p.client_id")
        .innerJoin("facilities as f", "f.id", "p.facility_id")
        .select(["p.id", placementLabel.as("label")])
        .where("p.agency_id", "=", ctx.agencyId)
        .where("p.id", "in", ids)
        .execute(),
    ),
    named("Task", fromOwnRow("Task")),
  ]);
  return new Map(lists.flat());
}

/** A record's documents (its page's Documents card): the newest `limit`, and how many there are. */
export async function listRelatedResources(
  db: DB,
  ctx: Ctx,
  related: { type: RelatedType; id: string },
  limit = 10,
): Promise<{ resources: ResourceListItem[]; total: number }> {
  const page = await listResources(db, ctx, { page: 1, limit, related });
  return { resources: page.resources, total: page.total };
}

/**
 * Every document matching the list's filters, newest first, a batch at a time (the CSV export),
 * leaving out confidential ones: a confidential document is shown in the app, never exported.
 */
export async function* streamResources(
  db: DB,
  ctx: Ctx,
  query: Pick<ResourceListQuery, "search" | "category" | "type" | "accessLevel">,
  batchSize = 1000,
): AsyncGenerator<ResourceListItem[]> {
  const batches = newestFirstBatches(
    matching(db, ctx, { ...query, withoutConfidential: true })
      .leftJoin("users as u", "u.id", "r.uploaded_by")
      .select(itemColumns),
    "r",
    batchSize,
  );
  for await (const rows of batches) yield rows.map(toItem);
}

const RELATED_TABLE = { Client: "clients", Facility: "facilities", Placement: "placements", Task: "tasks" } as const;

/** The name of a client, a facility or a task, from its own row. */
const RELATED_LABEL = {
  Client: sql<string>`first_name || ' ' || last_name`,
  Facility: sql<string>`name`,
  Task: sql<string>`title`,
} as const;

const placementLabel = sql<string>`c.first_name || ' ' || c.last_name || ' → ' || f.name`;

/** The placements a document can belong to, by client or facility name (newest first without a search). */
function placementOptions(db: DB, ctx: Ctx, options: { q?: string; id?: string; limit: number }) {
  const pattern = options.q ? containsPattern(options.q) : null;
  return db
    .selectFrom("placements as p")
    .innerJoin("clients as c", "c.id", "p.client_id")
    .innerJoin("facilities as f", "f.id", "p.facility_id")
    .select(["p.id", placementLabel.as("label"), "p.status", "p.start_date"])
    .where("p.agency_id", "=", ctx.agencyId)
    .$if(Boolean(options.id), (qb) => qb.where("p.id", "=", options.id!))
    .$if(pattern !== null, (qb) => qb.where(sql`lower(${placementLabel})`, "like", pattern!))
    .orderBy("p.updated_at", "desc")
    .orderBy("p.id")
    .limit(options.limit)
    .execute()
    .then((rows) => rows.map((r) => ({ id: r.id, label: r.label, hint: `${r.status} · from ${r.start_date}` })));
}

/** The tasks a document can belong to, by title (soonest due first without a search). */
function taskOptions(db: DB, ctx: Ctx, options: { q?: string; id?: string; limit: number }) {
  const pattern = options.q ? containsPattern(options.q) : null;
  return db
    .selectFrom("tasks as t")
    .select(["t.id", "t.title", "t.type", "t.due_date"])
    .where("t.agency_id", "=", ctx.agencyId)
    .$if(Boolean(options.id), (qb) => qb.where("t.id", "=", options.id!))
    .$if(pattern !== null, (qb) => qb.where(sql`lower(t.title)`, "like", pattern!))
    .$if(!options.id && pattern === null, (qb) => qb.where("t.is_completed", "=", false))
    .orderBy("t.due_date")
    .orderBy("t.id")
    .limit(options.limit)
    .execute()
    .then((rows) => rows.map((r) => ({ id: r.id, label: r.title, hint: `${r.type} · due ${r.due_date}` })));
}

/**
 * What the upload and edit forms offer for "Related to" (spec 002 §2): clients by name,
 * facilities by name with city and state, placements by client and facility names, tasks by
 * title; the chosen record (`include`) always among them.
 */
export async function relatedRecordOptions(
  db: DB,
  ctx: Ctx,
  type: RelatedType,
  options: { q?: string; include?: string | null; limit: number },
): Promise<RelatedRecord[]> {
  if (type === "Client") return searchClientOptions(db, ctx, options);
  if (type === "Facility") return searchFacilityOptions(db, ctx, options);
  const find = type === "Placement" ? placementOptions : taskOptions;
  const list = await find(db, ctx, { q: options.q, limit: options.limit });
  const include = options.include && isUuid(options.include) ? options.include : null;
  if (include && !list.some((o) => o.id === include)) {
    list.unshift(...(await find(db, ctx, { id: include, limit: 1 })));
  }
  return list;
}

/** What a form's record picker offers, for one type. */
export interface RelatedChoices {
  type: RelatedType;
  options: RelatedRecord[];
  /** The term they were searched with ("" when they were not). */
  term: string;
}

/** The upload and edit forms' record picker: the chosen record first, then the matches of `term` or recent ones. */
export async function relatedChoices(
  db: DB,
  ctx: Ctx,
  type: RelatedType,
  chosen: string,
  term: string,
): Promise<RelatedChoices> {
  const options = await relatedRecordOptions(db, ctx, type, {
    q: term,
    include: chosen || null,
    limit: term ? 50 : 100,
  });
  return { type, options, term };
}

/** The record a document belongs to, named as the forms offer it; null when it is not the agency's. */
export async function relatedRecord(db: DB, ctx: Ctx, type: RelatedType, id: string): Promise<RelatedRecord | null> {
  if (!isUuid(id)) return null;
  if (type === "Placement") return (await placementOptions(db, ctx, { id, limit: 1 }))[0] ?? null;
  if (type === "Task") return (await taskOptions(db, ctx, { id, limit: 1 }))[0] ?? null;
  if (type === "Client") {
    const client = await getClient(db, ctx, id);
    return client ? { id, label: `${client.firstName} ${client.lastName}`, hint: client.email } : null;
  }
  const facility = await getFacility(db, ctx, id);
  return facility ? { id, label: facility.name, hint: `${facility.address.city}, ${facility.address.state}` } : null;
}

/** The record a document is tied to exists in the caller's agency. */
export async function relatedRecordExists(db: DB, ctx: Ctx, type: RelatedType, id: string): Promise<boolean> {
  return Boolean(await ownRow(db, ctx, RELATED_TABLE[type], id));
}

const detailColumns = (details: ResourceDetails) => ({
  description: details.description,
  category: details.category,
  is_confidential: details.isConfidential,
  access_level: details.accessLevel,
  tags: details.tags,
  related_type: details.relatedToType,
  related_id: details.relatedToId,
  expiration_date: details.expirationDate,
});

/**
 * New documents from stored files (an upload of several files shares its details), each with its
 * first version ("Initial upload"), in one transaction: all of them or none. Null when the
 * related record is not one of the agency's (nothing is written).
 */
export async function createResources(
  db: DB,
  ctx: Ctx,
  files: readonly StoredFile[],
  details: ResourceDetails,
): Promise<{ ids: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await relatedRecordExists(trx, ctx, details.relatedToType, details.relatedToId))) return null;
    const ids: string[] = [];
    for (const file of files) {
      const { id } = await trx
        .insertInto("resources")
        .values({
          agency_id: ctx.agencyId,
          original_name: file.originalName,
          file_name: file.key,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          metadata: JSON.stringify(file.metadata) as unknown as Record<string, unknown>,
          uploaded_by: ctx.userId,
          updated_by: ctx.userId,
          ...detailColumns(details),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, ctx, { action: "create", entity: "resource", id });
      await trx
        .insertInto("resource_versions")
        .values({
          agency_id: ctx.agencyId,
          resource_id: id,
          version_number: 1,
          file_name: file.key,
          original_name: file.originalName,
          mime_type: file.mimeType,
          size_bytes: file.sizeBytes,
          change_log: "Initial upload",
          uploaded_by: ctx.userId,
        })
        .execute();
      ids.push(id);
    }
    return { ids };
  });
}

/** One new document from a stored file (see createResources). */
export async function createResource(
  db: DB,
  ctx: Ctx,
  file: StoredFile,
  details: ResourceDetails,
): Promise<{ id: string } | null> {
  const created = await createResources(db, ctx, [file], details);
  return created ? { id: created.ids[0] } : null;
}

/** One document the caller may see, with its versions; null when missing, another agency's or hidden. */
export async function getResource(db: DB, ctx: Ctx, id: string): Promise<Resource | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("resources as r")
    .leftJoin("users as u", "u.id", "r.uploaded_by")
    .selectAll("r")
    .select(["u.first_name as uploader_first_name", "u.last_name as uploader_last_name"])
    .where(visibleDocument(ctx, id))
    .executeTakeFirst();
  if (!row) return null;
  const versions = await db
    .selectFrom("resource_versions as v")
    .leftJoin("users as u", "u.id", "v.uploaded_by")
    .select([
      "v.version_number",
      "v.original_name",
      "v.mime_type",
      "v.size_bytes",
      "v.change_log",
      "v.uploaded_at",
      "u.first_name",
      "u.last_name",
    ])
    .where("v.resource_id", "=", id)
    .where("v.agency_id", "=", ctx.agencyId)
    .orderBy("v.version_number", "desc")
    .execute();
  return {
    ...toItem(row),
    related: (await relatedRecord(db, ctx, row.related_type, row.related_id)) ?? null,
    versions: versions.map((v) => ({
      versionNumber: v.version_number,
      originalName: v.original_name,
      mimeType: v.mime_type,
      sizeBytes: Number(v.size_bytes),
      changeLog: v.change_log,
      uploadedBy: v.first_name ? { firstName: v.first_name, lastName: v.last_name! } : null,
      uploadedAt: new Date(v.uploaded_at).toISOString(),
    })),
  };
}

/** The revision of a document the caller may see; null when there is none. */
export async function currentRevision(db: DB, ctx: Ctx, id: string): Promise<RecordVersion | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("resources as r")
    .leftJoin("users as u", "u.id", "r.updated_by")
    .select(["r.revision as version", "r.updated_at", "r.updated_by", "u.first_name", "u.last_name"])
    .where(visibleDocument(ctx, id))
    .executeTakeFirst();
  return row ? versionOf(row) : null;
}

export type ResourceWriteResult =
  { ok: true } | typeof NOT_FOUND | { ok: false; reason: "related-not-found" } | StaleWrite;

/**
 * Changes a document's details, when it is still at `details.revision` (if given; a document
 * changed since is stale and keeps the other person's change). Not found when the caller cannot
 * see it; the related record must be the agency's.
 */
export async function updateResource(
  db: DB,
  ctx: Ctx,
  id: string,
  details: ResourceDetails,
): Promise<ResourceWriteResult> {
  if (!isUuid(id)) return NOT_FOUND;
  return db.transaction().execute(async (trx) => {
    if (!(await relatedRecordExists(trx, ctx, details.relatedToType, details.relatedToId))) {
      return (await getResource(trx, ctx, id)) ? ({ ok: false, reason: "related-not-found" } as const) : NOT_FOUND;
    }
    const before = await trx
      .selectFrom("resources as r")
      .selectAll("r")
      .where(visibleDocument(ctx, id))
      .forUpdate()
      .executeTakeFirst();
    const set = detailColumns(details);
    const after = await trx
      .updateTable("resources as r")
      .set({ ...set, updated_by: ctx.userId })
      .where(visibleDocument(ctx, id))
      .$if(details.revision !== undefined, (qb) => qb.where("r.revision", "=", details.revision!))
      .returningAll("r")
      .executeTakeFirst();
    if (!before || !after) return notSaved(await currentRevision(trx, ctx, id));
    await auditUpdate(trx, ctx, "resource", before, after, Object.keys(set));
    return { ok: true } as const;
  });
}

/**
 * A new version of a document from a stored file: the document now points at it, the earlier
 * versions stay (and stay downloadable). Null when the caller cannot see the document.
 */
export async function addResourceVersion(
  db: DB,
  ctx: Ctx,
  id: string,
  file: StoredFile,
  changeLog: string | null,
): Promise<{ version: number } | null> {
  if (!isUuid(id)) return null;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("resources as r")
      .set((eb) => ({
        version: eb("r.version", "+", 1),
        original_name: file.originalName,
        file_name: file.key,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        metadata: JSON.stringify(file.metadata) as unknown as Record<string, unknown>,
        updated_by: ctx.userId,
      }))
      .where(visibleDocument(ctx, id))
      .returning("r.version")
      .executeTakeFirst();
    if (!updated) return null;
    await trx
      .insertInto("resource_versions")
      .values({
        agency_id: ctx.agencyId,
        resource_id: id,
        version_number: updated.version,
        file_name: file.key,
        original_name: file.originalName,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        change_log: changeLog,
        uploaded_by: ctx.userId,
      })
      .execute();
    await audit(trx, ctx, {
      action: "update",
      entity: "resource",
      id,
      details: { fields: ["file"], version: updated.version },
    });
    return { version: updated.version };
  });
}

/** The file a download hands over: one version of a document. */
export interface DownloadFile {
  key: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  version: number;
}

/**
 * The file of a document's current version (or of `version`) for the caller to download; null when
 * they cannot see the document or it has no such version.
 */
export async function findDownload(db: DB, ctx: Ctx, id: string, version?: number): Promise<DownloadFile | null> {
  if (!isUuid(id)) return null;
  const file = await db
    .selectFrom("resources as r")
    .innerJoin("resource_versions as v", (join) =>
      join
        .onRef("v.resource_id", "=", "r.id")
        .onRef("v.agency_id", "=", "r.agency_id")
        .on((eb) => eb("v.version_number", "=", version ?? eb.ref("r.version"))),
    )
    .select(["v.file_name", "v.original_name", "v.mime_type", "v.size_bytes", "v.version_number"])
    .where(visibleDocument(ctx, id))
    .executeTakeFirst();
  if (!file) return null;
  return {
    key: file.file_name,
    originalName: file.original_name,
    mimeType: file.mime_type,
    sizeBytes: Number(file.size_bytes),
    version: file.version_number,
  };
}

/**
 * Counts a download of a document's `version` and records who took it, when and from which address
 * (an audit entry, "download"), together; false when the document is no longer there for
 * the caller. Called once its file is open (services/downloads.server.ts), never around opening
 * it: a transaction does not wait on storage.
 */
export async function recordDownload(db: DB, ctx: Ctx, id: string, version: number): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable("resources as r")
      .set((eb) => ({ download_count: eb("r.download_count", "+", 1), last_downloaded_at: sql`now()` }))
      .where(visibleDocument(ctx, id))
      .returning(["r.id"])
      .executeTakeFirst();
    if (!counted) return false;
    await audit(trx, ctx, { action: "download", entity: "resource", id, details: { version } });
    return true;
  });
}

/**
 * Which of these storage keys a document or one of its versions names, in any agency: the sweep
 * of stored files (services/maintenance.server.ts) removes the others.
 */
export async function storageKeysInUse(db: DB, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom("resource_versions")
    .select("file_name")
    .where("file_name", "in", keys)
    .union(db.selectFrom("resources").select("file_name").where("file_name", "in", keys))
    .execute();
  return new Set(rows.map((row) => row.file_name));
}

/**
 * Deletes a document and its versions (still at `revision`, if given); answers the storage keys
 * of its files, which the caller removes once this has committed. Null when the caller cannot see
 * it; stale when it changed since `revision`.
 */
export async function deleteResource(
  db: DB,
  ctx: Ctx,
  id: string,
  revision?: number,
): Promise<{ keys: string[] } | null | StaleWrite> {
  if (!isUuid(id)) return null;
  return db.transaction().execute(async (trx) => {
    const versions = await trx
      .selectFrom("resource_versions")
      .select("file_name")
      .where("resource_id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .execute();
    const deleted = await trx
      .deleteFrom("resources as r")
      .where(visibleDocument(ctx, id))
      .$if(revision !== undefined, (qb) => qb.where("r.revision", "=", revision!))
      .returning("r.file_name")
      .executeTakeFirst();
    if (!deleted) {
      const current = await currentRevision(trx, ctx, id);
      return current ? ({ ok: false, reason: "stale", current } as const) : null;
    }
    await audit(trx, ctx, { action: "delete", entity: "resource", id });
    return { keys: [...new Set([deleted.file_name, ...versions.map((v) => v.file_name)])] };
  });
}

import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "zod";
import { getSessionUser, type SessionHolder } from "~/models/session.server";
import type { Ctx } from "~/models/context";
import type { NOT_FOUND, RecordVersion, StaleWrite } from "~/models/versions.server";
import type { InvalidInput, WorkConflict } from "~/models/follow-work.server";
import { viewed } from "~/models/audit.server";
import { getDb, isDatabaseUnavailable, logDatabaseUnavailable, type DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { UNAVAILABLE_RETRY_AFTER } from "~/utils/responses";
import { can, type Permission, PERMISSION_MESSAGES } from "~/utils/permissions";
import type { AuditEntity } from "~/utils/vocabulary";
import { type AuthUser, contextOf } from "./session.server";

export interface ApiFieldError {
  path: string;
  msg: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** `{ success: true, data, message? }` — the one success shape of the JSON API. */
export function apiSuccess<T>(data: T, init: { status?: number; message?: string; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) headers.set(k, v);
  return json(
    { success: true as const, data, ...(init.message ? { message: init.message } : {}) },
    { status: init.status ?? 200, headers },
  );
}

/** `{ success: false, message, errors? }` with a real status code (and any `details` of the failure). */
export function apiError(
  status: number,
  message: string,
  options: { errors?: ApiFieldError[]; headers?: HeadersInit; details?: Record<string, unknown> } = {},
) {
  const headers = new Headers(options.headers);
  for (const [k, v] of Object.entries(NO_STORE)) headers.set(k, v);
  return json(
    { success: false as const, message, ...(options.errors ? { errors: options.errors } : {}), ...options.details },
    { status, headers },
  );
}

/**
 * 409: the write is refused for what it would lead to, though every field is valid (a second
 * open placement of a client at a facility, a move-in to a full facility); `errors` name the field.
 */
export function conflictError(errors: ApiFieldError[]) {
  return apiError(409, errors.map((e) => e.msg).join(" "), { errors });
}

export function zodErrors(error: z.ZodError): ApiFieldError[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return {
        path: issue.keys.join(","),
        msg: `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}`,
      };
    }
    return { path: issue.path.join("."), msg: issue.message };
  });
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The API's caller: the user, the bearer token, and what it is (a sign-in or a personal token, and its scope). */
export type ApiUser = AuthUser & { token: string } & Pick<SessionHolder, "sessionKind" | "scope">;

/** The one answer to a read-only personal token that asks to change something. */
export const READ_ONLY_TOKEN_MESSAGE =
  "This token is read-only: it can read but not change anything. Use a token with read and write scope.";

/**
 * The API caller, from the bearer token only (cookies are ignored): a sign-in token (POST
 * /api/auth/login) or a personal one (/settings/tokens); a 401 otherwise. A read-only personal
 * token may only read: any method but GET and HEAD is a 403, whatever the endpoint.
 */
export async function requireApiUser(request: Request): Promise<ApiUser> {
  const token = bearerToken(request);
  if (!token) throw apiError(401, "Authentication required", { headers: { "WWW-Authenticate": "Bearer" } });
  const e = env();
  const user = await getSessionUser(getDb(), token, ["api", "personal"], {
    idleMinutes: e.sessionIdleMinutes,
    absoluteHours: e.sessionAbsoluteHours,
  });
  if (!user) {
    throw apiError(401, "Invalid or expired token", {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  }
  const method = request.method.toUpperCase();
  if (user.scope === "read" && method !== "GET" && method !== "HEAD") {
    throw apiError(403, READ_ONLY_TOKEN_MESSAGE, {
      headers: { "WWW-Authenticate": 'Bearer error="insufficient_scope"' },
    });
  }
  return { ...user, token };
}

/** Parses a JSON body against a schema: 415 for another content type, 400 for bad JSON or fields. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw apiError(415, "Content-Type must be application/json");
  }
  let body: unknown;
  try {
    const text = await request.text();
    body = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON body");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw apiError(400, "Validation failed", { errors: zodErrors(result.error) });
  return result.data;
}

/** The URL's query parameters, checked against a list schema: 400 naming every bad parameter. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const result = schema.safeParse(queryObject(request));
  if (!result.success) throw apiError(400, "Invalid query parameters", { errors: zodErrors(result.error) });
  return result.data;
}

/** The query string as an object (a repeated parameter keeps its last value). */
export function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * Runs an API handler: thrown Responses pass through; the database away is a 503 with
 * Retry-After; anything else is a logged 500 envelope.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(error);
      return apiError(503, "The database is not answering. Try again in a moment.", {
        headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER) },
      });
    }
    console.error("[api] unexpected error", error);
    return apiError(500, "Internal server error");
  }
}

/** For an API route's unused loader or action: a JSON 405 naming what is allowed. */
export function methodNotAllowed(allowed: string) {
  return ({ request }: { request: Request }) =>
    apiError(405, `Method ${request.method} not allowed`, { headers: { Allow: allowed } });
}

/** The usual API handler: authenticate by bearer token, then run with the caller's context. */
export function withApiUser(
  request: Request,
  run: (caller: { user: ApiUser; ctx: Ctx; db: DB }) => Promise<Response>,
): Promise<Response> {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return run({ user, ctx: contextOf(user, request), db: getDb() });
  });
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ApiHandler = (
  caller: { user: ApiUser; ctx: Ctx; db: DB } & Pick<LoaderFunctionArgs, "request" | "params">,
) => Promise<Response>;

/**
 * An API route's loader and action, from its handlers by method: each runs with the caller of a
 * valid bearer token; any other method is a 405 naming the allowed ones.
 *
 *   export const { loader, action } = apiRoute({ GET: async ({ db, ctx }) => apiSuccess(…) });
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
  const allowed = Object.keys(handlers).join(", ");
  const run = ({ request, params }: LoaderFunctionArgs) => {
    const method = request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    if (!handler) return methodNotAllowed(allowed)({ request });
    return withApiUser(request, (caller) => handler({ ...caller, request, params }));
  };
  return { loader: run, action: run };
}

// ─────────────────────────────── versions (DESIGN §7) ───────────────────────────────

/** A record's version as its ETag: a strong validator, quoted. */
export const etag = (version: number) => `"${version}"`;

/** What `If-Match` asks for: absent, any version (`*`), or these versions (strong tags of ours). */
function ifMatchOf(request: Request): undefined | "*" | number[] {
  const header = request.headers.get("If-Match");
  if (header === null) return undefined;
  if (header.trim() === "*") return "*";
  // Weak tags (W/"3") never match for If-Match; anything not one of our tags names no version of ours.
  return header.split(",").flatMap((tag) => {
    const match = /^"(\d{1,10})"$/.exec(tag.trim());
    return match ? [Number(match[1])] : [];
  });
}

/** A version no record has: what a write expects when If-Match names none of ours, so that it is refused. */
const NO_SUCH_VERSION = 0;

/**
 * The version a write must find the record at, from `If-Match` and the body's version field
 * (`sent`), given the version it has now (`current`): undefined when neither says one (nothing
 * is checked, as before versions). If they disagree, or If-Match names none of its versions, it
 * is one the record is not at, and the model refuses the write as stale.
 */
export function expectedVersion(request: Request, current: number, sent: number | undefined): number | undefined {
  const match = ifMatchOf(request);
  const tagged =
    match === undefined || match === "*"
      ? undefined
      : match.includes(current)
        ? current
        : (match[0] ?? NO_SUCH_VERSION);
  if (tagged === undefined) return sent;
  if (sent === undefined || sent === tagged) return tagged;
  return tagged === current ? sent : tagged;
}

/**
 * 412 for a write refused because the record changed after the caller read it: who changed it and
 * when, and the record as it is now in `data` (with its ETag), to merge with and send again.
 */
export function staleRecordError(name: string, stale: StaleWrite | { current: RecordVersion }, record: unknown) {
  const { version, updatedAt, updatedBy } = stale.current;
  const who = updatedBy ? updatedBy.name : "someone";
  return apiError(
    412,
    `The ${name} has changed since the version you sent: ${who} changed it at ${updatedAt}. Nothing was saved. ` +
      `data.${name} is the ${name} as it is now (version ${version}); to make your change over it, send it again with that version.`,
    { headers: { ETag: etag(version) }, details: { data: { [name]: record } } },
  );
}

/** One kind of record as the API serves it by id: its key in the answer's data, its 404 message, how to read it, its JSON shape. */
export interface ApiRecord<R> {
  name: string;
  notFound: string;
  find: (db: DB, ctx: Ctx, id: string) => Promise<R | null>;
  toApi: (record: R) => unknown;
}

/** `{ [name]: the record's shape }`, with its version as the ETag (and a message or status when given). */
export function recordAnswer<R extends { version: number }>(
  kind: ApiRecord<R>,
  record: R,
  init: { status?: number; message?: string } = {},
) {
  return apiSuccess({ [kind.name]: kind.toApi(record) }, { ...init, headers: { ETag: etag(record.version) } });
}

/** `GET /api/things/{id}`: the record with its version as the ETag, or a 404. */
export function getRecord<R extends { version: number }>(kind: ApiRecord<R>): ApiHandler {
  return async ({ db, ctx, params }) => {
    const record = await kind.find(db, ctx, params.id ?? "");
    if (!record) throw apiError(404, kind.notFound);
    return recordAnswer(kind, record);
  };
}

const isStale = (result: { ok: boolean; reason?: unknown }): result is StaleWrite =>
  !result.ok && result.reason === "stale";

/** 412 for a write refused as stale, with the record as it is now (404 should it have gone meanwhile). */
async function staleAnswer<R>(kind: ApiRecord<R>, db: DB, ctx: Ctx, id: string, refused: StaleWrite) {
  const record = await kind.find(db, ctx, id);
  return record ? staleRecordError(kind.name, refused, kind.toApi(record)) : apiError(404, kind.notFound);
}

/**
 * `PATCH /api/things/{id}…`, a write `apiRecordRoute` does not cover, at the version the caller
 * read (DESIGN §7). Without the permission `needs`, a 403 before anything is read; the body is
 * checked by `schema` (a 400), then the record read (a 404); `write` is given the body with the
 * version it must find the record at (from `If-Match` or the body's `version`). A write refused
 * as stale is a 412 with the record as it is now (404 should it have gone meanwhile); `answer`
 * turns any other result into the answer.
 */
export function patchAtVersion<R extends { version: number }, S extends z.ZodType<{ version?: number }>, W>(
  kind: ApiRecord<R>,
  spec: {
    needs?: Permission;
    schema: S;
    write: (
      db: DB,
      ctx: Ctx,
      id: string,
      input: z.output<S> & { version: number | undefined },
      current: R,
    ) => Promise<W | StaleWrite>;
    answer: (result: Exclude<W, StaleWrite>, caller: { db: DB; ctx: Ctx; id: string }) => Promise<Response> | Response;
  },
): ApiHandler {
  return async ({ db, ctx, request, params }) => {
    if (spec.needs && !can(ctx.role, spec.needs)) throw apiError(403, PERMISSION_MESSAGES[spec.needs]);
    const id = params.id ?? "";
    const body = await readJsonBody(request, spec.schema);
    const current = await kind.find(db, ctx, id);
    if (!current) throw apiError(404, kind.notFound);
    const version = expectedVersion(request, current.version, body.version);
    const result = await spec.write(db, ctx, id, { ...body, version }, current);
    if (isStale(result as { ok: boolean })) return staleAnswer(kind, db, ctx, id, result as StaleWrite);
    return spec.answer(result as Exclude<W, StaleWrite>, { db, ctx, id });
  };
}

/** The answers of a record's writes that `apiRecordRoute` takes from a model: saved, no such record, or stale. */
export type Saved<R> = { ok: true; record: R } | { ok: false; reason: "not-found" } | StaleWrite;
export type Removed = { ok: true } | { ok: false; reason: "not-found" } | StaleWrite;

/**
 * `update.save` for a model whose write answers an id (not the record) and refuses bad references
 * (`reason: "invalid"`): those are a 400 naming each field, and a saved record is read again with
 * `find` to answer it as GET does.
 */
export function saveThenFind<I, R>(
  write: (
    db: DB,
    ctx: Ctx,
    id: string,
    input: I,
  ) => Promise<
    | { ok: true }
    | typeof NOT_FOUND
    | InvalidInput
    | { ok: false; reason: "forbidden"; message: string }
    | WorkConflict
    | StaleWrite
  >,
  find: (db: DB, ctx: Ctx, id: string) => Promise<R | null>,
) {
  return async (db: DB, ctx: Ctx, id: string, input: I): Promise<Saved<R>> => {
    const result = await write(db, ctx, id, input);
    if (!result.ok && result.reason === "invalid") throw apiError(400, "Validation failed", { errors: result.errors });
    if (!result.ok && result.reason === "conflict") throw conflictError(result.errors);
    if (!result.ok && result.reason === "forbidden") throw apiError(403, result.message);
    if (!result.ok) return result;
    const record = await find(db, ctx, id);
    return record ? { ok: true, record } : { ok: false, reason: "not-found" };
  };
}

/**
 * `update.save` for a model whose write answers the saved record under its own name
 * (`{ ok: true, client }`): `key` is that name.
 */
export function saveAs<I, W extends { ok: true } | { ok: false; reason: "not-found" } | StaleWrite, K extends string>(
  write: (db: DB, ctx: Ctx, id: string, input: I) => Promise<W>,
  key: K & keyof Extract<W, { ok: true }>,
) {
  type R = Extract<W, { ok: true }>[K & keyof Extract<W, { ok: true }>];
  return async (db: DB, ctx: Ctx, id: string, input: I): Promise<Saved<R>> => {
    const result = await write(db, ctx, id, input);
    return result.ok
      ? { ok: true, record: (result as Extract<W, { ok: true }>)[key] }
      : (result as Exclude<W, { ok: true }>);
  };
}

/**
 * `remove` for a model that refuses to delete a record others still refer to (`reason:
 * "in-use"`): a 409 with the `message` that says what refers to it.
 */
export function refuseInUse<U extends { ok: false; reason: "in-use" }>(
  remove: (db: DB, ctx: Ctx, id: string, version?: number) => Promise<Removed | U>,
  message: (usage: U) => string,
) {
  return async (db: DB, ctx: Ctx, id: string, version?: number): Promise<Removed> => {
    const result = await remove(db, ctx, id, version);
    if (!result.ok && result.reason === "in-use") throw apiError(409, message(result as U));
    return result as Removed;
  };
}

/**
 * The routes of one record by its id, `/api/things/:id`, from the model's functions: GET answers
 * the record, PUT replaces its fields with a JSON body checked by `update.schema`, DELETE removes
 * it. Each answers `{ thing: … }` with "Thing updated successfully!" or "Thing deleted
 * successfully", and a 404 with `notFound` when the caller's agency has no such record (PUT says
 * so before reading the body). A method left out is a 405.
 *
 * Versions (DESIGN §7): GET and PUT send the record's `version` as its ETag. PUT and DELETE take
 * the version the caller read as `If-Match` (or, for PUT, the body's `versionField`); the model
 * refuses the write if the record has changed since, answered 412 with the record as it is now.
 *
 * `update.save` and `remove` answer saved, not found or stale; any other refusal (a 409 while
 * others refer to the record, a 400 for a bad reference) is an `apiError` they throw.
 *
 *   export const { loader, action } = apiRecordRoute({
 *     name: "thing",
 *     notFound: "Thing not found",
 *     find: getThing,
 *     toApi: toApiThing,
 *     update: { schema: ThingSchema, save: updateThing },
 *     remove: deleteThing,
 *   });
 */
export function apiRecordRoute<R, S extends z.ZodType>(
  spec: {
    /** The record's key in the answer's data, and the messages' first word. */
    name: string;
    notFound: string;
    /** The answers' messages, where they are not "Thing updated successfully!" and "Thing deleted successfully". */
    messages?: { updated?: string; deleted?: string };
    find: (db: DB, ctx: Ctx, id: string) => Promise<R | null>;
    /** The record's version: its ETag, what a write must have read (its `version` unless said). */
    version?: (record: R) => number;
    /** The body's field that carries it, and the input's that the model reads ("version" unless said). */
    versionField?: string;
    /** The record's API shape, as PUT answers it. */
    toApi: (record: R) => unknown;
    /** The API shape GET answers, when it shows more than `toApi` (a client's notes). */
    show?: (record: R, db: DB, ctx: Ctx) => Promise<unknown>;
    update?: { schema: S; save: (db: DB, ctx: Ctx, id: string, input: z.output<S>) => Promise<Saved<R>> };
    remove?: (db: DB, ctx: Ctx, id: string, version?: number) => Promise<Removed>;
    /** The permission DELETE needs (DESIGN.md §12): without it, a 403 before anything is read. */
    removeNeeds?: Permission;
    /** GET records that the record was viewed, as this kind of record (a client's: the audit trail). */
    viewedAs?: AuditEntity;
  } & (R extends { version: number } ? unknown : { version: (record: R) => number }),
) {
  const { name, notFound, find, toApi, show, update, remove, removeNeeds, viewedAs } = spec;
  const version = spec.version ?? ((record: R) => (record as { version: number }).version);
  const versionField = spec.versionField ?? "version";
  const title = name.charAt(0).toUpperCase() + name.slice(1);
  const updated = spec.messages?.updated ?? `${title} updated successfully!`;
  const deleted = spec.messages?.deleted ?? `${title} deleted successfully`;
  const handlers: Partial<Record<Method, ApiHandler>> = {
    GET: async ({ db, ctx, params }) => {
      const record = await (viewedAs ? viewed(viewedAs, find) : find)(db, ctx, params.id ?? "");
      if (!record) return apiError(404, notFound);
      return apiSuccess(
        { [name]: show ? await show(record, db, ctx) : toApi(record) },
        { headers: { ETag: etag(version(record)) } },
      );
    },
  };
  if (update) {
    handlers.PUT = async ({ db, ctx, request, params }) => {
      const id = params.id ?? "";
      const found = await find(db, ctx, id);
      if (!found) return apiError(404, notFound);
      const input = (await readJsonBody(request, update.schema)) as z.output<S> & Record<string, unknown>;
      const expected = expectedVersion(request, version(found), input[versionField] as number | undefined);
      const result = await update.save(db, ctx, id, { ...input, [versionField]: expected });
      if (!result.ok && result.reason === "stale") return staleAnswer(spec, db, ctx, id, result);
      if (!result.ok) return apiError(404, notFound);
      return apiSuccess(
        { [name]: toApi(result.record) },
        { message: updated, headers: { ETag: etag(version(result.record)) } },
      );
    };
  }
  if (remove) {
    handlers.DELETE = async ({ db, ctx, request, params }) => {
      if (removeNeeds && !can(ctx.role, removeNeeds)) return apiError(403, PERMISSION_MESSAGES[removeNeeds]);
      const id = params.id ?? "";
      let expected: number | undefined;
      if (request.headers.has("If-Match")) {
        const found = await find(db, ctx, id);
        if (!found) return apiError(404, notFound);
        expected = expectedVersion(request, version(found), undefined);
      }
      const result = await remove(db, ctx, id, expected);
      if (!result.ok && result.reason === "stale") return staleAnswer(spec, db, ctx, id, result);
      if (!result.ok) return apiError(404, notFound);
      return apiSuccess({ [name]: { _id: params.id } }, { message: deleted });
    };
  }
  return apiRoute(handlers);
}

import { Transform, type TransformCallback } from "node:stream";
import type express from "express";
import { MAX_IMPORT_BYTES } from "../app/schemas/import";
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from "../app/schemas/resource.constants";
import { isFormContentType } from "../app/utils/request.server";

// Checks every request passes before the app reads it: a path that means what it says, a body of
// a type the route can read, and a body no larger than its kind allows.

const KB = 1024;
const MB = 1024 * KB;

/** The JSON API: bearer tokens, JSON bodies, JSON answers (any case: routes match without it). */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

/** The upload screen: several files at once. */
const isMultiFileUpload = (req: express.Request) => req.method === "POST" && /^\/resources\/upload\/?$/i.test(req.path);

/** One file: a new version on screen or through the API, a new document through the API. */
const isSingleFileUpload = (req: express.Request) =>
  req.method === "POST" &&
  /^\/(resources\/[^/]+\/replace|api\/resources|api\/resources\/[^/]+\/versions)\/?$/i.test(req.path);

/** A CSV import: its file, on the import screen or through the API. */
const isImportUpload = (req: express.Request) =>
  req.method === "POST" && /^\/(import|api\/imports)\/?$/i.test(req.path);

/**
 * What an upload may hold besides its files: the details typed with them (each field at most
 * 64 KB, read by the upload itself) and the multipart framing.
 */
const UPLOAD_ALLOWANCE = 1 * MB;

export interface BodyLimit {
  /** What is sent ("form", "api"…): says which limit a 413 is about. */
  kind: string;
  /** Whether the limit applies to this request; the first limit that applies is the one. */
  applies: (req: express.Request) => boolean;
  maxBytes: number;
}

/**
 * The most a request body may hold, by kind. A kind with its own limit (uploads) goes before
 * the ones it is an exception to.
 */
export const BODY_LIMITS: BodyLimit[] = [
  // Uploads are checked file by file as they stream in (50 MB each, the spec's messages); this
  // bounds only the whole request, above what any accepted upload can be.
  { kind: "upload", applies: isMultiFileUpload, maxBytes: MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES + UPLOAD_ALLOWANCE },
  { kind: "upload", applies: isSingleFileUpload, maxBytes: MAX_FILE_BYTES + UPLOAD_ALLOWANCE },
  { kind: "upload", applies: isImportUpload, maxBytes: MAX_IMPORT_BYTES + UPLOAD_ALLOWANCE },
  { kind: "api", applies: (req) => isApiPath(req.path), maxBytes: 256 * KB },
  { kind: "form", applies: () => true, maxBytes: 1 * MB },
];

/** A body that sends nothing for this long is cut (a stalled upload): BODY_IDLE_SECONDS, default 60. */
export const BODY_IDLE_MS = 60_000;

function sizeText(bytes: number): string {
  return bytes >= MB && bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / KB)} KB`;
}

/** An answer in the caller's terms: the API's envelope under /api, a line of text for a screen. */
function refusal(req: express.Request, api: string, screen: string): { type: string; text: string } {
  return isApiPath(req.path)
    ? { type: "application/json; charset=utf-8", text: JSON.stringify({ success: false, message: api }) }
    : { type: "text/plain; charset=utf-8", text: screen };
}

function refuse(
  req: express.Request,
  res: express.Response,
  status: number,
  api: string,
  screen: string,
  headers: Record<string, string> = {},
) {
  const { type, text } = refusal(req, api, screen);
  res
    .status(status)
    .set({ ...headers, "Cache-Control": "no-store", "Content-Type": type })
    .send(text);
}

/**
 * A path the app reads exactly as sent: no dot segments (`/api/../clients`), backslashes or
 * anything else a URL parser would rewrite. Otherwise the checks below would look at one path
 * and the app route another.
 */
export function refuseUnnormalisedPaths(req: express.Request, res: express.Response, next: express.NextFunction) {
  const raw = req.originalUrl;
  const path = raw.split("?", 1)[0];
  let same = false;
  try {
    same = raw.startsWith("/") && new URL(`http://localhost${path}`).pathname === path;
  } catch {
    same = false;
  }
  if (same) return next();
  refuse(req, res, 400, "Invalid request path", "This address is not valid. Check it and try again.");
}

const READS_NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Screens take forms only: anything else sent to a page (JSON, text, no type at all) is a 415
 * here, whatever the route would have done with it. The API checks its own types.
 */
export function requireFormBodies(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (READS_NO_BODY.has(req.method) || isApiPath(req.path) || isFormContentType(req.get("content-type"))) {
    return next();
  }
  refuse(
    req,
    res,
    415,
    "Unsupported content type",
    "This page only accepts a form sent from its own page. Go back and try again.",
  );
}

function hasBody(req: express.Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body larger than ${maxBytes} bytes`);
  }
}

/** The client went away before its body was whole, or stopped sending it. */
export class BodyAbortedError extends Error {
  constructor(reason: "aborted" | "stalled") {
    super(reason === "aborted" ? "The request was aborted before its body was complete" : "The request body stalled");
    this.name = "BodyAbortedError";
  }
}

/** Passes bytes through until there have been more than `maxBytes`, then fails. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) done(new BodyTooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}

/** After a 413, the rest of the body is read and dropped (so the client reads the answer), up to this much. */
const DISCARD_AT_MOST = 16 * MB;
const DISCARD_FOR_MS = 5_000;

function answerTooLarge(req: express.Request, res: express.Response, limit: BodyLimit) {
  const size = sizeText(limit.maxBytes);
  const { type, text } = refusal(
    req,
    `Request body too large: at most ${size}`,
    `What you sent is too large (at most ${size}). Shorten it and try again.`,
  );
  // The answer goes out whole at once (its length declared, so the client knows it has all of
  // it), but the response ends only once the rest of the body is read and dropped: Node closes
  // the connection as soon as a response ends on a request it has not read, and a client still
  // sending then meets a reset in place of the answer. Past a bound, the connection is cut.
  res.writeHead(413, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.write(text);
  let dropped = 0;
  const end = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const cut = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(cut, DISCARD_FOR_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_AT_MOST) cut();
  });
  req.on("end", end);
  req.on("close", end);
  req.resume();
}

/** The body the app reads (through its limit), set by limitBodies; the raw request when none is. */
export function requestBody(req: express.Request, res: express.Response): NodeJS.ReadableStream {
  return (res.locals.requestBody as NodeJS.ReadableStream | undefined) ?? req;
}

/**
 * Enforces `limits` before the app reads anything: by Content-Length at once, and while the body
 * streams in (a chunked body has no length), through the stream the app reads (requestBody).
 * The body is never buffered here: past the limit, the request is answered 413 and the rest of
 * the body dropped.
 *
 * The stream the app reads also fails, so that the app lets go of everything it holds for the
 * request (open files, parts stored), when the client goes away before the body is whole, and
 * when nothing of the body has come through for `idleMs` (the request is then answered 408 and
 * cut). The second is also the bound on a disconnect Node does not report: a socket paused while
 * the app was busy can miss its client's leaving (seen with 20 uploads cut off at once), and the
 * request would otherwise wait for it forever, holding its files.
 */
export function limitBodies(limits: BodyLimit[] = BODY_LIMITS, idleMs = BODY_IDLE_MS): express.RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const limit = limits.find((l) => l.applies(req));
    if (!limit) return next();
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit.maxBytes) return answerTooLarge(req, res, limit);

    const limited = new ByteLimit(limit.maxBytes);
    let idle: NodeJS.Timeout | undefined;
    const stopWatching = () => clearTimeout(idle);
    const watch = () => {
      stopWatching();
      idle = setTimeout(() => {
        limited.destroy(new BodyAbortedError("stalled"));
        if (!res.headersSent) {
          const stopped = "The upload stopped arriving. Check your connection and try again.";
          refuse(req, res, 408, "The request body stopped arriving", stopped, { Connection: "close" });
        }
        res.once("finish", () => req.socket.destroy());
        if (res.writableFinished) req.socket.destroy();
      }, idleMs);
      idle.unref();
    };
    watch();
    req.on("data", watch);
    req.once("end", stopWatching);
    // The client went away before sending all of it: the app's stream fails, not ends.
    req.once("close", () => {
      stopWatching();
      if (!req.complete && !limited.destroyed) limited.destroy(new BodyAbortedError("aborted"));
    });
    limited.on("error", (error) => {
      stopWatching();
      req.unpipe(limited);
      if (!(error instanceof BodyTooLargeError)) return;
      if (res.headersSent) req.socket.destroy();
      else answerTooLarge(req, res, limit);
    });
    // A route that answers without reading the body: what is left still counts, and is dropped.
    res.on("finish", () => {
      if (!req.complete) limited.resume();
    });
    req.pipe(limited);
    res.locals.requestBody = limited;
    next();
  };
}

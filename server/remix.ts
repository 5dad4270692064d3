import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import type express from "express";
import { requestBody } from "./request-guards";

// Express to Remix, as @remix-run/express does it, except that the body Remix reads is the one
// the request guards let through (with its size limit), that an answer the guards already gave
// (a 413 half-way through the body) is not overwritten, and that a header the app answers with
// replaces the one the server set (never sent twice).

/** What answers a request: the Remix build's handler, or a stand-in in tests. */
export type HandleRequest = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

export function remixHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): HandleRequest {
  return createRequestHandler(build, mode);
}

function remixHeaders(requestHeaders: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function remixRequest(req: express.Request, res: express.Response, signal: AbortSignal): Request {
  // req.hostname has no port: take it from X-Forwarded-Host or Host. req.hostname and
  // req.protocol follow the "trust proxy" setting.
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req.headers), signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(requestBody(req, res) as never);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the app sets replaces the server's (a download's own Content-Security-Policy), so
  // that each is sent once; only Set-Cookie may come several times.
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function expressHandler(
  handle: HandleRequest,
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext,
): express.RequestHandler {
  return async (req, res, next) => {
    const controller = new AbortController();
    // Loaders and actions stop when the answer can no longer be sent, or the body was refused.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const body = requestBody(req, res);
    if (body !== req) body.once("error", () => controller.abort());
    try {
      const response = await handle(remixRequest(req, res, controller.signal), getLoadContext(req, res));
      if (res.headersSent) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      if (!res.headersSent) next(error);
    }
  };
}

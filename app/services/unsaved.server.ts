import type { AppLoadContext } from "@remix-run/node";
import { oncePerRequest } from "~/utils/request-memo.server";
import { unavailableResponse, type UnsavedField } from "~/utils/responses";

// A form sent while the database is away must not lose what was typed (DESIGN §8). When the
// request that carries it fails for that reason, the fields it posted are kept for the rest of
// the request (the load context's memo: the action's, then the layout's and page's loaders), and
// the 503 that any of them throws carries them: the error page shows them in a form that sends
// them again ("Save again"), with or without JavaScript.

const UNSAVED = Symbol("unsaved form");

/** Fields never written back into a page. */
const SECRET = /password|secret|token|code/i;

function keepable(entries: Iterable<[string, FormDataEntryValue]>): UnsavedField[] {
  return [...entries].flatMap(([name, value]) =>
    typeof value === "string" && !SECRET.test(name) ? [[name, value] as UnsavedField] : [],
  );
}

/**
 * What this request posted, when it is a form of a signed-in person's (a session cookie, which a
 * form of another site does not carry): read once, the first time it is asked for. Files are not
 * kept (a form with a file is sent again with the file chosen again).
 */
export function unsavedFields(args: { request: Request; context?: AppLoadContext }): Promise<UnsavedField[]> {
  const { request, context } = args;
  return oncePerRequest(context, UNSAVED, async () => {
    if (request.method === "GET" || request.method === "HEAD" || request.bodyUsed) return [];
    if (!request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) return [];
    if (!/(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "")) return [];
    try {
      return keepable(await request.formData());
    } catch {
      return [];
    }
  });
}

/** The 503 of a request while the database is away, with what it posted (if anything). */
export async function unavailableWithUnsaved(args: { request: Request; context?: AppLoadContext }): Promise<Response> {
  return unavailableResponse(await unsavedFields(args));
}

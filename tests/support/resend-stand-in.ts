// A local stand-in for the Resend API, for the browser tests: the server under test sends its
// e-mails here (RESEND_BASE_URL, see playwright.config.ts) as it would to Resend, and tests read
// them back (latestResetLink in tests/support/e2e.ts), since the outbox table keeps no links.
//
//   POST /emails                 what the Resend client sends (attachments too); answered { id }
//   GET  /messages?to=ADDRESS    the messages received for that address, oldest first
//   GET  /health                 200 once listening (Playwright waits for it)
//
// Run: `npx tsx tests/support/resend-stand-in.ts` (port E2E_RESEND_PORT, default 4518). Keep
// this file free of heavy imports: playwright.config.ts loads it for the constants.
import http from "node:http";

/** `npm test` picks a free port and passes it in E2E_RESEND_PORT; 4518 when run by hand. */
export const RESEND_STAND_IN_PORT = Number.parseInt(process.env.E2E_RESEND_PORT ?? "", 10) || 4518;
export const RESEND_STAND_IN_URL = `http://127.0.0.1:${RESEND_STAND_IN_PORT}`;
/** The API key the server under test is given (the stand-in takes any). */
export const RESEND_STAND_IN_KEY = "re_e2e_stand_in";

export interface ReceivedEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** As Resend takes them: the file's name and its content in base64. */
  attachments?: { filename: string; content: string; content_type?: string }[];
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

export function startResendStandIn(port: number): http.Server {
  const received: ReceivedEmail[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "POST" && url.pathname === "/emails") {
      readBody(req)
        .then((text) => {
          const email = JSON.parse(text) as Omit<ReceivedEmail, "id" | "to"> & { to: string | string[] };
          const id = `stand-in-${received.length + 1}`;
          for (const to of [email.to].flat()) received.push({ ...email, to, id });
          answer(res, 200, { id });
        })
        .catch(() => answer(res, 422, { name: "validation_error", message: "The body is not JSON" }));
      return;
    }
    if (req.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      answer(
        res,
        200,
        received.filter((m) => !to || m.to.toLowerCase() === to),
      );
      return;
    }
    if (req.method === "GET" && url.pathname === "/health") {
      answer(res, 200, { ok: true });
      return;
    }
    answer(res, 404, { name: "not_found", message: "Not found" });
  });
  server.listen(port, "127.0.0.1");
  return server;
}

if (process.argv[1]?.endsWith("resend-stand-in.ts")) {
  const server = startResendStandIn(RESEND_STAND_IN_PORT);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

import autocannon from "autocannon";

export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface TargetResult {
  name: string;
  path: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** Loads one path with `connections` concurrent users for `seconds`; latencies in ms. */
export async function loadTarget(
  baseUrl: string,
  target: Target,
  options: { connections: number; seconds: number },
): Promise<TargetResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}${target.path}`,
        connections: options.connections,
        duration: options.seconds,
        // As a browser asks: compressed answers (the server compresses pages and data).
        headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING, ...target.headers },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    // autocannon's own histogram has no p95: keep every latency and compute it.
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    path: target.path,
    requests: latencies.length,
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Signs in through the form (as a browser would) and returns the session cookie. */
export async function browserCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: HTTP ${response.status}`);
  return cookie;
}

export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !body.data?.token) throw new Error(`API sign-in failed: HTTP ${response.status}`);
  return body.data.token;
}

/** Rows of cells as aligned text columns: the first column left-aligned, the others right. */
export function alignColumns(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
    .join("\n");
}

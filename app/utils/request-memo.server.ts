import type { AppLoadContext } from "@remix-run/node";

/**
 * A value worked out once per request and shared by the loaders that serve it (the layout's and
 * the page's, after an action too): kept in the load context's `memo`, which the server makes
 * new for each request (server/app.ts). Without a load context (a test calling a loader) it is
 * worked out each time.
 */
export function oncePerRequest<T>(context: AppLoadContext | undefined, key: symbol, compute: () => T): T {
  const memo = context?.memo;
  if (!memo) return compute();
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}

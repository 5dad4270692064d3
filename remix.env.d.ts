/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** What is worked out once per request (app/utils/request-memo.server.ts). */
    memo?: Map<symbol, unknown>;
  }
}

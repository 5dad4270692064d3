import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loader as docsLoader } from "~/routes/api.docs";
import { loader as documentLoader } from "~/routes/api.openapi[.]json";
import { openApiDocument } from "~/services/openapi.server";
import { args } from "../support/http";

// The API's OpenAPI document (app/services/openapi.server.ts) against the routes themselves: every
// api.* route file and each method it answers is in the document, and nothing else is; the
// document is well-formed OpenAPI 3.1; /api/openapi.json and /api/docs serve it.

const ROUTES = path.resolve("app/routes");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Not endpoints of the API: the JSON 404 for any other /api path, and the reference page for people. */
const NOT_ENDPOINTS = new Set(["api.$.ts", "api.docs.tsx"]);

/** A flat route file's URL, OpenAPI style: `api.clients.$id_.matches.ts` → `/api/clients/{id}/matches`. */
function urlOf(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index")
    .map((segment) =>
      segment
        .replace(/_$/, "")
        .replace(/^\$(.+)$/, "{$1}")
        .replace(/\[(.)\]/g, "$1"),
    );
  return `/${segments.join("/")}`;
}

/** The methods a route module answers: what its 405 to a method no route takes names in `Allow`. */
async function methodsOf(file: string): Promise<string[]> {
  const route = (await import(path.join(ROUTES, file))) as { action: (a: ReturnType<typeof args>) => unknown };
  const answer = (await route.action(
    args(new Request(`http://localhost${urlOf(file)}`, { method: "OPTIONS" }), { id: "x" }),
  )) as Response;
  expect(answer.status, file).toBe(405);
  return (answer.headers.get("Allow") ?? "")
    .split(",")
    .map((method) => method.trim().toLowerCase())
    .filter(Boolean)
    .sort();
}

const doc = openApiDocument();

describe("every API route is in the OpenAPI document", () => {
  const files = fs.readdirSync(ROUTES).filter((file) => /^api\..+\.tsx?$/.test(file) && !NOT_ENDPOINTS.has(file));

  it("reads the route files' addresses as Remix does", () => {
    expect(urlOf("api.clients.$id_.matches.ts")).toBe("/api/clients/{id}/matches");
    expect(urlOf("api.clients._index.ts")).toBe("/api/clients");
    expect(urlOf("api.openapi[.]json.ts")).toBe("/api/openapi.json");
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(`${file}: its path and each of its methods`, async () => {
      const methods = await methodsOf(file);
      expect(methods.length, `${file} answers no method`).toBeGreaterThan(0);
      const item = doc.paths?.[urlOf(file)];
      expect(item, `${urlOf(file)} is not in the document`).toBeDefined();
      const documented = METHODS.filter((method) => item?.[method]).sort();
      expect(documented, `the methods of ${urlOf(file)}`).toEqual(methods);
    });
  }

  it("describes no endpoint that has no route", () => {
    const routed = new Set(files.map(urlOf));
    expect(Object.keys(doc.paths ?? {}).filter((p) => !routed.has(p))).toEqual([]);
  });
});

describe("the document is well-formed OpenAPI 3.1", () => {
  it("says its version, title and security scheme", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.security).toEqual([{ bearer: [] }]);
    const bearer = doc.components?.securitySchemes?.bearer as { type: string; scheme: string; description: string };
    expect(bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(bearer.description).toContain("POST /api/auth/login");
    expect(bearer.description).toContain("/settings/tokens");
    // Plain JSON: what the route serves is the document itself.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("gives every operation a summary, a declared tag, a success answer and its path's parameters", () => {
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const [url, item] of Object.entries(doc.paths ?? {})) {
      expect(url).toMatch(/^\/api\//);
      const templated = [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${url}`;
        expect(op.summary, where).toBeTruthy();
        expect(op.tags?.length, where).toBe(1);
        expect(tags.has(op.tags![0]), where).toBe(true);
        const statuses = Object.keys(op.responses ?? {});
        expect(
          statuses.some((s) => /^2\d\d$/.test(s)),
          where,
        ).toBe(true);
        expect(
          statuses.every((s) => /^[1-5]\d\d$/.test(s)),
          where,
        ).toBe(true);
        for (const status of statuses) expect(op.responses![status].description, `${where} ${status}`).toBeTruthy();
        const parameters = (op.parameters ?? []) as Array<{ in: string; name: string; required?: boolean }>;
        const inPath = parameters.filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name).sort(), where).toEqual([...templated].sort());
        expect(
          inPath.every((p) => p.required === true),
          where,
        ).toBe(true);
        const names = parameters.map((p) => `${p.in} ${p.name}`);
        expect(new Set(names).size, `${where}: a parameter twice`).toBe(names.length);
        if (!op.security) expect(statuses, `${where} needs a token, so may answer 401`).toContain("401");
      }
    }
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          if (key === "$ref" && typeof inner === "string") refs.push(inner);
          else walk(inner);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, `${ref} points nowhere`).toBeDefined();
    }
  });

  it("describes the main records and the requests with the routes' own schemas", () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    expect(schemas).toEqual(
      expect.arrayContaining(["Client", "Facility", "Placement", "Task", "Resource", "User", "Error"]),
    );
    // ClientSchema's rules, as the route reads the body: strict, required fields, vocabularies.
    const body = (doc.paths?.["/api/clients"]?.post?.requestBody as { content: Record<string, { schema: Json }> })
      .content["application/json"].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toEqual(["firstName", "lastName", "email", "phone", "dateOfBirth"]);
    expect(body.properties.careLevel.enum).toEqual(expect.arrayContaining(["memory", "memory-care"]));
    const query = doc.paths?.["/api/clients"]?.get?.parameters as Json[];
    expect(query.map((p) => p.name)).toEqual(["search", "status", "careLevel", "sort", "page", "limit"]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

describe("GET /api/openapi.json and GET /api/docs", () => {
  it("serves the document, public and cacheable", async () => {
    const answer = documentLoader();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toMatch(/^public/);
    expect(await answer.json()).toEqual(doc);
  });

  it("renders every endpoint and how to get a token, as a page without scripts", async () => {
    const answer = docsLoader();
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).not.toContain("<script");
    expect(html).toContain("/settings/tokens");
    expect(html).toContain("Authorization: Bearer");
    for (const [url, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        if (item[method]) expect(html, `${method} ${url}`).toContain(`id="${method}-`);
      }
      expect(html, url).toContain(`<code>${url}</code>`);
    }
    // A vocabulary's values, and a nested field by its dotted name.
    expect(html).toMatch(/<code>[^<]*\bmemory-care\b[^<]*<\/code>/);
    expect(html).toContain("<code>emergencyContact.phone</code>");
  });
});

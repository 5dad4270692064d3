import { Fragment, type ReactNode } from "react";
import type { oas31 } from "zod-openapi";

// The API reference page (/api/docs): the OpenAPI document (app/services/openapi.server.ts)
// rendered for people, on the server, as a standalone page without scripts. Everything about an
// endpoint comes from the document; only the introduction is written here.

type Doc = oas31.OpenAPIObject;
type Schema = oas31.SchemaObject | oas31.ReferenceObject;
type Operation = oas31.OperationObject;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const isRef = (schema: unknown): schema is oas31.ReferenceObject =>
  typeof schema === "object" && schema !== null && "$ref" in schema;

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** The component a reference points to (only the document's own `#/components/...`). */
function resolve<T>(doc: Doc, value: T | oas31.ReferenceObject): T {
  if (!isRef(value)) return value;
  const [, , kind, name] = value.$ref.split("/");
  return (doc.components as Record<string, Record<string, T>>)[kind][name];
}

/** A schema's type in words: "string (date) or null", "list of Client". */
function typeLabel(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (isRef(schema)) return refName(schema.$ref);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map((s) => typeLabel(s)))].join(" or ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.enum ? "string" : "any";
  return types
    .map((type) => {
      if (type === "array") {
        const items = typeLabel(schema.items as Schema | undefined);
        return `list of ${items.includes(" or ") ? `(${items})` : items}`;
      }
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" or ");
}

/** The schemas a field may be, without null. */
function alternativesOf(schema: Schema): Schema[] {
  if (isRef(schema)) return [schema];
  const list = schema.anyOf ?? schema.oneOf;
  if (list) return list.flatMap(alternativesOf);
  return schema.type === "null" ? [] : [schema];
}

/** Its allowed values, its limits and its description, in words. */
function notes(schema: Schema): { values: string[]; notes: string[] } {
  const values: string[] = [];
  const said: string[] = [];
  const walk = (s: Schema) => {
    if (isRef(s)) return;
    if (s.description) said.push(s.description);
    if (s.enum) values.push(...s.enum.map(String));
    if (s.minLength !== undefined && s.maxLength !== undefined)
      said.push(`${s.minLength} to ${s.maxLength} characters`);
    else if (s.maxLength !== undefined) said.push(`at most ${s.maxLength} characters`);
    else if (s.minLength !== undefined) said.push(`at least ${s.minLength} character${s.minLength === 1 ? "" : "s"}`);
    if (s.minimum !== undefined && s.maximum !== undefined) said.push(`from ${s.minimum} to ${s.maximum}`);
    else if (s.minimum !== undefined) said.push(`${s.minimum} or more`);
    else if (s.maximum !== undefined) said.push(`at most ${s.maximum}`);
    if (s.default !== undefined && !(typeof s.default === "object" && s.default !== null)) {
      said.push(`default ${JSON.stringify(s.default)}`);
    }
    (s.anyOf ?? s.oneOf)?.forEach(walk);
  };
  walk(schema);
  return { values: [...new Set(values)], notes: [...new Set(said)] };
}

interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  values: string[];
  notes: string[];
  ref?: string;
}

/** A schema's fields as rows, nested objects' fields named with dots (`address.city`) and lists' with `[]`. */
function fieldRows(doc: Doc, schema: Schema, prefix = ""): FieldRow[] {
  if (isRef(schema)) return [];
  const object = alternativesOf(schema).find((s) => !isRef(s) && s.properties) as oas31.SchemaObject | undefined;
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const kinds = alternativesOf(field);
    const ref = kinds.find(isRef);
    const row: FieldRow = {
      name,
      type: typeLabel(field),
      required: required.has(key),
      ...notes(field),
      ...(ref ? { ref: refName(ref.$ref) } : {}),
    };
    const nested = kinds.flatMap((kind) => {
      if (isRef(kind)) return [];
      if (kind.properties) return fieldRows(doc, kind, `${name}.`);
      const items = kind.type === "array" ? (kind.items as Schema | undefined) : undefined;
      if (items && isRef(items)) row.ref = refName(items.$ref);
      return items ? fieldRows(doc, items, `${name}[].`) : [];
    });
    return [row, ...nested];
  });
}

const anchor = (method: string, path: string) =>
  `${method}-${path
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()}`;

/** A description's `code` spans (the document's text is CommonMark) as <code>; the rest as text. */
function Text({ children }: { children: string | undefined }) {
  if (!children) return null;
  return <>{children.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** A table of the reference: its caption, its column headings, then its rows (`children`). */
function RefTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function FieldTable({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return (
    <RefTable caption={caption} columns={["Field", "Type", "Required", "Allowed values and notes"]}>
      {rows.map((row) => (
        <tr key={row.name}>
          <td>
            <code>{row.name}</code>
          </td>
          <td>{row.ref ? <a href={`#schema-${row.ref}`}>{row.type}</a> : row.type}</td>
          <td>{row.required ? "yes" : "no"}</td>
          <td>
            <ValuesAndNotes values={row.values} notes={row.notes} />
          </td>
        </tr>
      ))}
    </RefTable>
  );
}

/** A field's allowed values, then its notes. */
function ValuesAndNotes({ values, notes: said }: { values: string[]; notes: string[] }) {
  return (
    <>
      {values.length > 0 ? <code>{values.join(", ")}</code> : null}
      {values.length > 0 && said.length > 0 ? ". " : null}
      <Text>{said.join("; ")}</Text>
    </>
  );
}

function ParametersTable({ parameters }: { parameters: oas31.ParameterObject[] }) {
  return (
    <RefTable caption="Parameters" columns={["Name", "In", "Type", "Required", "Allowed values and notes"]}>
      {parameters.map((p) => {
        const said = p.schema ? notes(p.schema) : { values: [], notes: [] };
        return (
          <tr key={`${p.in}-${p.name}`}>
            <td>
              <code>{p.name}</code>
            </td>
            <td>{p.in}</td>
            <td>{typeLabel(p.schema)}</td>
            <td>{p.required ? "yes" : "no"}</td>
            <td>
              <ValuesAndNotes
                values={said.values}
                notes={[...new Set([...(p.description ? [p.description] : []), ...said.notes])]}
              />
            </td>
          </tr>
        );
      })}
    </RefTable>
  );
}

const isSuccess = (status: string) => /^2/.test(status);

/** The success answers, in a table; the errors by status, each a link to its meaning (the same for every endpoint). */
function Responses({ doc, responses }: { doc: Doc; responses: oas31.ResponsesObject }) {
  const statuses = Object.keys(responses);
  const errors = statuses.filter((status) => !isSuccess(status));
  return (
    <>
      <RefTable caption="Answer" columns={["Status", "Meaning", "Body"]}>
        {statuses.filter(isSuccess).map((status) => {
          const response = resolve<oas31.ResponseObject>(doc, responses[status] as oas31.ResponseObject);
          const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
          const headers = Object.keys(response.headers ?? {});
          return (
            <tr key={status}>
              <td>{status}</td>
              <td>
                <Text>{response.description}</Text>
                {headers.length > 0 ? ` (headers: ${headers.join(", ")})` : null}
              </td>
              <td>{media?.schema ? <ResponseBody doc={doc} schema={media.schema} type={type!} /> : "none"}</td>
            </tr>
          );
        })}
      </RefTable>
      {errors.length > 0 ? (
        <p>
          Errors:{" "}
          {errors.map((status, i) => (
            <Fragment key={status}>
              {i > 0 ? ", " : ""}
              <a href={`#status-${status}`}>{status}</a>
            </Fragment>
          ))}
          .
        </p>
      ) : null}
    </>
  );
}

/** Every error status the document lists, with its meaning and headers (the first endpoint's words for it). */
export function errorStatuses(doc: Doc): { status: string; description: string; headers: string[] }[] {
  const found = new Map<string, { status: string; description: string; headers: string[] }>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      for (const [status, value] of Object.entries((item as oas31.PathItemObject)[method]?.responses ?? {})) {
        if (isSuccess(status) || found.has(status)) continue;
        const response = resolve<oas31.ResponseObject>(doc, value as oas31.ResponseObject);
        found.set(status, { status, description: response.description, headers: Object.keys(response.headers ?? {}) });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.status.localeCompare(b.status));
}

function ErrorsTable({ doc }: { doc: Doc }) {
  return (
    <RefTable caption="Error statuses" columns={["Status", "Meaning", "Headers"]}>
      {errorStatuses(doc).map(({ status, description, headers }) => (
        <tr key={status} id={`status-${status}`}>
          <td>{status}</td>
          <td>
            <Text>{description}</Text>
          </td>
          <td>{headers.join(", ")}</td>
        </tr>
      ))}
    </RefTable>
  );
}

/** An endpoint's request body, unless an endpoint before it takes the same one (a PUT as its POST): a link to that. */
type SameAs = { anchor: string; label: string };

function RequestBody({ doc, body, sameAs }: { doc: Doc; body: oas31.RequestBodyObject; sameAs?: SameAs }) {
  if (sameAs) {
    return (
      <p>
        Request body: the same as <a href={`#${sameAs.anchor}`}>{sameAs.label}</a>.
      </p>
    );
  }
  return (
    <>
      {Object.entries(body.content).map(([type, media]) => (
        <FieldTable
          key={type}
          caption={`Request body (${type})`}
          rows={media.schema ? fieldRows(doc, media.schema) : []}
        />
      ))}
    </>
  );
}

function EndpointSection(props: { doc: Doc; path: string; method: string; op: Operation; sameBodyAs?: SameAs }) {
  const { doc, path, method, op, sameBodyAs } = props;
  const parameters = (op.parameters ?? []).map((p) => resolve<oas31.ParameterObject>(doc, p));
  const body = op.requestBody ? resolve<oas31.RequestBodyObject>(doc, op.requestBody) : undefined;
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const id = anchor(method, path);
  return (
    <section className="endpoint" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>
        <strong>{op.summary}</strong>
        {op.description ? " " : null}
        <Text>{op.description}</Text>
      </p>
      <p className="auth">{isPublic ? "No token needed." : "Needs a bearer token."}</p>
      {parameters.length > 0 ? <ParametersTable parameters={parameters} /> : null}
      {body ? <RequestBody doc={doc} body={body} sameAs={sameBodyAs} /> : null}
      <Responses doc={doc} responses={op.responses ?? {}} />
    </section>
  );
}

/** A response body: the error envelope by name; a success's `data` field by field. */
function ResponseBody({ doc, schema, type }: { doc: Doc; schema: Schema; type: string }) {
  if (isRef(schema)) return <a href={`#schema-${refName(schema.$ref)}`}>{refName(schema.$ref)}</a>;
  const rows = fieldRows(doc, schema).filter((row) => row.name.startsWith("data."));
  if (type !== "application/json" || rows.length === 0) {
    return <>{type === "application/json" ? `{ success, data: ${typeLabel(schema.properties?.data)} }` : type}</>;
  }
  return (
    <ul className="fields">
      {rows.map((row) => (
        <li key={row.name}>
          <code>{row.name}</code>: {row.ref ? <a href={`#schema-${row.ref}`}>{row.type}</a> : row.type}
        </li>
      ))}
    </ul>
  );
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; }
body { margin: 0; }
header, main, nav { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .75rem; border-bottom: 1px solid #d1d5db; padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
code, pre { font-family: ui-monospace, monospace; font-size: .9em; }
pre { background: #f3f4f6; padding: .75rem; overflow-x: auto; border-radius: .375rem; }
a { color: #1d4ed8; }
nav ul { columns: 2; padding-left: 1.25rem; }
.endpoint { border: 1px solid #e5e7eb; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4rem; text-align: center; border-radius: .25rem; padding: 0 .375rem; color: #fff; font-size: .85rem; }
.method-get { background: #1d4ed8; } .method-post { background: #047857; } .method-put { background: #92400e; }
.method-patch { background: #6d28d9; } .method-delete { background: #b91c1c; }
.auth { color: #4b5563; margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
th, td { border: 1px solid #e5e7eb; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f9fafb; }
ul.fields { margin: 0; padding-left: 1rem; }
`;

/** The page's sections, to jump to. */
function Contents({ areas }: { areas: string[] }) {
  return (
    <nav aria-label="Contents">
      <ul>
        <li>
          <a href="#tokens">Tokens</a>
        </li>
        <li>
          <a href="#envelope">The envelope and errors</a>
        </li>
        <li>
          <a href="#lists">Lists and paging</a>
        </li>
        <li>
          <a href="#versions">Versions: ETag and If-Match</a>
        </li>
        {areas.map((area) => (
          <li key={area}>
            <a href={`#area-${area.toLowerCase()}`}>{area}</a>
          </li>
        ))}
        <li>
          <a href="#schemas">Records</a>
        </li>
      </ul>
    </nav>
  );
}

/** How to get a token and send it, the envelope, paging and versions: the conventions every endpoint follows. */
function Intro({ doc, tokenHelp }: { doc: Doc; tokenHelp: string | undefined }) {
  return (
    <>
      <section id="tokens" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Tokens</h2>
        <p>
          <Text>{tokenHelp}</Text>
        </p>
        <p>To sign in with an e-mail and password:</p>
        <pre>
          {`curl -s -X POST https://placement.example/api/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"you@agency.example","password":"…"}'`}
        </pre>
        <p>
          The answer&apos;s <code>data.token</code> is the token (and <code>data.expiresAt</code> when it ends). A
          personal API token, for a program that runs unattended, is created on the Settings screen at{" "}
          <code>/settings/tokens</code>. Either is sent in the <code>Authorization</code> header:
        </p>
        <pre>{`curl -s https://placement.example/api/clients -H "Authorization: Bearer $TOKEN"`}</pre>
        <p>
          Without a token the answer is 401 <code>Authentication required</code> with{" "}
          <code>WWW-Authenticate: Bearer</code>; with an unknown, expired or revoked one, 401{" "}
          <code>Invalid or expired token</code>.
        </p>
      </section>
      <section id="envelope" aria-labelledby="envelope-title">
        <h2 id="envelope-title">The envelope and errors</h2>
        <p>
          Every answer is JSON with a real status code and <code>Cache-Control: no-store</code>: on success{" "}
          <code>{`{ "success": true, "data": …, "message": … }`}</code> (<code>message</code> optional), on failure{" "}
          <code>{`{ "success": false, "message": …, "errors": [{ "path", "msg" }] }`}</code>, where <code>errors</code>{" "}
          lists every failing field at once, named with dots for nested objects (<code>emergencyContact.phone</code>).
          Bodies are <code>application/json</code> (uploads <code>multipart/form-data</code>); an unknown field is
          refused, never ignored; <code>PUT</code> replaces the record. Each endpoint below lists the statuses it may
          answer; their bodies are the error envelope (<a href="#schema-Error">Error</a>):
        </p>
        <ErrorsTable doc={doc} />
      </section>
      <section id="lists" aria-labelledby="lists-title">
        <h2 id="lists-title">Lists and paging</h2>
        <p>
          List endpoints take the same query parameters as the list screen&apos;s URL. <code>page</code> starts at 1;{" "}
          <code>limit</code> is 1 to 100; <code>sort</code> is a field, descending with a leading minus (
          <code>sort=-updatedAt</code>). Every parameter is checked and an unknown one is an error (400{" "}
          <code>Invalid query parameters</code>); an empty one means no filter.
        </p>
      </section>
      <section id="versions" aria-labelledby="versions-title">
        <h2 id="versions-title">Versions: ETag and If-Match</h2>
        <p>
          Clients, facilities, placements, tasks and documents carry a <code>version</code> (a document&apos;s{" "}
          <code>revision</code>), answered as the record&apos;s field and its <code>ETag</code> header (
          <code>&quot;3&quot;</code>). Send the version you read as <code>If-Match: &quot;3&quot;</code> (or, for{" "}
          <code>PUT</code> and <code>PATCH</code>, the body&apos;s <code>version</code>): if the record has changed
          since, nothing is written and the answer is 412 with the record as it is now in <code>data</code> and its{" "}
          <code>ETag</code>. Without either, nothing is checked.
        </p>
      </section>
    </>
  );
}

/**
 * The document's operations by area (tag), in its order; and for each whose request body an
 * earlier one takes already (a PUT as its POST), that one: its body is shown in full once.
 */
function areasOf(doc: Doc) {
  const areas = (doc.tags ?? []).map((tag) => ({
    ...tag,
    operations: Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const op = (item as oas31.PathItemObject)[method];
        return op && op.tags?.includes(tag.name) ? [{ path, method, op }] : [];
      }),
    ),
  }));
  const firstWith = new Map<string, { anchor: string; label: string }>();
  const sameBodies = new Map<Operation, { anchor: string; label: string }>();
  for (const { path, method, op } of areas.flatMap((area) => area.operations)) {
    if (!op.requestBody) continue;
    const key = JSON.stringify(op.requestBody);
    const first = firstWith.get(key);
    if (first) sameBodies.set(op, first);
    else firstWith.set(key, { anchor: anchor(method, path), label: `${method.toUpperCase()} ${path}` });
  }
  return { areas, sameBodies };
}

/** The whole page: the introduction, then every endpoint by area, then the records' shapes. */
export function ApiReference({ doc }: { doc: Doc }) {
  const { areas, sameBodies } = areasOf(doc);
  const schemes = doc.components?.securitySchemes ?? {};
  const bearer = resolve<oas31.SecuritySchemeObject>(doc, Object.values(schemes)[0]);
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${doc.info.title} reference`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <h1>{`${doc.info.title} reference`}</h1>
          <p>
            <Text>{doc.info.description}</Text>
          </p>
          <p>
            The machine-readable description is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI {doc.openapi}
            ).
          </p>
        </header>
        <Contents areas={areas.map((area) => area.name)} />
        <main>
          <Intro doc={doc} tokenHelp={bearer?.description} />
          {areas.map((area) => (
            <section
              key={area.name}
              id={`area-${area.name.toLowerCase()}`}
              aria-labelledby={`area-${area.name.toLowerCase()}-title`}
            >
              <h2 id={`area-${area.name.toLowerCase()}-title`}>{area.name}</h2>
              {area.description ? (
                <p>
                  <Text>{area.description}</Text>
                </p>
              ) : null}
              {area.operations.map(({ path, method, op }) => (
                <EndpointSection
                  key={`${method} ${path}`}
                  doc={doc}
                  path={path}
                  method={method}
                  op={op}
                  sameBodyAs={sameBodies.get(op)}
                />
              ))}
            </section>
          ))}
          <section id="schemas" aria-labelledby="schemas-title">
            <h2 id="schemas-title">Records</h2>
            {schemas.map(([name, schema]) => (
              <section key={name} id={`schema-${name}`} aria-labelledby={`schema-${name}-title`}>
                <h3 id={`schema-${name}-title`}>{name}</h3>
                <FieldTable caption={`${name} fields`} rows={fieldRows(doc, schema)} />
              </section>
            ))}
          </section>
        </main>
      </body>
    </html>
  );
}

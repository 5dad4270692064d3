import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

// A route module is also loaded in the browser, where every `*.server` module it imports is
// replaced by an empty one. Remix removes the loader and action from the browser's copy, but not
// a call made at the module's top level: `export const loader = pageLoader(…)` with `pageLoader`
// from a `.server` module runs in the browser too, and throws there ("pageLoader is not a
// function"), so the page never hydrates. Twice this was caught only by the browser tests; this
// test finds it at once. Call server code from inside the loader or action function instead.
// Resource routes (no default export: the API, downloads) never load in the browser.

const ROUTES = path.resolve("app/routes");

/** The names a module imports from `*.server` modules (values, not types). */
function serverImports(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!/\.server$/.test(from)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (statement.importClause?.name) names.add(statement.importClause.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
    }
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/** Calls of those names at the module's top level (outside any function), as "name (line N)". */
export function topLevelServerCalls(file: string, text = fs.readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const isPage = source.statements.some(
    (s) =>
      ts.isExportAssignment(s) ||
      (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)),
  );
  if (!isPage) return [];
  const server = serverImports(source);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return; // runs only when called: on the server, by Remix
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : node.expression;
      if (ts.isIdentifier(callee) && server.has(callee.text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${callee.text} (line ${line})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) if (!ts.isImportDeclaration(statement)) visit(statement);
  return found;
}

describe("route modules call no server code at their top level", () => {
  const files = fs.readdirSync(ROUTES).filter((name) => /\.tsx?$/.test(name));
  test.each(files)("%s", (name) => {
    expect(topLevelServerCalls(path.join(ROUTES, name))).toEqual([]);
  });

  test("the check finds such a call, and leaves calls inside functions alone", () => {
    const route = `
      import { pageLoader, other } from "~/services/list-page.server";
      import { helper } from "~/utils/format";
      export const loader = pageLoader("clients");
      export const action = (args) => other(args);
      export function meta() { return pageLoader("x"); }
      const label = helper("x");
      export default function Page() { return null; }`;
    expect(topLevelServerCalls("route.tsx", route)).toEqual(["pageLoader (line 4)"]);
    // A resource route (no page) is never loaded in the browser.
    expect(topLevelServerCalls("route.ts", route.replace(/export default .*/, ""))).toEqual([]);
  });
});

// ESLint 9 flat config: JS and TypeScript recommended rules, React (new JSX runtime) and the
// rules of hooks. `npm run lint` (= `eslint .` then `prettier --check .`) must pass.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import paths of an app/ folder, by alias or relative. */
const paths = (folder) => [`~/${folder}/*`, `~/${folder}`, `**/app/${folder}/*`, `../${folder}/*`, `../../${folder}/*`];

/** One no-restricted-imports rule a layer: folders it may not import, and folders it may only take types from. */
function layers(rules) {
  return Object.entries(rules).map(([files, { forbid, typesOnly = [] }]) => ({
    files: [files],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...forbid.map((folder) => ({
              group: paths(folder),
              message: `${files.split("/")[1]} sits below ${folder}: move what both need down a layer.`,
            })),
            ...typesOnly.map((folder) => ({
              group: paths(folder),
              allowTypeImports: true,
              message: `${files.split("/")[1]} may take only types from ${folder} (server code).`,
            })),
          ],
        },
      ],
    },
  }));
}

export default defineConfig(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".cache/",
      "tests/.tmp/",
      "tests/bench/results/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,jsx,ts,tsx}"],
    ...react.configs.flat.recommended,
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    settings: { react: { version: "detect" } },
  },
  react.configs.flat["jsx-runtime"],
  {
    // React code lives in app/. (Elsewhere `use` is e.g. Playwright's fixture callback.)
    files: ["app/**/*.{js,jsx,ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      // TypeScript checks props; prop-types are for untyped JavaScript.
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // The layers (docs/architecture.md): routes → components and services → models → schemas →
  // utils. A layer imports only from those below it (a component may name a model's or a
  // service's types, which the browser bundle never loads); nothing imports a route.
  ...layers({
    "app/components/**": { forbid: ["routes"], typesOnly: ["services", "models"] },
    "app/services/**": { forbid: ["routes", "components"] },
    "app/models/**": { forbid: ["routes", "components", "services"] },
    "app/schemas/**": { forbid: ["routes", "components", "services", "models"] },
    "app/utils/**": { forbid: ["routes", "components", "services", "models", "schemas"] },
  }),
  {
    // Small enough to read at once (docs/architecture.md): a function fits on a screen, a route
    // is its loader, action and one page component. Tests and migrations (a table's DDL, read as
    // one list, frozen once landed) are not held to it.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "scripts/**/*.{js,ts,mjs}"],
    ignores: ["db/migrations/**"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
  {
    files: ["app/routes/**"],
    rules: { "max-lines": ["error", { max: 150 }] },
  },
  {
    // Ambient declaration files (remix.env.d.ts) reference type packages the Remix way.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
);

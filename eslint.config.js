// ESLint 9 flat config: JS and TypeScript recommended rules, React (new JSX runtime) and the
// rules of hooks. `npm run lint` (= `eslint .` then `prettier --check .`) must pass.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  {
    // Ambient declaration files (remix.env.d.ts) reference type packages the Remix way.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
);

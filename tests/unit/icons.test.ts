import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import * as icons from "~/components/ui/icons";

// The icons are <use> references into one sprite: a name without a symbol draws nothing, and a
// symbol (or icon) nobody shows is weight every first visit downloads.

const UI_DIR = path.resolve("app/components/ui");
const sprite = fs.readFileSync(path.join(UI_DIR, "icons.svg"), "utf8");
const symbols = [...sprite.matchAll(/<symbol\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
const OUTLINE = [
  'viewBox="0 0 24 24"',
  'fill="none"',
  'stroke="currentColor"',
  'stroke-width="1.75"',
  'stroke-linecap="round"',
  'stroke-linejoin="round"',
];
const named = Object.entries(icons as Record<string, ComponentType<{ title?: string }>>);

function render(Icon: ComponentType<{ title?: string }>, props: { title?: string } = {}) {
  return renderToStaticMarkup(createElement(Icon, props));
}

/** The symbol an icon draws: the fragment of its <use href>. */
function symbolOf(Icon: ComponentType) {
  return render(Icon).match(/<use href="[^"#]*icons[^"#]*\.svg#([^"]+)"/)?.[1];
}

/** The app's source files, but the icon module itself. */
function appSources(): string[] {
  const root = path.resolve("app");
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && path.join(root, file) !== path.join(UI_DIR, "icons.tsx"))
    .map((file) => fs.readFileSync(path.join(root, file), "utf8"));
}

describe("icon sprite", () => {
  test("the sprite has symbols, each once, on the 24px grid", () => {
    expect(symbols.length).toBeGreaterThan(0);
    expect(new Set(symbols).size).toBe(symbols.length);
    const symbolTags = sprite.match(/<symbol\b[^>]*>/g) ?? [];
    for (const tag of symbolTags) expect(tag).toContain('viewBox="0 0 24 24"');
  });

  test("every symbol draws an outline in the text colour, its paths bare", () => {
    const symbolTags = sprite.match(/<symbol\b[^>]*>/g) ?? [];
    for (const tag of symbolTags) {
      for (const attribute of OUTLINE) expect(tag).toContain(attribute);
    }
    const inner = sprite.replace(/<symbol\b[^>]*>/g, "");
    expect(inner).not.toMatch(/\b(fill|stroke[a-z-]*|style|class)=/);
  });

  test.each(named)("%s draws a symbol of the sprite", (_name, Icon) => {
    expect(symbols).toContain(symbolOf(Icon));
  });

  test("every symbol of the sprite is drawn by a named icon", () => {
    const drawn = new Set(named.map(([, Icon]) => symbolOf(Icon)));
    expect(symbols.filter((id) => !drawn.has(id))).toEqual([]);
  });

  test("every named icon is used somewhere in the app", () => {
    const sources = appSources();
    const unused = named
      .map(([name]) => name)
      .filter((name) => !sources.some((s) => new RegExp(`\\b${name}\\b`).test(s)));
    expect(unused).toEqual([]);
  });
});

describe("icon element", () => {
  test("is decorative by default, sized by its class, and leaves the look to the sprite", () => {
    const html = render(icons.PlusIcon);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(html).toContain('class="h-5 w-5"');
    expect(html).not.toMatch(/\b(fill|stroke[a-z-]*|viewBox)=/);
    expect(html).not.toContain("role=");
  });

  test("with a title, is an image with that name", () => {
    const html = render(icons.PlusIcon, { title: "Add client" });
    expect(html).toContain('role="img"');
    expect(html).toContain("<title>Add client</title>");
    expect(html).not.toContain("aria-hidden");
  });
});

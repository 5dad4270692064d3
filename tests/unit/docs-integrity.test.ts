import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What a merge can leave in the repository without failing anything else: conflict markers
// (Prettier turns ">>>>>>> branch" in Markdown into "> > > > > > > branch", which still reads as
// text), and a Markdown table whose two sides were both kept, one after the other (the rows of
// each side again under a second header).

const ROOT = path.resolve(__dirname, "../..");
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(md|ts|tsx|css|json|yml|yaml|sh)$/.test(file) && fs.existsSync(path.join(ROOT, file)));

describe("the repository after merges", () => {
  it("holds no conflict markers", () => {
    const marked = tracked.filter((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      return /^(<{7}|>{7}) |^={7}$|^(> ){7}\S/m.test(text);
    });
    expect(marked).toEqual([]);
  });

  it("has no Markdown table with its header twice", () => {
    const doubled: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith(".md"))) {
      const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n");
      let header: string | undefined;
      lines.forEach((line, i) => {
        if (!line.startsWith("|")) return (header = undefined);
        const isHeader = /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? "") && !/^\|[\s:|-]+\|$/.test(line);
        if (!isHeader) return;
        const cells = line.replace(/\s+/g, " ");
        if (header === cells) doubled.push(`${file}:${i + 1}`);
        header ??= cells;
      });
    }
    expect(doubled).toEqual([]);
  });
});

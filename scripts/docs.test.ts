/**
 * The documents say true things about the code: every file docs/flows.md names exists and every function it names is
 * in the code; every Markdown document cited anywhere in the tree exists. Reads files only (no stack): well under 3 s.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");
const SELF = relative(ROOT, __filename);

/** The folders whose code a document may name, and what is never the project's own code. */
const CODE_DIRS = ["chain", "contracts", "db", "domain", "indexer", "server", "scripts", "web/src", "admin/src", "ui-common", "e2e"];
const SKIP_DIRS = new Set(["node_modules", "dist", "artifacts", "cache", "typechain-types", "screenshots"]);
const CODE_FILE = /\.(ts|tsx|sol)$/;
const FILE_NAME = /^[\w@.[\]/-]*[\w-]\.(ts|tsx|mts|cts|cjs|mjs|js|sol|md|json|sh|sql)$/;

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const codeFiles = CODE_DIRS.flatMap((d) => walk(join(ROOT, d))).filter((f) => relative(ROOT, f) !== SELF);
const fileBasenames = new Set(codeFiles.map((f) => basename(f)));

/** Every identifier of the code, for the whole-word check (one pass over the files). */
function identifiersOfCode(): Set<string> {
  const words = new Set<string>();
  for (const file of codeFiles) {
    if (!CODE_FILE.test(file)) continue;
    for (const m of readFileSync(file, "utf8").matchAll(/[A-Za-z_$][\w$]*/g)) words.add(m[0]);
  }
  return words;
}

/** What a backticked span of docs/flows.md names: a file, a code name, or nothing to check. */
function classifySpan(raw: string): { file: string } | { name: string } | null {
  const span = raw.replace(/\s+/g, " ").trim();
  if (/^(GET|POST|PUT|PATCH|DELETE|WS)\s/.test(span)) return null; // an HTTP call
  if (!span.includes(" ") && FILE_NAME.test(span)) return { file: span };
  const code = span
    .replace(/'[^']*'|"[^"]*"/g, "") // quoted values
    .trim();
  if (!code || /[\uac00-\ud7a3\u3131-\u318e]/.test(code)) return null; // Korean text
  // A (dotted) name, perhaps called or followed by its payload: the last identifier before the arguments.
  const m = /^((?:[A-Za-z_$][\w$]*\.)*[A-Za-z_$][\w$]*)\s*(?:\(.*\)|\{.*\})?$/.exec(code);
  if (!m) return null; // SQL, URL pieces, `key: value`, numbers
  return { name: m[1].split(".").pop()! };
}

describe("docs/flows.md", () => {
  const text = readFileSync(join(ROOT, "docs/flows.md"), "utf8");
  const spans = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const classified = spans.map(classifySpan).filter((c) => c !== null);

  it("names files that exist", () => {
    const missing = new Set<string>();
    for (const c of classified) {
      if (!("file" in c)) continue;
      const found = c.file.includes("/") ? existsSync(join(ROOT, c.file)) : fileBasenames.has(c.file);
      if (!found) missing.add(c.file);
    }
    expect([...missing], "files named in docs/flows.md that do not exist").toEqual([]);
  });

  it("names functions that are in the code", () => {
    const words = identifiersOfCode();
    const names = new Set(classified.flatMap((c) => ("name" in c ? [c.name] : [])));
    expect(names.size).toBeGreaterThan(50);
    const missing = [...names].filter((n) => !words.has(n));
    expect(missing, "names in docs/flows.md found in no .ts/.tsx/.sol file").toEqual([]);
  });
});

describe("cited documents", () => {
  const TEXT_FILE = /\.(md|ts|tsx|cjs|mts|sh|sol|json)$/;
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && TEXT_FILE.test(f) && basename(f) !== "package-lock.json" && f !== SELF)
    .filter((f) => !f.split("/").some((part) => SKIP_DIRS.has(part)))
    .filter((f) => existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile());
  const markdownBasenames = new Set(listed.filter((f) => f.endsWith(".md")).map((f) => basename(f)));
  const OLD_DESIGN = ["DESIGN", "md"].join(".");

  /** Each `x.md` / `a/b/x.md` a file mentions (URLs left out), with its line. */
  function citations(file: string): { cited: string; line: number }[] {
    const out: { cited: string; line: number }[] = [];
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    lines.forEach((text, i) => {
      for (const m of text.matchAll(/(?<![\w./@-])((?:\.{1,2}\/|[\w@-][\w.@-]*\/)*[\w.-]*[\w-]\.md)(?![\w])/g)) {
        const start = m.index ?? 0;
        const before = text.slice(0, start);
        const token = before.slice(before.search(/\S*$/));
        if (/[a-z][a-z0-9+.-]*:\/\//i.test(token)) continue; // a URL
        out.push({ cited: m[1], line: i + 1 });
      }
    });
    return out;
  }

  function exists(file: string, cited: string): boolean {
    if (existsSync(join(ROOT, dirname(file), cited)) || existsSync(join(ROOT, cited))) return true;
    return markdownBasenames.has(basename(cited));
  }

  const all = listed.flatMap((file) => citations(file).map((c) => ({ file, ...c })));

  it("finds the citations", () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it("cites only documents that exist", () => {
    const missing = all.filter((c) => !exists(c.file, c.cited)).map((c) => `${c.file}:${c.line} ${c.cited}`);
    expect(missing, "cited documents that are not in the repository").toEqual([]);
  });

  it(`cites ${OLD_DESIGN} nowhere (it is docs/architecture.md)`, () => {
    const old = all.filter((c) => basename(c.cited) === OLD_DESIGN).map((c) => `${c.file}:${c.line}`);
    expect(old).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DETAIL_PARAMS, detailHref, detailId } from "./detailUrl";

/** Every `filters: [...]` a screen declares to useListQuery, as the keys it names. */
function declaredFilters(): { file: string; keys: string[] }[] {
  const pages = path.resolve(import.meta.dirname, "../../pages");
  const files = fs.readdirSync(pages, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));
  return files.flatMap((file) =>
    [...fs.readFileSync(path.join(pages, file), "utf8").matchAll(/filters:\s*\[([^\]]*)\]/g)].map((m) => ({
      file,
      keys: [...m[1].matchAll(/"([^"]+)"/g)].map((k) => k[1]),
    })),
  );
}

describe("a detail's URL", () => {
  it("reads only a positive whole number as a record id", () => {
    expect(detailId("12")).toBe(12);
    for (const bad of [null, "", "0", "-3", "1.5", "1e3", "abc", " 7", "99999999999999999999"])
      expect(detailId(bad), String(bad)).toBeNull();
  });

  it("opens over its screen's path", () => {
    expect(detailHref("/board/inquiry", "post", 12)).toBe("/board/inquiry?post=12");
    expect(detailHref("/dashboard", "tx", "0xab")).toBe("/dashboard?tx=0xab");
  });

  it("is never a list's filter key (the list would send it with its request)", () => {
    const lists = declaredFilters();
    expect(lists.length).toBeGreaterThan(5);
    const names: string[] = Object.values(DETAIL_PARAMS);
    for (const { file, keys } of lists)
      expect(
        keys.filter((k) => names.includes(k)),
        file,
      ).toEqual([]);
  });
});

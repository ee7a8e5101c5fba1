import { describe, expect, it } from "vitest";
import { defaultDateRange } from "@domain/schemas/shared/list";
import { listUrlKeys, patchSearch, pickSearch, readListState, viewPatch } from "./listUrl";

describe("a list's URL state", () => {
  it("reads page, size, sort, range and only the list's own filters", () => {
    const p = new URLSearchParams(
      "page=3&perPage=25&sortBy=id&sortDesc=false&from=2025-01-01&to=2025-01-31&filter=0xab&filter_type=hash&tx=0xcd",
    );
    expect(readListState(p, { dates: true, filters: ["filter", "filter_type", "type"] })).toEqual({
      page: 3,
      perPage: 25,
      sortBy: "id",
      sortDesc: false,
      from: "2025-01-01",
      to: "2025-01-31",
      rangeChosen: true,
      filters: { filter: "0xab", filter_type: "hash" },
    });
  });

  it("falls back to page 1, the list's first size, newest first and the default range", () => {
    const s = readListState(new URLSearchParams("page=x&perPage=7"), { dates: true });
    expect(s).toMatchObject({ page: 1, perPage: 10, sortDesc: true, rangeChosen: false, filters: {}, ...defaultDateRange() });
    expect(readListState(new URLSearchParams("perPage=7"), { kind: "board" }).perPage).toBe(7);
    expect(readListState(new URLSearchParams("")).from).toBeUndefined();
  });

  it("writes several keys at once, keeping the others; blank removes; back to page 1 unless the page is named", () => {
    const next = patchSearch("?page=4&type=gift&tx=0x1", { filter: " 0xab ", filter_type: "hash" });
    expect(Object.fromEntries(next)).toEqual({ type: "gift", tx: "0x1", filter: "0xab", filter_type: "hash" });
    expect(Object.fromEntries(patchSearch(next, { filter: "", filter_type: undefined }))).toEqual({ type: "gift", tx: "0x1" });
    expect(patchSearch("?page=4&type=gift", { page: 5 }).toString()).toBe("page=5&type=gift");
    expect(patchSearch("?page=4", { tx: "0x2" }, false).toString()).toBe("page=4&tx=0x2");
  });

  it("keeps a list's own keys as a view and puts exactly them back in one patch", () => {
    const keys = listUrlKeys({ dates: true, filters: ["type", "filter"] });
    expect(keys).toEqual(["perPage", "sortBy", "sortDesc", "from", "to", "type", "filter"]);
    const view = pickSearch(new URLSearchParams("page=4&perPage=25&from=2025-01-01&type=gift&tx=0xab"), keys);
    expect(view).toEqual({ perPage: "25", from: "2025-01-01", type: "gift" });
    const next = patchSearch("page=2&filter=kim&sortBy=timestamp&tx=0xcd", viewPatch(keys, { ...view, other: "x" }));
    expect(Object.fromEntries(next)).toEqual({ tx: "0xcd", perPage: "25", from: "2025-01-01", type: "gift" });
  });
});

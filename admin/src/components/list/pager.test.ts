import { describe, expect, it } from "vitest";
import { pageWindow, totalPagesOf } from "./pager";

describe("page buttons", () => {
  it("shows at most the spec's count of buttons around the current page", () => {
    expect(pageWindow(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20, 7)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(3, 20, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 3, 7)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0, 7)).toEqual([1]);
    expect(totalPagesOf(0, 10)).toBe(1);
    expect(totalPagesOf(101, 25)).toBe(5);
  });
});

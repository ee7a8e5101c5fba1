import { describe, expect, it } from "vitest";
import { backoffMs, isMoved, parsePush, pushHref, pushTarget } from "./socket";

describe("realtime pushes", () => {
  it("reads the three kinds and ignores anything else", () => {
    expect(parsePush(JSON.stringify({ kind: "입금", message: "m", id: 3, ref_id: 12, created_at: "2025-01-02T00:00:00Z" }))).toEqual({
      kind: "입금",
      message: "m",
      id: 3,
      refId: 12,
      created_at: "2025-01-02T00:00:00Z",
    });
    expect(parsePush(JSON.stringify({ kind: "문의", message: "m", id: 4, ref_id: null }))?.refId).toBeNull();
    expect(parsePush(JSON.stringify({ kind: "문의", message: "m", id: 4 }))?.refId).toBeNull();
    expect(parsePush(JSON.stringify({ kind: "hello" }))).toBeNull();
    expect(parsePush("not json")).toBeNull();
    expect(parsePush(new ArrayBuffer(2))).toBeNull();
  });

  it("tells confirmed moves apart from pushes", () => {
    expect(isMoved(JSON.stringify({ kind: "moved", block: 12 }))).toBe(true);
    expect(parsePush(JSON.stringify({ kind: "moved", block: 12 }))).toBeNull();
    expect(isMoved(JSON.stringify({ kind: "입금", message: "moved" }))).toBe(false);
    expect(isMoved("moved")).toBe(false);
    expect(isMoved(null)).toBe(false);
  });

  it("links each kind to its screen", () => {
    expect(pushTarget).toEqual({
      입금: "/sale/sell",
      확인: "/sale/deposits",
      문의: "/board/inquiry",
      정산: "/calc/management",
      승인: "/proposals",
      보전: "/safeguarding",
      가스: "/dashboard",
      한도: "/dashboard",
    });
    // …and to its record's detail there, when it names one.
    expect(pushHref("입금", 7)).toBe("/sale/sell?sale=7");
    expect(pushHref("문의", 12)).toBe("/board/inquiry?post=12");
    expect(pushHref("정산", 3)).toBe("/calc/management?order=3");
    expect(pushHref("정산", null)).toBe("/calc/management");
    expect(pushHref("승인", 4)).toBe("/proposals/4");
    // A deposit to check names its order (or none): the queue is where it is decided.
    expect(pushHref("확인", 5)).toBe("/sale/deposits");
    // A safeguarding shortfall names its entry; the safeguarding screen is where it is read.
    expect(pushHref("보전", 9)).toBe("/safeguarding");
    // The gas-paying account running low names no record: the dashboard's gas card.
    expect(pushHref("가스", null)).toBe("/dashboard");
    // A registration threshold near or passed: the dashboard's threshold card, whatever it names.
    expect(pushHref("한도", null)).toBe("/dashboard");
    expect(pushHref("한도", 2)).toBe("/dashboard");
    expect(pushHref("기타", 3)).toBeNull();
  });

  it("backs off from about a second to at most a minute", () => {
    expect(backoffMs(0)).toBeGreaterThanOrEqual(800);
    expect(backoffMs(0)).toBeLessThanOrEqual(1200);
    expect(backoffMs(3)).toBeGreaterThanOrEqual(6400);
    expect(backoffMs(50)).toBeLessThanOrEqual(60_000 * 1.2);
  });
});

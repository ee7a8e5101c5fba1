import { describe, expect, it } from "vitest";
import { backoffMs, isMoved, parsePush, pushTarget } from "./socket";

describe("realtime pushes", () => {
  it("reads the three kinds and ignores anything else", () => {
    expect(parsePush(JSON.stringify({ kind: "입금", message: "m", id: 3, created_at: "2025-01-02T00:00:00Z" }))).toEqual({
      kind: "입금",
      message: "m",
      id: 3,
      created_at: "2025-01-02T00:00:00Z",
    });
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
    expect(pushTarget).toEqual({ 입금: "/sale/sell", 문의: "/board/inquiry", 정산: "/calc/management" });
  });

  it("backs off from about a second to at most a minute", () => {
    expect(backoffMs(0)).toBeGreaterThanOrEqual(800);
    expect(backoffMs(0)).toBeLessThanOrEqual(1200);
    expect(backoffMs(3)).toBeGreaterThanOrEqual(6400);
    expect(backoffMs(50)).toBeLessThanOrEqual(60_000 * 1.2);
  });
});

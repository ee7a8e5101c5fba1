import { describe, expect, it } from "vitest";
import { ADMIN_FLAGS, type OperatorFlags } from "@domain/constants";
import { SCREENS } from "./screens";
import { canOpen, landingFor, menuFor, redirectFor } from "./screen-gates";

const all: OperatorFlags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
const screen = (path: string) => SCREENS.find((s) => s.path === path)!;
const enabledFor = (account: { permission: number; flags: OperatorFlags; enrolOnly?: boolean }) =>
  Object.fromEntries(menuFor(account).flatMap((g) => g.items.map((i) => [i.to, i.enabled])));
const enabled = (permission: number, flags: OperatorFlags) => enabledFor({ permission, flags });

describe("screen registry", () => {
  it("declares every route of back-office spec §2, once", () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      "main",
      "account",
      "account/create",
      "account/adminlist",
      "dashboard",
      "dashboard/detail/:address",
      "dashboard/holder",
      "sale/sell",
      "sale/use",
      "sale/gift",
      "board/notice",
      "board/inquiry",
      "board/faq",
      "board/event",
      "policy/clause",
      "policy/personal",
      "policy/giftcard",
      "token/management",
      "token/fee",
      "address/bank",
      "address/wallet",
      "key",
      "notify",
      "calc/management",
      "calc/request",
      "calc/status",
      "calc/wallet",
      "merchants",
      "merchant",
      "changes",
    ])
      expect(paths, p).toContain(p);
  });

  it("lands permission 0 on home, permission 3 on settlement request, a sub admin on its first screen", () => {
    expect(landingFor({ permission: 0, flags: {} })).toBe("/main");
    expect(landingFor({ permission: 3, flags: { isExchange3: true } })).toBe("/calc/request");
    expect(landingFor({ permission: 1, flags: { isSale2: true } })).toBe("/dashboard");
    expect(landingFor({ permission: 1, flags: { isAccount1: true } })).toBe("/main");
  });

  it("redirects permission 3 away from main admin pages and calc management/status only (spec §6)", () => {
    const shop = { permission: 3, flags: { isExchange3: true, isExchange5: true } };
    expect(redirectFor(screen("main"), shop)).toBe("/calc/request");
    expect(redirectFor(screen("sale/sell"), shop)).toBe("/calc/request");
    expect(redirectFor(screen("calc/management"), shop)).toBe("/");
    expect(redirectFor(screen("calc/status"), shop)).toBe("/");
    expect(redirectFor(screen("calc/request"), shop)).toBeNull();
    expect(redirectFor(screen("calc/wallet"), shop)).toBeNull();
    // Others are never redirected; a refused screen says so instead.
    expect(redirectFor(screen("key"), { permission: 1, flags: {} })).toBeNull();
    expect(canOpen(screen("key"), { permission: 1, flags: {} })).toBe(false);
  });

  it("a shop owner without isExchange3 is not sent to the request screen it cannot open", () => {
    const shop = { permission: 3, flags: { isExchange5: true } };
    expect(redirectFor(screen("calc/request"), shop)).toBeNull();
    expect(redirectFor(screen("sale/sell"), shop)).toBeNull();
    expect(landingFor(shop)).toBe("/calc/wallet");
    // Without either settlement flag, 결제 연동 (any shop owner's) is the one screen it opens.
    expect(landingFor({ permission: 3, flags: {} })).toBe("/merchant");
  });

  it("disables menu items whose flag is off (spec §6 table)", () => {
    const e = enabled(1, { isAccount1: true, isSale2: true, isExchange2: true, isBoard5: true, isWallet3: true });
    expect(e).toMatchObject({
      "/main": true,
      "/account": true,
      "/sale/sell": false,
      "/sale/use": true,
      "/calc/management": true,
      "/calc/status": false,
      "/policy/personal": true,
      "/policy/clause": false,
      "/address/wallet": true,
      "/address/bank": false,
      "/key": false,
      "/account/create": false,
      "/dashboard": true,
      "/notify": true,
      "/account/actions": false,
    });
    expect(enabled(1, { isAccount4: true })["/account/create"]).toBe(true);
  });

  it("needs permission 3 besides the flag for settlement request and wallet", () => {
    const flags: OperatorFlags = { isExchange3: true, isExchange5: true };
    expect(enabled(1, flags)["/calc/request"]).toBe(false);
    expect(enabled(0, all)["/calc/request"]).toBe(false);
    expect(enabled(3, flags)["/calc/request"]).toBe(true);
    expect(enabled(3, {})["/calc/request"]).toBe(false);
  });

  it("opens 내 보안 설정 to every operator, and keeps a session limited to enrolling there", () => {
    for (const account of [
      { permission: 0, flags: {} },
      { permission: 1, flags: {} },
      { permission: 3, flags: {} },
    ]) {
      expect(canOpen(screen("security"), account)).toBe(true);
      expect(redirectFor(screen("security"), account)).toBeNull();
    }
    const limited = { permission: 0, flags: {}, enrolOnly: true };
    expect(landingFor(limited)).toBe("/security");
    expect(redirectFor(screen("main"), limited)).toBe("/security");
    expect(redirectFor(screen("security"), limited)).toBeNull();
    expect(Object.values(enabledFor(limited)).some(Boolean)).toBe(false);
  });

  it("gives a shop owner only its three pages and the super admin everything but those", () => {
    expect(
      Object.entries(enabled(3, all))
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(["/calc/request", "/calc/wallet", "/merchant"]);
    expect(
      Object.entries(enabled(0, {}))
        .filter(([, v]) => !v)
        .map(([k]) => k),
    ).toEqual(["/calc/request", "/calc/wallet", "/merchant"]);
  });

  it("opens 가맹점 관리 with isMerchant1 and 결제 연동 to every shop owner (issue 52)", () => {
    expect(enabled(1, { isMerchant1: true })["/merchants"]).toBe(true);
    expect(enabled(1, { isRefund1: true })["/merchants"]).toBe(false);
    expect(enabled(1, all)["/merchant"]).toBe(false);
    expect(enabled(3, {})["/merchant"]).toBe(true);
    expect(
      menuFor({ permission: 3, flags: {} })
        .find((g) => g.label === "정산")!
        .items.map((i) => i.to),
    ).toContain("/merchant");
    // A shop owner is sent from the operators' screen as from every admin page; on its own it stays.
    const shop = { permission: 3, flags: { isExchange3: true } };
    expect(redirectFor(screen("merchants"), shop)).toBe("/calc/request");
    expect(redirectFor(screen("merchant"), shop)).toBeNull();
    expect(redirectFor(screen("merchant"), { permission: 1, flags: all })).toBeNull();
  });

  it("opens 변경 고지 with isBoard4 or isMerchant1, in the 정책 menu (issue 53)", () => {
    expect(enabled(1, { isBoard4: true })["/changes"]).toBe(true);
    expect(enabled(1, { isMerchant1: true })["/changes"]).toBe(true);
    expect(enabled(1, { isBoard5: true, isRefund1: true })["/changes"]).toBe(false);
    expect(enabled(0, {})["/changes"]).toBe(true);
    expect(enabled(3, all)["/changes"]).toBe(false);
    expect(
      menuFor({ permission: 0, flags: {} })
        .find((g) => g.label === "정책")!
        .items.map((i) => i.to),
    ).toContain("/changes");
    expect(redirectFor(screen("changes"), { permission: 3, flags: { isExchange3: true } })).toBe("/calc/request");
  });
});

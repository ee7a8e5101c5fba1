import { describe, expect, it } from "vitest";
import { ADMIN_FLAGS, type AdminFlags } from "@domain/constants";
import { accessOfPath, adminRoutes, landingFor, menuEnabled, menuGroups, redirectFor, routeTypes } from "./routes";

const items = menuGroups.flatMap((g) => g.items);
const enabledFor = (permission: number, flags: AdminFlags) =>
  Object.fromEntries(items.map((i) => [i.to, menuEnabled(i.rule, { permission, flags }, i.to)]));
const all: AdminFlags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));

describe("admin routes", () => {
  it("declares every route of back-office spec §2", () => {
    expect(adminRoutes.map((r) => r.path).sort()).toEqual(
      [
        "main", "account", "account/create", "account/adminlist", "dashboard", "dashboard/detail/:address", "dashboard/holder",
        "sale/:type", "board/:type", "policy/:type", "token/:type", "address/:type", "key", "notify",
        "calc/management", "calc/request", "calc/status", "calc/wallet",
      ].sort(),
    );
    expect(Object.keys(routeTypes["sale/:type"])).toEqual(["sell", "use", "gift"]);
    expect(Object.keys(routeTypes["board/:type"])).toEqual(["notice", "inquiry", "faq", "event"]);
    expect(Object.keys(routeTypes["policy/:type"])).toEqual(["clause", "personal", "giftcard"]);
    expect(Object.keys(routeTypes["token/:type"])).toEqual(["management", "fee"]);
    expect(Object.keys(routeTypes["address/:type"])).toEqual(["bank", "wallet"]);
  });

  it("every menu link points at a declared route", () => {
    for (const it of items) {
      const p = it.to.slice(1);
      const typed = Object.entries(routeTypes).some(([route, types]) => p.startsWith(route.replace(":type", "")) && p.split("/")[1] in types);
      expect(typed || adminRoutes.some((r) => r.path === p), it.to).toBe(true);
    }
  });

  it("lands permission 0 on home and everyone else on settlement request", () => {
    expect(landingFor(0)).toBe("/");
    expect(landingFor(1)).toBe("/calc/request");
    expect(landingFor(3)).toBe("/calc/request");
  });

  it("redirects permission 3 away from main admin pages and calc management/status only", () => {
    expect(redirectFor(accessOfPath("/main"), 3)).toBe("/calc/request");
    expect(redirectFor(accessOfPath("/sale/sell"), 3)).toBe("/calc/request");
    expect(redirectFor(accessOfPath("/calc/management"), 3)).toBe("/");
    expect(redirectFor(accessOfPath("/calc/status"), 3)).toBe("/");
    expect(redirectFor(accessOfPath("/calc/request"), 3)).toBeNull();
    expect(redirectFor(accessOfPath("/calc/wallet"), 3)).toBeNull();
    for (const p of ["/main", "/calc/management", "/calc/status", "/key"]) {
      expect(redirectFor(accessOfPath(p), 0)).toBeNull();
      expect(redirectFor(accessOfPath(p), 1)).toBeNull();
    }
  });

  it("disables menu items whose flag is off (spec §6 table)", () => {
    const e = enabledFor(1, { isAccount1: true, isSale2: true, isExchange2: true, isBoard5: true, isWallet3: true });
    expect(e["/main"]).toBe(true);
    expect(e["/account"]).toBe(true);
    expect(e["/sale/sell"]).toBe(false);
    expect(e["/sale/use"]).toBe(true);
    expect(e["/calc/management"]).toBe(true);
    expect(e["/calc/status"]).toBe(false);
    expect(e["/policy/personal"]).toBe(true);
    expect(e["/policy/clause"]).toBe(false);
    expect(e["/address/wallet"]).toBe(true);
    expect(e["/address/bank"]).toBe(false);
    expect(e["/key"]).toBe(false);
    expect(e["/account/create"]).toBe(false);
  });

  it("needs permission 3 besides the flag for settlement request and wallet", () => {
    const flags: AdminFlags = { isExchange3: true, isExchange5: true };
    expect(enabledFor(1, flags)["/calc/request"]).toBe(false);
    expect(enabledFor(1, flags)["/calc/wallet"]).toBe(false);
    expect(enabledFor(0, all)["/calc/request"]).toBe(false);
    const shop = enabledFor(3, flags);
    expect(shop["/calc/request"]).toBe(true);
    expect(shop["/calc/wallet"]).toBe(true);
    expect(enabledFor(3, {})["/calc/request"]).toBe(false);
  });

  it("gives a shop owner only the pages it may open", () => {
    const shop = enabledFor(3, all);
    expect(Object.entries(shop).filter(([, v]) => v).map(([k]) => k)).toEqual(["/calc/request", "/calc/wallet"]);
  });

  it("gives the super admin everything but the shop-owner items", () => {
    const e = enabledFor(0, {});
    expect(Object.entries(e).filter(([, v]) => !v).map(([k]) => k)).toEqual(["/calc/request", "/calc/wallet"]);
  });
});

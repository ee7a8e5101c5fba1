import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { startTestStack, type TestStack } from "../../test/harness";
import { WITH_REASON } from "../../test/download-reason";
import { insertOperator } from "../../test/operators";
import { memberByPhone } from "../../records/members.repo";
import { requestBuy } from "../purchases/purchases.service";
import { MEMBER_FILE } from "../members/members.routes";
import { moveFile, SELL_FILE } from "../purchases/sales.routes";
import { ROW_FILE } from "../dashboard/dashboard.routes";
import { savedViewsApi as api } from "../../../domain/api/saved-views";
import { LIST_COLUMNS, SAVED_VIEW_NAME_MAX, SAVED_VIEWS_PER_LIST } from "../../../domain/schemas/saved-views";
import { MEMBER_COLUMNS } from "../../../domain/schemas/members";
import { SALE_COLUMNS } from "../../../domain/schemas/purchases";
import { DASHBOARD_COLUMNS } from "../../../domain/schemas/dashboard";
import { OperatorPermission } from "../../../domain/constants";
import { Msg } from "../../../domain/messages";

describe("saved views and the downloads' column choice", () => {
  let s: TestStack;
  let admin: string;
  let other: string;
  let saleOnly: string;
  const state = {
    search: { keyword: "01011112222", sortBy: "id", sortDesc: "false", perPage: "25" },
    columns: ["id", "username", "holding"],
  };

  beforeAll(async () => {
    s = await startTestStack();
    admin = await s.loginOperator("admin", "admin1234");
    await insertOperator(s.ctx, "viewsother", OperatorPermission.SUB, { isAccount1: true });
    await insertOperator(s.ctx, "viewssale1", OperatorPermission.SUB, { isSale1: true });
    other = await s.loginOperator("viewsother", "operator1234");
    saleOnly = await s.loginOperator("viewssale1", "operator1234");
    await requestBuy(s.ctx, (await memberByPhone(s.ctx.db, "01011112222"))!, 10_000, "111111");
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("keeps an operator's views to itself: another operator neither lists nor deletes them (404)", async () => {
    const saved = await s.api(api.savedViewCreate, { list: "members", name: " 내 회원 ", state }, { token: admin });
    expect(saved).toMatchObject({ code: 200, message: Msg.savedViewSaved, data: { list: "members", name: "내 회원", state } });
    const id = saved.data.id;
    expect((await s.api(api.savedViews, { list: "members" }, { token: admin })).data.map((v) => v.name)).toEqual(["내 회원"]);
    expect((await s.api(api.savedViews, { list: "members" }, { token: other })).data).toEqual([]);
    expect((await s.api(api.savedViews, { list: "dashboard" }, { token: admin })).data).toEqual([]);

    expect(await s.api(api.savedViewDelete, { id }, { token: other })).toMatchObject({ status: 404, code: 404 });
    expect((await s.api(api.savedViews, { list: "members" }, { token: admin })).data).toHaveLength(1);
    // The same name is free for another operator.
    expect((await s.api(api.savedViewCreate, { list: "members", name: "내 회원", state }, { token: other })).code).toBe(200);

    expect((await s.api(api.savedViewDelete, { id }, { token: admin })).code).toBe(200);
    expect((await s.api(api.savedViews, { list: "members" }, { token: admin })).data).toEqual([]);
    expect((await s.api(api.savedViewDelete, { id }, { token: admin })).status).toBe(404);
    expect((await s.api(api.savedViews, { list: "members" }, { token: other })).data).toHaveLength(1);
  });

  it("refuses a blank, long or taken name, an oversized state and columns the list does not have", async () => {
    const create = (body: Record<string, unknown>) =>
      s.call("POST", "/api/saved-views", { token: admin, marker: "operation", body: { list: "dashboard", name: "기간", state, ...body } });
    expect(await create({ name: "  " })).toMatchObject({ status: 400, message: Msg.savedViewNameRequired });
    expect(await create({ name: undefined })).toMatchObject({ status: 400, message: Msg.savedViewNameRequired });
    expect(await create({ name: "가".repeat(SAVED_VIEW_NAME_MAX + 1) })).toMatchObject({ status: 400, message: Msg.savedViewNameTooLong });
    expect(Msg.savedViewNameTooLong).toContain(String(SAVED_VIEW_NAME_MAX));
    // `state.columns` of the members list are not the dashboard's.
    expect(await create({})).toMatchObject({ status: 400, message: Msg.columnUnknown });
    const dash = { search: { type: "gift", from: "2025-01-01" }, columns: ["hash", "value"] };
    expect(
      await create({
        state: {
          ...dash,
          search: {
            filter: "x".repeat(200),
            a: "x".repeat(200),
            b: "x".repeat(200),
            c: "x".repeat(200),
            d: "x".repeat(200),
            e: "x".repeat(200),
            f: "x".repeat(200),
            g: "x".repeat(200),
            h: "x".repeat(200),
            i: "x".repeat(200),
            j: "x".repeat(200),
          },
        },
      }),
    ).toMatchObject({
      status: 400,
      message: Msg.savedViewTooLarge,
    });
    expect(await create({ state: { ...dash, extra: 1 } })).toMatchObject({ status: 400 });
    expect(await create({ list: "holders" })).toMatchObject({ status: 400 });

    expect((await create({ state: dash })).code).toBe(200);
    expect(await create({ state: dash, name: " 기간" })).toMatchObject({ status: 409, message: Msg.savedViewDuplicate });
  });

  it("keeps at most SAVED_VIEWS_PER_LIST views per list", async () => {
    expect(Msg.savedViewLimit).toContain(String(SAVED_VIEWS_PER_LIST));
    const create = (list: string, name: string) =>
      s.call("POST", "/api/saved-views", { token: other, marker: "operation", body: { list, name, state: { search: {} } } });
    const have = (await s.api(api.savedViews, { list: "members" }, { token: other })).data.length;
    for (let i = have; i < SAVED_VIEWS_PER_LIST; i++) expect((await create("members", `보기 ${i}`)).code).toBe(200);
    expect(await create("members", "하나 더")).toMatchObject({ status: 409, message: Msg.savedViewLimit });
    // Another list has its own count.
    expect((await create("dashboard", "하나 더")).code).toBe(200);
  });

  it("opens a list's views only to the operators who may read the list", async () => {
    expect((await s.api(api.savedViews, { list: "saleSell" }, { token: saleOnly })).code).toBe(200);
    expect(await s.api(api.savedViews, { list: "members" }, { token: saleOnly })).toMatchObject({ status: 403 });
    expect(
      await s.call("POST", "/api/saved-views", {
        token: saleOnly,
        marker: "operation",
        body: { list: "dashboard", name: "x", state: { search: {} } },
      }),
    ).toMatchObject({ status: 200 });
    expect(
      await s.call("POST", "/api/saved-views", {
        token: saleOnly,
        marker: "operation",
        body: { list: "saleUse", name: "x", state: { search: {} } },
      }),
    ).toMatchObject({ status: 403 });
  });

  it("names every column of each list's file by the list's keys", () => {
    const keysOf = (cols: { key: string }[]) => [...new Set(cols.map((c) => c.key))];
    expect(keysOf(MEMBER_FILE)).toEqual([...MEMBER_COLUMNS]);
    expect(keysOf(SELL_FILE)).toEqual([...SALE_COLUMNS.sell]);
    expect(keysOf(moveFile(false))).toEqual([...SALE_COLUMNS.use]);
    expect(keysOf(moveFile(true))).toEqual([...SALE_COLUMNS.gift]);
    expect(keysOf(ROW_FILE)).toEqual([...DASHBOARD_COLUMNS]);
    expect(LIST_COLUMNS.saleGift).toBe(SALE_COLUMNS.gift);
  });

  const header = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(s.url + path, {
      ...init,
      headers: {
        authorization: `Bearer ${admin}`,
        "cookie-type": "operation",
        ...WITH_REASON,
        "content-type": "application/json",
        ...init.headers,
      },
    });
    if (res.headers.get("content-type")?.includes("json")) return (await res.json()) as { code: number; message: string };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    return (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
  };

  it("writes only the columns a download names, in their order; without them the whole file", async () => {
    expect(await header("/api/operation/allUserList/download?columns=username,id,holding")).toEqual(["이름", "번호", "보유 금액"]);
    expect(await header("/api/operation/allUserList/download?columns=email&columns=id")).toEqual(["이메일", "번호"]);
    expect(await header("/api/operation/allUserList/download")).toEqual(MEMBER_FILE.map((c) => c.header));
    expect(await header("/api/operation/allUserList/download?columns=id,password")).toMatchObject({
      code: 400,
      message: Msg.columnUnknown,
    });
    expect(await header("/api/operation/allUserList/download?columns=id,id")).toMatchObject({ code: 400, message: Msg.columnUnknown });
    // An optional field sent empty means "not chosen" on every list call (the spec's clients send "" for nothing).
    expect(await header("/api/operation/allUserList/download?columns=")).toEqual(MEMBER_FILE.map((c) => c.header));

    // The dashboard's address column writes the address and its owner's name.
    const dash = (columns?: string[]) => header("/api/dashboard/download", { method: "POST", body: JSON.stringify({ columns }) });
    expect(await dash(["value", "from", "type"])).toEqual(["금액(원)", "보낸 주소", "보낸 사람", "유형"]);
    expect(await dash()).toEqual(ROW_FILE.map((c) => c.header));
    expect(await dash(["fee"])).toMatchObject({ code: 400, message: Msg.columnUnknown });

    expect(await header("/api/sale/sell/download?columns=value,orderNo")).toEqual(["금액", "주문번호"]);
    // `fee` is a gift's column, not a payment's.
    expect(await header("/api/sale/use/download?columns=fee")).toMatchObject({ code: 400, message: Msg.columnUnknown });
  });
});

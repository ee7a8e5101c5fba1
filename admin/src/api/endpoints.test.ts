import { describe, expect, it } from "vitest";
import { fillPath, queryString } from "./endpoints";
import { fileNameOf } from "./download";

describe("endpoint inputs", () => {
  it("fills path segments from the input and sends the rest as the query", () => {
    expect(fillPath("/api/operation/userInfo/:id", { id: 7 })).toEqual({ path: "/api/operation/userInfo/7", rest: {} });
    const { path, rest } = fillPath("/api/operation/allUserList", {
      page: 2,
      perPage: 25,
      keyword: "김 민",
      state: undefined,
      sortDesc: false,
    });
    expect(path + queryString(rest)).toBe("/api/operation/allUserList?page=2&perPage=25&keyword=%EA%B9%80+%EB%AF%BC&sortDesc=false");
    expect(queryString({})).toBe("");
  });

  it("reads the download's Korean file name from Content-Disposition", () => {
    expect(fileNameOf(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent("회원정보.xlsx")}`, "x.xlsx")).toBe(
      "회원정보.xlsx",
    );
    expect(fileNameOf('attachment; filename="sale_sell.xlsx"', "x.xlsx")).toBe("sale_sell.xlsx");
    expect(fileNameOf(null, "x.xlsx")).toBe("x.xlsx");
  });
});

import { describe, expect, it } from "vitest";
import { cleanColumnKeys, defaultColumnKeys, shownColumns, toggleColumnKey } from "./columns";

const columns = [{ key: "id" }, { key: "actions", fixed: true }, { key: "name" }, { key: "email", optional: true }, { key: "createdAt" }];
const keys = (cs: { key: string }[]) => cs.map((c) => c.key);

describe("a list's column choice", () => {
  it("shows every column but the optional ones until the operator chooses; fixed ones always", () => {
    expect(defaultColumnKeys(columns)).toEqual(["id", "name", "createdAt"]);
    expect(keys(shownColumns(columns))).toEqual(["id", "actions", "name", "createdAt"]);
    expect(keys(shownColumns(columns, ["email", "id"]))).toEqual(["id", "actions", "email"]);
  });

  it("keeps a stored choice to the list's columns, in the list's order", () => {
    expect(cleanColumnKeys(columns, ["createdAt", "gone", "email", "actions"])).toEqual(["email", "createdAt"]);
    expect(cleanColumnKeys(columns, ["gone"])).toBeUndefined();
    expect(cleanColumnKeys(columns, undefined)).toBeUndefined();
  });

  it("hides and shows a column, but never the last one", () => {
    expect(toggleColumnKey(columns, ["id", "name"], "email")).toEqual(["id", "name", "email"]);
    expect(toggleColumnKey(columns, ["id", "name"], "id")).toEqual(["name"]);
    expect(toggleColumnKey(columns, ["name"], "name")).toEqual(["name"]);
  });
});

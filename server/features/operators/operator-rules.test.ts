import { describe, expect, it } from "vitest";
import { checkDelete, planOperator } from "./operator-rules";
import { flagsToArrays } from "../../../domain/schemas/operators";
import { Msg } from "../../../domain/messages";
import { newApiKey, hashApiKey, sameHash } from "../../auth/api-keys";

const superAdmin = { id: 1, permission: 0, flags: {} };
const sub = { id: 5, permission: 1, flags: { isAccount1: true, isAccount4: true } };

describe("operator rules", () => {
  it("makes a shop owner's operator permission 3 and anyone else's permission 1, never 0", () => {
    expect(planOperator(superAdmin, flagsToArrays({ isExchange3: true }), "exchanger")).toEqual({
      permission: 3,
      flags: { isExchange3: true },
    });
    expect(planOperator(superAdmin, flagsToArrays({ isSale1: true }), "manager").permission).toBe(1);
    expect(planOperator(superAdmin, flagsToArrays({}), "user").permission).toBe(1);
  });

  it("lets a sub admin grant only the flags it holds", () => {
    expect(planOperator(sub, flagsToArrays({ isAccount1: true }), "user").flags).toEqual({ isAccount1: true });
    expect(() => planOperator(sub, flagsToArrays({ isAccount1: true, isApiKey1: true }), "user")).toThrow(Msg.adminGrantBeyondOwn);
  });

  it("refuses deleting oneself, and a permission-0 operator by anyone else", () => {
    expect(() => checkDelete(sub, { id: 5, permission: 1 })).toThrow(Msg.adminDeleteSelf);
    expect(() => checkDelete(sub, { id: 1, permission: 0 })).toThrow(Msg.forbidden);
    expect(() => checkDelete(superAdmin, { id: 5, permission: 1 })).not.toThrow();
  });
});

describe("API key material", () => {
  it("is 256 random bits with a short prefix; only the hash is comparable", () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(a.key).toMatch(/^krwv_[A-Za-z0-9_-]{43}$/);
    expect(a.prefix).toBe(a.key.slice(0, 11));
    expect(a.key).not.toBe(b.key);
    expect(sameHash(hashApiKey(a.key), a.hash)).toBe(true);
    expect(sameHash(hashApiKey(`${a.key}x`), a.hash)).toBe(false);
    expect(a.hash).not.toContain(a.key.slice(5));
  });
});

import { z } from "zod";
import { Msg } from "../messages";
import { ADMIN_FLAGS, ADMIN_ID_MIN, ADMIN_PASSWORD_MIN, type OperatorFlag, type OperatorFlags } from "../constants";
import { memberPermissions } from "./members";

const isoDate = z.string();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---- operators (spec §3 Admin create payload, §4 presets, §5 validation, §8 answers) --------------

/**
 * The eight permission arrays of the create payload, in flag order. boardManage is sent with 4
 * entries on create and 5 on detail in the original; here it is always the five board flags
 * (a fifth left out reads as false).
 */
export const PERMISSION_GROUPS = {
  accountManage: ["isAccount1", "isAccount2", "isAccount3", "isAccount4"],
  saleManage: ["isSale1", "isSale2", "isSale3"],
  exchangeManage: ["isExchange1", "isExchange2", "isExchange3", "isExchange4", "isExchange5"],
  boardManage: ["isBoard1", "isBoard2", "isBoard3", "isBoard4", "isBoard5"],
  notifyManage: ["isNotice1"],
  tokenManage: ["isToken1", "isToken2", "isToken3"],
  walletManage: ["isWallet1", "isWallet2", "isWallet3"],
  apiKeyManage: ["isApiKey1"],
  approveManage: ["isApprove1"],
  refundManage: ["isRefund1"],
  merchantManage: ["isMerchant1"],
  privacyManage: ["isPrivacy1"],
} as const satisfies Record<string, readonly OperatorFlag[]>;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export const PERMISSION_GROUP_NAMES = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];
export type PermissionArrays = Record<PermissionGroup, boolean[]>;

/** The presets of spec §4, as flag lists. */
export const OPERATOR_PRESETS = {
  // Unmasking (isPrivacy1) is granted one operator at a time, never by a preset (least privilege).
  admin: ADMIN_FLAGS.filter((f) => f !== "isExchange5" && f !== "isPrivacy1"),
  subAdmin: [
    "isAccount1",
    "isAccount3",
    "isAccount4",
    "isBoard1",
    "isBoard2",
    "isBoard3",
    "isBoard4",
    "isBoard5",
    "isNotice1",
    "isExchange4",
  ],
  exchanger: ["isExchange3", "isExchange5"],
} as const satisfies Record<string, readonly OperatorFlag[]>;
export type OperatorPreset = keyof typeof OPERATOR_PRESETS;

export function flagsToArrays(flags: OperatorFlags): PermissionArrays {
  return Object.fromEntries(PERMISSION_GROUP_NAMES.map((g) => [g, PERMISSION_GROUPS[g].map((f) => flags[f] === true)])) as PermissionArrays;
}

export function arraysToFlags(arrays: Partial<Record<PermissionGroup, readonly boolean[]>>): OperatorFlags {
  const flags: OperatorFlags = {};
  for (const g of PERMISSION_GROUP_NAMES) PERMISSION_GROUPS[g].forEach((f, i) => arrays[g]?.[i] === true && (flags[f] = true));
  return flags;
}

const group = (g: PermissionGroup) => z.array(z.boolean()).max(PERMISSION_GROUPS[g].length).default([]);

export const operatorLoginId = z
  .string({ error: Msg.required })
  .trim()
  .min(1, { error: Msg.required })
  .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]+$/, { error: Msg.adminIdRule })
  .min(ADMIN_ID_MIN, { error: Msg.adminIdMin })
  .max(30);

export const operatorCreateBody = z.strictObject({
  /** The linked member (from GET /api/operation/connect). */
  account_id: z.number({ error: Msg.adminLinkedRequired }).int().positive({ error: Msg.adminLinkedRequired }),
  id: operatorLoginId,
  password: z.string({ error: Msg.required }).min(ADMIN_PASSWORD_MIN, { error: Msg.adminPasswordMin }).max(100),
  accountManage: group("accountManage"),
  saleManage: group("saleManage"),
  exchangeManage: group("exchangeManage"),
  boardManage: group("boardManage"),
  notifyManage: group("notifyManage"),
  tokenManage: group("tokenManage"),
  walletManage: group("walletManage"),
  apiKeyManage: group("apiKeyManage"),
  approveManage: group("approveManage"),
  refundManage: group("refundManage"),
  merchantManage: group("merchantManage"),
  privacyManage: group("privacyManage"),
});
export type OperatorCreateBody = z.input<typeof operatorCreateBody>;

export const connectableMember = z.object({
  id: z.number().int(),
  username: z.string(),
  phonenumber: z.string(),
  permission: z.enum(memberPermissions),
});
export const connectList = z.array(connectableMember);

export const operatorRow = z.object({
  id: z.number().int(),
  loginId: z.string(),
  permission: z.number().int(),
  createdAt: isoDate,
  relatedAccount: z.object({ id: z.number().int(), username: z.string(), phonenumber: z.string() }).nullable(),
});
export type OperatorRowDto = z.infer<typeof operatorRow>;
export const operatorList = z.array(operatorRow);
export const operatorDetailBody = z.strictObject({ id: z.number().int().positive() });
export const operatorDetail = operatorRow.extend(
  Object.fromEntries(PERMISSION_GROUP_NAMES.map((g) => [g, z.array(z.boolean())])) as Record<PermissionGroup, z.ZodArray<z.ZodBoolean>>,
);
export type OperatorDetailDto = z.infer<typeof operatorDetail>;
export const operatorIdParams = z.strictObject({ id });

import { z } from "zod";
import {
  ADMIN_FLAGS,
  ADMIN_ID_MIN,
  ADMIN_PASSWORD_MIN,
  MemberPermission,
  MemberState,
  type AdminFlag,
  type AdminFlags,
} from "../constants";
import { Msg } from "../messages";
import { columnChoice, listRequest, paged } from "./list";

/** Requests and answers of the back-office's members, operators, notifications, API key and audit log. */

const won = z.number().int();
const isoDate = z.string();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---- members (spec §3 Member; §7 allUserList, userInfo, changeState, changePermission) ------------

export const memberStates = [MemberState.NORMAL, MemberState.SUSPENDED, MemberState.KICKED] as const;
export const memberPermissions = [MemberPermission.USER, MemberPermission.EXCHANGER, MemberPermission.MANAGER] as const;

const memberSortable = ["createdAt", "id", "username", "phonenumber"] as const;
const memberFilters = { state: z.enum(memberStates).optional(), permission: z.enum(memberPermissions).optional() };
export const memberListRequest = listRequest({ sortable: memberSortable, filters: memberFilters });
export type MemberListRequest = z.output<typeof memberListRequest>;

/** The members list's columns (on screen and in the file), by key: a download's `columns` names them. */
export const MEMBER_COLUMNS = [
  "id",
  "username",
  "phonenumber",
  "permission",
  "state",
  "holding",
  "wallets",
  "nickname",
  "email",
  "address",
  "createdAt",
  "closedAt",
] as const;
export type MemberColumn = (typeof MEMBER_COLUMNS)[number];
/** The list's filter, and the columns to write (the ones on screen) when the operator chose them. */
export const memberDownloadRequest = listRequest({
  sortable: memberSortable,
  filters: { ...memberFilters, columns: columnChoice(MEMBER_COLUMNS) },
});

export const memberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  permission: z.enum(memberPermissions),
  phonenumber: z.string(),
  state: z.enum(memberStates),
  holding: won,
  createdAt: isoDate,
  updatedAt: isoDate,
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  wallets: z.array(z.object({ address: z.string() })),
  /** 회원 탈퇴: when the member closed the account (its personal data minimised then); null otherwise. */
  closedAt: isoDate.nullable(),
});
export type MemberRowDto = z.infer<typeof memberRow>;
export const memberList = paged(memberRow);

export const walletHistoryRow = z.object({
  /** Order number. */
  id: z.string(),
  type: z.string(),
  value: won,
  createdAt: isoDate,
  expiredAt: isoDate.nullable(),
});

export const auditRow = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminLoginId: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  txHash: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditRowDto = z.infer<typeof auditRow>;

export const memberDetail = z.object({
  member: memberRow,
  totals: z.object({ totalUsed: won, totalPurchased: won, purchasable: won }),
  history: z.array(walletHistoryRow),
  actions: z.array(auditRow),
});
export type MemberDetailDto = z.infer<typeof memberDetail>;

export const memberIdParams = z.strictObject({ id });
export const changeStateBody = z.strictObject({ id: z.number().int().positive(), state: z.enum(memberStates, { error: Msg.badRequest }) });
export const changePermissionBody = z.strictObject({
  id: z.number().int().positive(),
  permission: z.enum(memberPermissions, { error: Msg.badRequest }),
});
export type ChangeStateBody = z.infer<typeof changeStateBody>;
export type ChangePermissionBody = z.infer<typeof changePermissionBody>;

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
  privacyManage: ["isPrivacy1"],
} as const satisfies Record<string, readonly AdminFlag[]>;
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
} as const satisfies Record<string, readonly AdminFlag[]>;
export type OperatorPreset = keyof typeof OPERATOR_PRESETS;

export function flagsToArrays(flags: AdminFlags): PermissionArrays {
  return Object.fromEntries(PERMISSION_GROUP_NAMES.map((g) => [g, PERMISSION_GROUPS[g].map((f) => flags[f] === true)])) as PermissionArrays;
}

export function arraysToFlags(arrays: Partial<Record<PermissionGroup, readonly boolean[]>>): AdminFlags {
  const flags: AdminFlags = {};
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

// ---- notifications, API key, audit log -----------------------------------------------------------

export const notifyListRequest = listRequest({ sortable: ["id"] });
/** A stored notification; `ref_id` is the record it is about (the buy order, the inquiry, the settlement order). */
export const notifyRow = z.object({
  id: z.number().int(),
  category: z.string(),
  message: z.string(),
  created_at: isoDate,
  type: z.string(),
  ref_id: z.number().int().nullable(),
});
export type NotifyRowDto = z.infer<typeof notifyRow>;
export const notifyList = paged(notifyRow);

/** GET: the prefix and creation date only; POST (rotate): the whole key, this once. */
export const apiKeyInfo = z.object({ apiKey: z.string().nullable(), prefix: z.string().nullable(), createdAt: isoDate.nullable() });
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

export const auditListRequest = listRequest({
  sortable: ["createdAt"],
  dates: true,
  filters: { action: z.string().trim().max(50).optional() },
});
export const auditList = paged(auditRow);

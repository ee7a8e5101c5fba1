import { z } from "zod";
import { Msg } from "../messages";
import { MemberPermission, MemberState } from "../constants";
import { pin } from "./shared/common";
import { sessionToken } from "./shared/auth";
import { columnChoice, listRequest, paged } from "./shared/list";
import { auditRow } from "./audit";

/**
 * The members feature: a member's own account (identity verification and sign-up, password reset, login, my info,
 * the address book) and the members in the back-office.
 */

export const loginUserBody = z.strictObject({
  username: z.string({ error: Msg.phoneRequired }).trim().min(1, { error: Msg.phoneRequired }).max(20),
  password: z.string({ error: Msg.passwordRequired }).min(1, { error: Msg.passwordRequired }).max(6, { error: Msg.loginFailed }),
});
export type LoginUserBody = z.infer<typeof loginUserBody>;

/** PUT /api/auth: activate the verified member with a new password. */
export const activateBody = z.strictObject({
  key_info: z.string().min(1).max(200),
  password: pin,
});

/** POST /api/auth/password_v2: reset. `phone` is accepted for compatibility; the key decides whose password changes. */
export const passwordResetBody = z.strictObject({
  key_info: z.string().min(1).max(200),
  phone: z.string().max(20).optional(),
  password: pin,
});

/** Mobile carriers a Korean identity check asks for. */
export const CARRIERS = ["SKT", "KT", "LGU+", "SKT알뜰폰", "KT알뜰폰", "LGU+알뜰폰"] as const;

/** The simulated identity provider's form. */
export const verifySubmitBody = z.strictObject({
  key: z.string().min(1).max(200),
  name: z
    .string({ error: Msg.verifyNameRequired })
    .trim()
    .min(1, { error: Msg.verifyNameRequired })
    .max(30, { error: Msg.verifyNameTooLong }),
  birth: z
    .string({ error: Msg.verifyBirthInvalid })
    .trim()
    .regex(/^\d{4}-?\d{2}-?\d{2}$/, { error: Msg.verifyBirthInvalid })
    .transform((b) => b.replace(/-/g, "").replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3"))
    .refine(isPastCalendarDate, { error: Msg.verifyBirthInvalid }),
  phone: z
    .string({ error: Msg.verifyPhoneInvalid })
    .trim()
    .regex(/^01[016789]\d{7,8}$/, { error: Msg.verifyPhoneInvalid }),
  carrier: z.enum(CARRIERS, { error: Msg.verifyCarrierInvalid }),
});
export type VerifySubmitBody = z.infer<typeof verifySubmitBody>;
export type ActivateBody = z.infer<typeof activateBody>;
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** 'YYYY-MM-DD' that exists on the calendar, after 1900 and not in the future. */
function isPastCalendarDate(ymd: string): boolean {
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd && d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
}

// ---- answers of sign-up and login -----------------------------------------------------------------

/** A member as the session knows it: the login's `account`, the sign-up's answer. */
export const memberAccount = z.object({ phonenumber: z.string(), username: z.string() });
export type MemberAccount = z.infer<typeof memberAccount>;

/** POST /api/auth/login_user. */
export const loginUserData = sessionToken.extend({ account: memberAccount });

/** GET /api/auth, /api/auth/reauth: the single-use key and the provider's popup URL. */
export const verifyStart = z.object({ url: z.string(), key: z.string() });

/** POST /api/verify/submit (the simulated provider's form): the verification code it decided. */
export const verifyResult = z.object({ code: z.number().int() });

// ---- my info and the address book (spec info/*) ----------------------------------------------------

/** The member's own profile (GET and PUT /api/info/myinfo): custodial wallet and its spendable balance. */
export const myInfo = z.object({
  username: z.string(),
  /** Null only if the member has no wallet yet. */
  address: z.string().nullable(),
  balance: z.number(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  phonenumber: z.string(),
  homeAddress: z.string().nullable(),
  wallets: z.array(z.object({ address: z.string() })),
});
export type MyInfo = z.infer<typeof myInfo>;

/** An address-book entry (/info/address). */
export const favorite = z.object({
  id: z.number().int(),
  nickname: z.string(),
  address: z.string(),
  check: z.boolean(),
  updatedAt: z.string(),
});
export type Favorite = z.infer<typeof favorite>;
export const favoriteList = z.object({ list: z.array(favorite) });
export const favoritesDeleted = z.object({ deleted: z.number().int() });

export const myInfoUpdateBody = z.strictObject({
  nickname: z.string().trim().max(20, { error: Msg.nicknameTooLong }).nullable().optional(),
  email: z
    .union([z.literal(""), z.email({ error: Msg.emailInvalid }).max(100, { error: Msg.emailInvalid })])
    .nullable()
    .optional(),
  address: z.string().trim().max(200).nullable().optional(),
});

export const favoriteCreateBody = z.strictObject({
  nickname: z.string().trim().min(1, { error: Msg.favoriteBlank }).max(30),
  address: z.string().trim().min(1, { error: Msg.favoriteBlank }).max(100),
});
export const favoriteCheckBody = z.strictObject({ id: z.number().int().positive(), check: z.boolean() });
export const favoriteDeleteBody = z.strictObject({ select_list: z.array(z.number().int().positive()).min(1).max(500) });
export type MyInfoUpdateBody = z.infer<typeof myInfoUpdateBody>;
export type FavoriteCreateBody = z.infer<typeof favoriteCreateBody>;
export type FavoriteCheckBody = z.infer<typeof favoriteCheckBody>;
export type FavoriteDeleteBody = z.infer<typeof favoriteDeleteBody>;

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

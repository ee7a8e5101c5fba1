import { z } from "zod";

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

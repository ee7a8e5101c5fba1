import { z } from "zod";
import { Msg } from "../messages";
import { pageParam } from "./common";

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

/** Customer service: 1:1 inquiry (title and content non-blank after trimming). */
const inquiryText = (max: number) =>
  z.string({ error: Msg.inquiryBlank }).trim().min(1, { error: Msg.inquiryBlank }).max(max, { error: Msg.inquiryTooLong });
export const inquiryCreateBody = z.strictObject({ title: inquiryText(100), content: inquiryText(5000) });
export const inquiryUpdateBody = z.strictObject({ id: z.number().int().positive(), title: inquiryText(100), content: inquiryText(5000) });
export type InquiryCreateBody = z.infer<typeof inquiryCreateBody>;
export type InquiryUpdateBody = z.infer<typeof inquiryUpdateBody>;

/** Path params: a list page, a row id, a policy id (1 terms, 2 privacy, 3 voucher terms). */
export const pageParams = z.strictObject({ page: pageParam });
export const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const policyParams = z.strictObject({ id: z.coerce.number().int().min(1).max(3) });

import { z } from "zod";
import { Msg } from "../messages";

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

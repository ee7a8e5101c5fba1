import { z } from "zod";
import type { BankEvent } from "./provider";

const won = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const id = z.string().min(1).max(100);

/** A callback body as README.md's contract has it (unknown fields ignored, amounts whole won). */
export const bankEventSchema: z.ZodType<BankEvent> = z.discriminatedUnion("type", [
  z.object({
    eventId: id,
    type: z.literal("deposit"),
    occurredAt: z.string().min(1).max(40),
    data: z.object({ accountNumber: z.string().regex(/^\d{6,20}$/), amount: won, depositorName: z.string().max(60) }),
  }),
  z.object({
    eventId: id,
    type: z.enum(["debit.succeeded", "debit.failed"]),
    occurredAt: z.string().min(1).max(40),
    data: z.object({ debitId: id, amount: won, reason: z.string().max(200).optional() }),
  }),
]) as z.ZodType<BankEvent>;

import { z } from "zod";
import { Msg } from "../messages";
import { ADMIN_FLAGS, type OperatorFlag } from "../constants";
import { listRequest, paged } from "./shared/list";

/**
 * Dual control (maker–checker): one operator proposes a move, a different operator holding isApprove1 approves
 * or rejects it; nothing moves before the approval. Each kind has its typed payload.
 */

const won = z
  .union([z.number(), z.string().trim()], { error: Msg.required })
  .refine((v) => v !== "", { error: Msg.required })
  .refine((v) => (typeof v === "number" ? Number.isSafeInteger(v) && v > 0 : /^\d{1,15}$/.test(v) && Number(v) > 0), {
    error: Msg.tokenAmountInvalid,
  })
  .transform((v) => Number(v));
const address = z
  .string({ error: Msg.required })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: Msg.proposalBadAddress });
const flagsShape = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  OperatorFlag,
  z.ZodOptional<z.ZodBoolean>
>;

export const PROPOSAL_PAYLOADS = {
  /** Mint into the treasury (the minter's allowance bounds it on chain). */
  mint: z.strictObject({ value: won }),
  /** Burn outside settlement, from an operator wallet. */
  burn: z.strictObject({ from: address, value: won }),
  /** An operator wallet transfer above DUAL_CONTROL_TRANSFER_THRESHOLD_WON, through the outbox. */
  transfer: z.strictObject({ from: address, to: address, value: won }),
  /** The master minter sets a minter's allowance (`configureMinter`). */
  minterAllowance: z.strictObject({ minter: address, allowance: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
  pause: z.strictObject({}),
  unpause: z.strictObject({}),
  block: z.strictObject({ address }),
  unblock: z.strictObject({ address }),
  /** An operator's flags, replaced whole. */
  operatorFlags: z.strictObject({ adminId: z.number().int().positive(), flags: z.strictObject(flagsShape) }),
  /**
   * An operator who lost both the phone and the recovery codes: the second factor taken away, the operator's sessions
   * ended, and the next login an enrolment. The reason notes how the operator's identity was checked.
   */
  operatorTwoFactorReset: z.strictObject({ adminId: z.number().int().positive() }),
  /** A refund's payout above REFUND_PAYOUT_DUAL_CONTROL_WON: burn the escrowed amount from the refund escrow. */
  refundPayout: z.strictObject({ orderNo: z.string().min(1).max(40), from: address, value: won }),
  /** A queued deposit above DEPOSIT_RETURN_DUAL_CONTROL_WON returned to its sender (a recorded bank instruction). */
  depositReturn: z.strictObject({ depositId: z.number().int().positive(), value: won }),
} as const;
export type ProposalKind = keyof typeof PROPOSAL_PAYLOADS;
export const PROPOSAL_KINDS = Object.keys(PROPOSAL_PAYLOADS) as [ProposalKind, ...ProposalKind[]];
export type ProposalPayload<K extends ProposalKind = ProposalKind> = z.output<(typeof PROPOSAL_PAYLOADS)[K]>;

export const proposalReason = z
  .string({ error: Msg.required })
  .trim()
  .min(1, { error: Msg.proposalReasonRequired })
  .max(200, { error: Msg.proposalReasonRequired });

const variant = <K extends ProposalKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), payload: PROPOSAL_PAYLOADS[kind], reason: proposalReason });
/** POST /api/proposals: a kind, its payload and the reason. */
export const proposeBody = z.discriminatedUnion(
  "kind",
  [
    variant("mint"),
    variant("burn"),
    variant("transfer"),
    variant("minterAllowance"),
    variant("pause"),
    variant("unpause"),
    variant("block"),
    variant("unblock"),
    variant("operatorFlags"),
    variant("operatorTwoFactorReset"),
    variant("refundPayout"),
    variant("depositReturn"),
  ],
  { error: Msg.badRequest },
);
export type ProposeBody = z.output<typeof proposeBody>;

/** pending 대기 → executing (approved, being sent) → approved 승인 | failed 실패; pending → rejected 거절 | expired 만료. */
export const PROPOSAL_STATES = {
  pending: "대기",
  executing: "실행 중",
  approved: "승인",
  rejected: "거절",
  expired: "만료",
  failed: "실패",
} as const;
export type ProposalState = keyof typeof PROPOSAL_STATES;
export const PROPOSAL_KIND_NAMES: Record<ProposalKind, string> = {
  mint: "토큰 발행",
  burn: "토큰 소각",
  transfer: "지갑 전송",
  minterAllowance: "발행 한도 변경",
  pause: "긴급 정지",
  unpause: "정지 해제",
  block: "지갑 차단",
  unblock: "지갑 차단 해제",
  operatorFlags: "관리자 권한 변경",
  operatorTwoFactorReset: "2단계 인증 초기화",
  refundPayout: "환불 지급",
  depositReturn: "입금 반환",
};

export const proposalRow = z.object({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_KINDS),
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  state: z.enum(Object.keys(PROPOSAL_STATES) as [ProposalState, ...ProposalState[]]),
  proposerId: z.number().int(),
  proposerLoginId: z.string(),
  approverId: z.number().int().nullable(),
  approverLoginId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string(),
  txHash: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the operator asking may approve or reject it now (pending, not theirs, holds isApprove1). */
  canDecide: z.boolean(),
});
export type ProposalRowDto = z.infer<typeof proposalRow>;

export const proposalListRequest = listRequest({
  sortable: ["createdAt", "id"],
  filters: { state: z.enum(["all", ...(Object.keys(PROPOSAL_STATES) as ProposalState[])]).optional() },
});
export type ProposalListRequest = z.output<typeof proposalListRequest>;
export const proposalList = paged(proposalRow);

export const proposalIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const proposalRejectBody = z.strictObject({ reason: z.string().trim().max(200).optional() });

/** What a call that now makes a proposal answers: the proposal and '승인 요청이 등록되었습니다'. */
export const proposalCreated = z.object({ proposal: proposalRow, message: z.string() });

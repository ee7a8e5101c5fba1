import type { AppContext } from "../context";
import type { AppTx, OutboxKind, ProposalRecord } from "../db/schema";
import type { TokenMethod } from "../money/chain-calls";
import type { AdminArea } from "../../domain/admin-access";
import type { ProposalKind, ProposalPayload } from "../../domain/schemas/proposals";

/**
 * What each kind of proposal does, filled by the feature that owns the move (tokens, wallets, operators, refunds) and
 * put together in server/features/index.ts: the proposals service looks a kind up here and imports no feature.
 */
export interface ProposalKindHandler<K extends ProposalKind = ProposalKind> {
  /** The area an operator needs to propose it (the area of the direct call it replaces). */
  area: AdminArea;
  /** What the approval needs of the chain: its checks (running, not paused), only an answering node, or nothing. */
  needs: "chain" | "node" | "none";
  /** What the proposal names must exist when it is made (the chain checks the rest when it runs); throws to refuse. */
  check?: (ctx: Pick<AppContext, "db">, payload: ProposalPayload<K>) => Promise<void>;
  /** The move the approval records in its transaction, before anything is sent. */
  move: (ctx: Pick<AppContext, "custody">, payload: ProposalPayload<K>, trx: AppTx) => Promise<ProposalMove>;
  /** What follows a confirmed move outside the chain (a member's state, the pause noted). */
  afterApproved?: (ctx: AppContext, payload: ProposalPayload<K>) => Promise<void>;
  /** Told after every decision or outcome of a proposal of this kind (approved, rejected, failed, resolved later). */
  followUp?: (ctx: AppContext, proposalId: number) => Promise<void>;
}

/**
 * A proposal's move: a token call (recorded in chain_calls), an outbox transfer (`refused`: the message of a
 * balance refusal), or a change of the app's own records done in the approval's transaction.
 */
export type ProposalMove =
  | { call: [TokenMethod, (string | bigint)[]] }
  | { transfer: { kind: OutboxKind; from: string; to: string; value: number; counterpartyMemberId: number | null }; refused: string }
  | { apply: (trx: AppTx) => Promise<void> };

/** Every kind with its handler: a kind without one does not compile. */
export type ProposalKinds = { [K in ProposalKind]: ProposalKindHandler<K> };

let registered: ProposalKinds | null = null;

/** Called once by the composition (server/stack.ts) with server/features/index.ts's `proposalKinds`. */
export function registerProposalKinds(kinds: ProposalKinds): void {
  registered = kinds;
}

/** The handler of a proposal's kind, as the features registered it. */
export function handlerOf(kind: string): ProposalKindHandler {
  if (!registered) throw new Error("no proposal kinds registered (server/stack.ts registers server/features/index.ts's)");
  const handler = registered[kind as ProposalKind] as unknown as ProposalKindHandler | undefined;
  if (!handler) throw new Error(`unknown proposal kind: ${kind}`);
  return handler;
}

export const payloadOf = <K extends ProposalKind>(p: ProposalRecord) => JSON.parse(p.payload_json) as ProposalPayload<K>;

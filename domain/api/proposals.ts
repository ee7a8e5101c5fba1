import { endpoint, operator } from "./endpoint";
import {
  proposalCreated,
  proposalIdParams,
  proposalList,
  proposalListRequest,
  proposalRejectBody,
  proposalRow,
  proposeBody,
} from "../schemas/proposals";

const list = operator("proposals");
const decide = operator("proposalApprove");

/**
 * Dual control (maker–checker): proposals of mint, burn, large operator transfers, allowance changes, pause,
 * block/unblock and operator flags. One operator proposes, a different one holding isApprove1 approves
 * (the move runs then, once) or rejects. The older direct calls (mint, transfer, block) answer with a proposal.
 */
export const proposalsApi = {
  proposalList: endpoint({
    method: "POST",
    path: "/api/proposals/search",
    access: list,
    summary: "Proposals by state, newest first, a page",
    body: proposalListRequest,
    response: proposalList,
  }),
  proposalDetail: endpoint({
    method: "GET",
    path: "/api/proposals/:id",
    access: list,
    summary: "One proposal with its state, both operators and the tx hash",
    params: proposalIdParams,
    response: proposalRow,
  }),
  propose: endpoint({
    method: "POST",
    path: "/api/proposals",
    access: list,
    summary: "Propose a move (kind, payload, reason); the kind's own flag is checked; nothing moves until approved",
    body: proposeBody,
    response: proposalCreated,
  }),
  proposalApprove: endpoint({
    method: "POST",
    path: "/api/proposals/:id/approve",
    access: decide,
    summary: "Approve another operator's proposal: the move runs once (Idempotency-Key); audited",
    params: proposalIdParams,
    response: proposalRow,
  }),
  proposalReject: endpoint({
    method: "POST",
    path: "/api/proposals/:id/reject",
    access: decide,
    summary: "Reject another operator's proposal: nothing moves; audited",
    params: proposalIdParams,
    body: proposalRejectBody,
    response: proposalRow,
  }),
};

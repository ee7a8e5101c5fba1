import type { TestStack } from "./harness";
import { Msg } from "../../domain/messages";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as TestStack.call: a test reads what the server sent
type Answer = { status: number; code: number; message?: string; data: any; headers: Headers };

/**
 * Test helper for dual control: `call` makes a proposal as the proposer (e.g. POST /api/token/mint), then the
 * approver approves it (with the given headers, e.g. an Idempotency-Key). Returns the proposal made and the
 * approval's answer; throws when the first call did not make a proposal.
 */
export async function proposeAndApprove(
  s: TestStack,
  proposer: string,
  approver: string,
  method: string,
  path: string,
  body?: unknown,
  approveHeaders?: Record<string, string>,
): Promise<{ proposal: { id: number; state: string }; approval: Answer }> {
  const made = await s.call(method, path, { token: proposer, marker: "operation", body });
  if (made.code !== 200 || made.message !== Msg.proposalCreated)
    throw new Error(`no proposal from ${method} ${path}: ${made.code} ${made.message}`);
  const proposal = made.data.proposal as { id: number; state: string };
  return { proposal, approval: await approveProposal(s, approver, proposal.id, approveHeaders) };
}

/** Test helper: approves proposal `id` as `approver` (a second operator holding isApprove1). */
export function approveProposal(s: TestStack, approver: string, id: number, headers?: Record<string, string>): Promise<Answer> {
  return s.call("POST", `/api/proposals/${id}/approve`, { token: approver, marker: "operation", headers });
}

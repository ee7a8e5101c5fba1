import { useNavigate } from "react-router";
import { Msg } from "@domain/messages";
import { snack } from "../../components/ui/toaster";

/** After a call that now makes a proposal (mint, large transfer, block): '승인 요청이 등록되었습니다' and the proposal's page. */
export function useProposalCreated() {
  const navigate = useNavigate();
  return (proposal: { id: number }) => {
    snack(`${Msg.proposalCreated} (#${proposal.id})`, { type: "success" });
    void navigate(`/proposals/${proposal.id}`);
  };
}

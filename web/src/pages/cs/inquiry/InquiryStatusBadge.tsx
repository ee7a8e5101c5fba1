import { Badge } from "@chakra-ui/react";
import { L } from "../../../labels";
import { ANSWERED } from "./inquiryText";

export function InquiryStatusBadge({ state }: { state: string }) {
  const answered = String(state) === ANSWERED;
  return (
    <Badge colorPalette={answered ? "green" : "gray"} variant="subtle" data-testid="inquiry-status" data-answered={answered}>
      {answered ? L.cs.answered : L.cs.waiting}
    </Badge>
  );
}

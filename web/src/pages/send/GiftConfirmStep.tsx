import { Button, Flex, Heading, Stack } from "@chakra-ui/react";
import type { LookedUpUser } from "../../api/moneyApi";
import { SendSummary, SendSummaryLine } from "./SendSummary";
import { SendLabels as L } from "./sendLabels";

export interface GiftConfirmStepProps {
  recipient: LookedUpUser;
  value: number;
  onPrev: () => void;
  /** Opens the password dialog. */
  onConfirm: () => void;
}

/** Gift, step 2: who receives, amount, 200-won fee and total. */
export function GiftConfirmStep({ recipient, value, onPrev, onConfirm }: GiftConfirmStepProps) {
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {L.confirmGift}
      </Heading>
      <SendSummary value={value}>
        <SendSummaryLine label={L.recipientName} value={recipient.username} testId="send-recipient-name" />
        <SendSummaryLine label={L.recipientAddress} value={recipient.address} testId="send-recipient-address" />
      </SendSummary>
      <SendStepButtons onPrev={onPrev} onConfirm={onConfirm} />
    </Stack>
  );
}

/** 이전 / 다음 of a confirm step. */
export function SendStepButtons({ onPrev, onConfirm }: { onPrev: () => void; onConfirm: () => void }) {
  return (
    <Flex gap="3" justify="flex-end">
      <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }} minW="28" onClick={onPrev} data-testid="send-prev">
        {L.prev}
      </Button>
      <Button size="lg" flex={{ base: "1", sm: "initial" }} minW="28" onClick={onConfirm} colorPalette="brand" data-testid="send-confirm">
        {L.next}
      </Button>
    </Flex>
  );
}

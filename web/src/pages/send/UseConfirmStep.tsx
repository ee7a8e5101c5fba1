import { Heading, Stack } from "@chakra-ui/react";
import type { MarketShop } from "../../api/moneyApi";
import { SendStepButtons } from "./GiftConfirmStep";
import { SendSummary, SendSummaryLine } from "./SendSummary";
import { SendLabels as L } from "./sendLabels";

export interface UseConfirmStepProps {
  shop: MarketShop;
  value: number;
  onPrev: () => void;
  onConfirm: () => void;
}

/** Market use, step 2: the shop, amount, 200-won fee and total. */
export function UseConfirmStep({ shop, value, onPrev, onConfirm }: UseConfirmStepProps) {
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {L.confirmUse}
      </Heading>
      <SendSummary value={value}>
        <SendSummaryLine label={L.shopName} value={shop.username} testId="send-shop-name" />
        <SendSummaryLine label={L.shopAddress} value={shop.address} testId="send-shop-address" />
      </SendSummary>
      <SendStepButtons onPrev={onPrev} onConfirm={onConfirm} />
    </Stack>
  );
}

import { Button, Flex, Heading, Stack } from "@chakra-ui/react";
import type { Counterpart, GiftKind } from "./giftKinds";
import { GiftSummary, GiftSummaryLine } from "./GiftSummary";
import { GiftLabels as L } from "./gifts.labels";

export interface GiftConfirmStepProps {
  cfg: GiftKind;
  counterpart: Counterpart;
  value: number;
  onPrev: () => void;
  /** Opens the password dialog. */
  onConfirm: () => void;
}

/** Step 2: who receives (looked-up name and address), amount, the 200-won fee and the total. */
export function GiftConfirmStep({ cfg, counterpart, value, onPrev, onConfirm }: GiftConfirmStepProps) {
  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {cfg.confirmTitle}
      </Heading>
      <GiftSummary value={value}>
        <GiftSummaryLine label={cfg.nameLabel} value={counterpart.name} testId={`send-${cfg.lineTestId}-name`} />
        <GiftSummaryLine label={cfg.addressLabel} value={counterpart.address} testId={`send-${cfg.lineTestId}-address`} />
      </GiftSummary>
      <Flex gap="3" justify="flex-end">
        <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }} minW="28" onClick={onPrev} data-testid="send-prev">
          {L.prev}
        </Button>
        <Button size="lg" flex={{ base: "1", sm: "initial" }} minW="28" onClick={onConfirm} colorPalette="brand" data-testid="send-confirm">
          {L.next}
        </Button>
      </Flex>
    </Stack>
  );
}

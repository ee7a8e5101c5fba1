import { Box, Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { MyInfo } from "@domain/schemas/members";
import { L } from "../../labels";
import { copyAndTell } from "@common/clipboard";

/** Name, wallet address (with copy) and balance. */
export function InfoSummary({ info }: { info: MyInfo }) {
  const address = info.wallets?.[0]?.address ?? info.address ?? "";
  return (
    <Stack gap="5">
      <InfoRow label={L.info.username}>
        <Text fontWeight="semibold" data-testid="info-username">
          {info.username}
        </Text>
      </InfoRow>
      <InfoRow label={L.info.wallet}>
        <HStack gap="2" wrap="wrap" minW="0">
          <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="info-address">
            {address}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void copyAndTell(address, Msg.copiedAddress)} data-testid="info-copy-address">
            {L.info.copyAddress}
          </Button>
        </HStack>
      </InfoRow>
      <InfoRow label={L.info.balance}>
        <Text fontWeight="bold" fontSize="lg" color="brand.fg" data-testid="info-balance">
          {formatWon(info.balance)}
          {L.common.won}
        </Text>
      </InfoRow>
    </Stack>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction={{ base: "column", sm: "row" }} gap={{ base: "1", sm: "4" }} align={{ sm: "center" }}>
      <Text w={{ sm: "24" }} flexShrink={0} fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box minW="0">{children}</Box>
    </Flex>
  );
}

import { Flex, Skeleton, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { GiftLabels as L } from "./gifts.labels";

/** The spendable balance under the amount field. */
export function GiftBalanceLine({ balance }: { balance: number | undefined }) {
  return (
    <Flex justify="space-between" align="center" fontSize="sm" color="fg.muted">
      <Text>{L.balance}</Text>
      <Skeleton loading={balance === undefined}>
        <Text fontWeight="medium" color="fg" data-testid="send-balance">
          {L.won(formatWon(balance ?? 0))}
        </Text>
      </Skeleton>
    </Flex>
  );
}

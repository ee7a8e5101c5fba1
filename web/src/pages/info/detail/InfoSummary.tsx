import { Button, DataList, HStack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { MyInfo } from "../../../api/accountApi";
import { snack } from "../../../components/ui/toaster";
import { L } from "../../../labels";
import { copyText } from "../../../lib/clipboard";

/** Name, wallet address (with copy) and balance. */
export function InfoSummary({ info }: { info: MyInfo }) {
  const address = info.wallets?.[0]?.address ?? info.address ?? "";
  return (
    <DataList.Root orientation={{ base: "vertical", md: "horizontal" }} gap="4">
      <DataList.Item>
        <DataList.ItemLabel>{L.info.username}</DataList.ItemLabel>
        <DataList.ItemValue data-testid="info-username">{info.username}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{L.info.wallet}</DataList.ItemLabel>
        <DataList.ItemValue>
          <HStack gap="2" wrap="wrap" minW="0">
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="info-address">
              {address}
            </Text>
            <Button
              size="xs"
              variant="outline"
              onClick={async () => (await copyText(address)) && snack(Msg.copiedAddress)}
              data-testid="info-copy-address"
            >
              {L.info.copyAddress}
            </Button>
          </HStack>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{L.info.balance}</DataList.ItemLabel>
        <DataList.ItemValue fontWeight="bold" color="brand.fg" data-testid="info-balance">
          {formatWon(info.balance)}
          {L.common.won}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

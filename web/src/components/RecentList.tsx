import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatHistoryDate, formatWon, shortAddress } from "@domain/format";
import { Msg } from "@domain/messages";
import { LoadError } from "./ListState";
import type { MoveHistoryItem } from "@domain/schemas/history";
import { useRecent } from "../api/moneyQueries";

const L = {
  title: { 2: "최근 사용내역", 3: "최근 선물내역" },
  sent: "보낸 선물",
  received: "받은 선물",
  pick: "이 주소 사용",
};

interface Entry {
  id: number;
  createdAt: string;
  label: string;
  name: string;
  address: string;
  amount: number;
  sign: "+" | "-";
}

function toEntry(type: 2 | 3, m: MoveHistoryItem): Entry {
  if (type === 2)
    return { id: m.id, createdAt: m.createdAt, label: "", name: m.toUsername ?? "", address: m.to, amount: m.total, sign: "-" };
  return {
    id: m.id,
    createdAt: m.createdAt,
    label: m.send ? L.sent : L.received,
    name: m.user ?? "",
    address: m.send ? m.to : m.from,
    amount: m.send ? m.total : m.value,
    sign: m.send ? "-" : "+",
  };
}

const placeholder: Entry[] = Array.from({ length: 3 }, (_, i) => ({
  id: -i - 1,
  createdAt: new Date(0).toISOString(),
  label: "",
  name: "홍길동",
  address: "0x0000000000000000000000000000000000000000",
  amount: 10000,
  sign: "-",
}));

export interface RecentListProps {
  /** 2 = use, 3 = gift (page 1 of POST /api/info/history). */
  type: 2 | 3;
  /** Called with the counterpart address when the user picks an entry. */
  onPick?: (address: string) => void;
}

/** The last (at most 5) uses or gifts, shown beside the send flows. */
export function RecentList({ type, onPick }: RecentListProps) {
  const q = useRecent(type);
  const entries = q.isLoading ? placeholder : q.items.map((it) => toEntry(type, it));
  const empty = type === 2 ? Msg.emptyUse : Msg.emptyGift;

  return (
    <Box as="section" aria-label={L.title[type]} data-testid={`recent-${type}`}>
      <Heading as="h2" size="sm" mb="2">
        {L.title[type]}
      </Heading>
      {q.isError ? (
        <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !q.isLoading && entries.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="3">
          {empty}
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" borderTopWidth="1px">
          {entries.map((e) => (
            <Flex
              as="li"
              key={e.id}
              data-testid={q.isLoading ? "recent-row-skeleton" : "recent-row"}
              py="2"
              gap="2"
              borderBottomWidth="1px"
              align="center"
              justify="space-between"
              wrap="wrap"
            >
              <Skeleton loading={q.isLoading} minW="0" flex="1">
                <Text fontSize="xs" color="fg.muted">
                  {formatHistoryDate(e.createdAt)} {e.label && `· ${e.label}`}
                </Text>
                <Text fontSize="sm" truncate title={e.address}>
                  {e.name && `${e.name} `}
                  <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs">
                    {shortAddress(e.address)}
                  </Text>
                </Text>
              </Skeleton>
              <Flex align="center" gap="2">
                <Skeleton loading={q.isLoading}>
                  <Text fontWeight="semibold" fontSize="sm" color={e.sign === "+" ? "fg.success" : "fg"}>
                    {e.sign}
                    {formatWon(e.amount)}원
                  </Text>
                </Skeleton>
                {onPick && !q.isLoading && (
                  <Button size="xs" variant="outline" onClick={() => onPick(e.address)} aria-label={`${L.pick} ${e.address}`}>
                    {L.pick}
                  </Button>
                )}
              </Flex>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

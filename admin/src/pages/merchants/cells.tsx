import type { ReactNode } from "react";
import { Badge, Button, Card, Code, Heading, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { copyAndTell } from "@common/clipboard";
import { shortAddress } from "@domain/format";
import { CopyIcon } from "../../components/ui/icons";
import { ML } from "./merchants.labels";

/** A merchant's state: 운영 중 (green) or 정지 (red). */
export function MerchantStateBadge({ state, testId }: { state: "active" | "suspended"; testId?: string }) {
  return (
    <Badge colorPalette={state === "active" ? "green" : "red"} data-testid={testId} data-state={state}>
      {ML.states[state]}
    </Badge>
  );
}

/**
 * A value with its copy button: an address shortened in a table (the whole one in its title and the copy), whole in a
 * detail. `what` names it for the button (e.g. "정산 지갑 복사").
 */
export function CopyValue({ value, what, short, testId }: { value: string; what: string; short?: boolean; testId?: string }) {
  return (
    <HStack gap="1" align="center">
      <Code fontSize="xs" title={value} wordBreak="break-all" data-testid={testId}>
        {short ? shortAddress(value, 8, 6) : value}
      </Code>
      <IconButton size="xs" variant="ghost" aria-label={ML.copy(what)} title={ML.copy(what)} onClick={() => void copyAndTell(value)}>
        <CopyIcon />
      </IconButton>
    </HStack>
  );
}

/** One section of 결제 연동: a card with its heading, what it says under the heading, and buttons beside it. */
export function Section(props: { title: string; hint?: ReactNode; actions?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card.Root bg="card.bg" data-testid={props.testId}>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
          <Heading size="md">{props.title}</Heading>
          {props.actions && (
            <HStack gap="2" wrap="wrap">
              {props.actions}
            </HStack>
          )}
        </HStack>
        {props.hint && (
          <Text fontSize="sm" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <Stack gap="3">{props.children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** "더 보기" under a cursor-paged list: the next page is added below the rows on screen. */
export function MoreButton(props: { hasMore: boolean; loading: boolean; onMore: () => void; testId: string }) {
  if (!props.hasMore) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      alignSelf="center"
      loading={props.loading}
      loadingText={ML.more}
      onClick={props.onMore}
      data-testid={props.testId}
    >
      {ML.more}
    </Button>
  );
}

import { Badge, Heading, Stack, Text } from "@chakra-ui/react";
import { formatDateTime } from "@domain/format";
import type { OutboundRowDto } from "@domain/schemas/member-notices";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";

const CHANNEL: Record<string, string> = { alimtalk: "알림톡", sms: "SMS" };

const columns: Column<OutboundRowDto>[] = [
  { key: "id", header: "번호", cell: (r) => r.id, sortKey: "id" },
  { key: "channel", header: "채널", cell: (r) => <Badge colorPalette="brand">{CHANNEL[r.channel] ?? r.channel}</Badge> },
  { key: "toMasked", header: "수신번호", cell: (r) => r.toMasked },
  { key: "body", header: "내용", cell: (r) => <Text whiteSpace="pre-line">{r.body}</Text> },
  { key: "provider", header: "발송사", cell: (r) => `${r.provider} (${r.template})` },
  {
    key: "status",
    header: "결과",
    cell: (r) => <Badge colorPalette={r.status === "sent" ? "green" : "red"}>{r.status === "sent" ? "발송" : "실패"}</Badge>,
  },
  { key: "createdAt", header: "발송일시", cell: (r) => formatDateTime(r.createdAt) },
];

/**
 * /admin/messages: every message handed to the outbound provider (알림톡/SMS; the simulated one records them all),
 * newest first. Phones are masked; the text is what the member received.
 */
export function OutboundMessagesPage() {
  const list = useListQuery("outboundMessages", { body: (request) => ({ tablehandler: request }), defaultSort: "id" });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        메시지 발송 내역
      </Heading>
      <ListTable testId="outbound-table" columns={columns} rowKey={(r) => r.id} list={list} />
    </Stack>
  );
}

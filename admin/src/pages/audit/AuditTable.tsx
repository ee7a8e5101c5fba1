import { Code, Table, Text } from "@chakra-ui/react";
import { formatDateTime } from "@domain/format";
import { Msg } from "@domain/messages";
import type { AuditRowDto } from "@domain/schemas/audit";
import { L } from "../../labels";
import { show } from "./log-text";

export { show };

/** What an action was done to, in the screens' words: '회원 12'. */
export const targetOf = (r: Pick<AuditRowDto, "targetType" | "targetId">) =>
  `${L.audit.targets[r.targetType] ?? r.targetType} ${r.targetId}`;

/** Operator actions (admin_actions), oldest last; before/after as recorded. */
export function AuditTable({ rows, testId }: { rows: AuditRowDto[]; testId: string }) {
  if (rows.length === 0) return <Text color="fg.muted">{Msg.noResults}</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{L.audit.createdAt}</Table.ColumnHeader>
            <Table.ColumnHeader>{L.audit.admin}</Table.ColumnHeader>
            <Table.ColumnHeader>{L.audit.action}</Table.ColumnHeader>
            <Table.ColumnHeader>{L.audit.target}</Table.ColumnHeader>
            <Table.ColumnHeader>{L.audit.change}</Table.ColumnHeader>
            <Table.ColumnHeader>{L.audit.txHash}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid={`${testId}-row`}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createdAt)}</Table.Cell>
              <Table.Cell>{r.adminLoginId}</Table.Cell>
              <Table.Cell>{L.audit.actions[r.action] ?? r.action}</Table.Cell>
              <Table.Cell>{targetOf(r)}</Table.Cell>
              <Table.Cell>
                <Code fontSize="xs">{`${show(r.before)} → ${show(r.after)}`}</Code>
              </Table.Cell>
              <Table.Cell>{r.txHash ? <Code fontSize="xs">{r.txHash}</Code> : "-"}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

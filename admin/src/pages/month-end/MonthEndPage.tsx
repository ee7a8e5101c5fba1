import { useState } from "react";
import { Badge, Button, Code, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { formatDateTime, formatWon } from "@domain/format";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { ExportButton } from "../../components/list/ExportButton";
import { API } from "@domain/api";
import { snack } from "../../components/ui/toaster";

/**
 * /admin/month-end: the auditor's month-end (issue 37). A cut-off at a block or a Seoul date-time: the holders then, the
 * Merkle root of customer balances published on chain, and the signed audit pack to download. Every figure links to
 * its transaction or block on the dashboard.
 */
export function MonthEndPage() {
  const qc = useQueryClient();
  const [at, setAt] = useState("");
  const list = useQuery({ queryKey: ["cutoffList"], queryFn: ({ signal }) => callEndpoint("cutoffList", undefined, { signal }) });
  const make = useMutation({
    mutationFn: () => callEndpoint("cutoffCreate", { at }),
    onSuccess: () => {
      snack("월말 마감이 생성되었습니다.");
      void qc.invalidateQueries({ queryKey: ["cutoffList"] });
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : String(e), { type: "error" }),
  });
  const rows = list.data?.list ?? [];
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        월말 마감
      </Heading>
      <Text color="fg.muted">
        기준 시점(블록 번호 또는 한국 시각, 예: 2026-10-31 23:59:59)의 보유자 잔액으로 마감을 만들고, 고객 잔액의 Merkle 루트를 체인에
        게시합니다. 감사 팩(zip)은 감사 키로 서명되며 <Code>npm run verify-pack</Code>으로 검증할 수 있습니다.
      </Text>
      <HStack as="form" onSubmit={(e) => (e.preventDefault(), make.mutate())}>
        <Input data-testid="cutoff-at" maxW="xs" placeholder="2026-10-31 23:59:59" value={at} onChange={(e) => setAt(e.target.value)} />
        <Button type="submit" colorPalette="brand" loading={make.isPending} disabled={!at.trim()} data-testid="cutoff-make">
          마감 생성
        </Button>
      </HStack>
      {list.data?.auditSigner && (
        <Text fontSize="sm">
          감사 키(서명자): <Code data-testid="audit-signer">{list.data.auditSigner}</Code>
        </Text>
      )}
      <Table.Root size="sm" data-testid="cutoff-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>마감</Table.ColumnHeader>
            <Table.ColumnHeader>기준 블록</Table.ColumnHeader>
            <Table.ColumnHeader>발행 총량</Table.ColumnHeader>
            <Table.ColumnHeader>고객 잔액</Table.ColumnHeader>
            <Table.ColumnHeader>보유자</Table.ColumnHeader>
            <Table.ColumnHeader>Merkle 루트 / 게시 거래</Table.ColumnHeader>
            <Table.ColumnHeader>감사 팩 / 지급 자료</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={7}>만든 마감이 없습니다.</Table.Cell>
            </Table.Row>
          )}
          {rows.map((c) => (
            <Table.Row key={c.id} data-testid="cutoff-row">
              <Table.Cell>
                <Badge colorPalette="brand">{c.label}</Badge>
                <Text fontSize="xs">{formatDateTime(new Date(c.blockTime * 1000).toISOString())}</Text>
              </Table.Cell>
              <Table.Cell>
                {c.block}
                <Text fontSize="xs" fontFamily="mono">
                  {c.blockHash.slice(0, 18)}…
                </Text>
              </Table.Cell>
              <Table.Cell>{formatWon(c.totalSupply)}원</Table.Cell>
              <Table.Cell>{formatWon(c.customerTotal)}원</Table.Cell>
              <Table.Cell>
                <RouterLink to={`/dashboard/holder?at=${c.block}`}>{c.holderCount}명</RouterLink>
              </Table.Cell>
              <Table.Cell fontFamily="mono" fontSize="xs">
                <Text data-testid="cutoff-root">{c.merkleRoot}</Text>
                {c.rootTxHash ? <Text data-testid="cutoff-root-tx">{c.rootTxHash}</Text> : <Text color="fg.muted">게시 대기 중</Text>}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="1" align="flex-start">
                  <ExportButton def={API.cutoffPack} filter={{ id: c.id }} label="다운로드" size="xs" testId="cutoff-download" />
                  {/* The trustee's refund file: members' names, phones and refund accounts (super admins, with a reason). */}
                  <ExportButton
                    def={API.cutoffTrusteeFile}
                    filter={{ id: c.id }}
                    label="관리기관 지급 자료"
                    size="xs"
                    testId="cutoff-trustee-file"
                  />
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

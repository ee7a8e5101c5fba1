import { Badge, Box, Center, Grid, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import { useParams } from "react-router";
import { callEndpoint } from "../../api/endpoint";
import { PageFrame } from "../../components/PageFrame";

/** /verify/tx/:hash: anyone sees a transaction as the chain holds it (read from the node), no personal data. */
export default function VerifyTxPage() {
  const { hash = "" } = useParams();
  const q = useQuery({
    queryKey: ["verify", hash],
    queryFn: async () => callEndpoint((await import("@domain/api/receipts")).receiptsApi.verifyTx, { hash }),
    retry: false,
  });
  const t = q.data;
  return (
    <PageFrame title="거래 검증">
      {q.isPending && (
        <Center py="10">
          <Spinner />
        </Center>
      )}
      {q.isError && <Text data-testid="verify-error">올바른 트랜잭션 해시가 아닙니다.</Text>}
      {t && !t.found && <Text data-testid="verify-not-found">체인에서 이 트랜잭션을 찾을 수 없습니다.</Text>}
      {t?.found && (
        <Stack gap="5" data-testid="verify-tx">
          <Box>
            <Badge colorPalette={t.status === 1 ? "green" : "red"} data-testid="verify-status">
              {t.status === 1 ? "체인에 기록됨 (성공)" : "실패한 트랜잭션"}
            </Badge>
          </Box>
          <Grid templateColumns="8rem 1fr" rowGap="2" columnGap="4" fontSize="sm">
            <Text color="fg.muted">트랜잭션</Text>
            <Text fontFamily="mono" wordBreak="break-all" data-testid="verify-hash">
              {t.hash}
            </Text>
            <Text color="fg.muted">블록</Text>
            <Text data-testid="verify-block">#{t.blockNumber}</Text>
            <Text color="fg.muted">블록 시각</Text>
            <Text>{t.timestamp ? formatDateTime(t.timestamp) : "-"}</Text>
            <Text color="fg.muted">확인 수</Text>
            <Text data-testid="verify-confirmations">{t.confirmations}</Text>
            <Text color="fg.muted">체인 / 토큰</Text>
            <Text fontFamily="mono" wordBreak="break-all">
              {t.chainId} / {t.token}
            </Text>
          </Grid>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" data-testid="verify-transfers">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>보낸 주소</Table.ColumnHeader>
                  <Table.ColumnHeader>받은 주소</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">금액</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {t.transfers.map((x, i) => (
                  <Table.Row key={`${i}-${x.from}`} data-testid="verify-transfer">
                    <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                      {x.from}
                    </Table.Cell>
                    <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                      {x.to}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatWon(x.value)}원
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Text fontSize="xs" color="fg.muted">
            이 화면은 블록체인 노드에서 직접 읽은 기록입니다. 이름·전화번호 같은 개인정보는 담겨 있지 않습니다.
          </Text>
        </Stack>
      )}
    </PageFrame>
  );
}

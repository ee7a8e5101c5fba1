import { Box, Button, Center, Container, Grid, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime, formatWon } from "@domain/format";
import type { ReceiptType } from "@domain/schemas/receipts";
import { QRCodeSVG } from "qrcode.react";
import { useParams } from "react-router";
import { callEndpoint } from "../../api/endpoint";
import { usePageTitle } from "../../lib/usePageTitle";
import "./print.css";

const STATUS: Record<string, string> = {
  confirmed: "완료",
  pending: "처리 중",
  submitted: "처리 중",
  cancelled: "취소",
  failed: "실패",
  // A refund's states (domain/state-labels.ts RefundStateLabel).
  requested: "환불 대기",
  paying: "지급 중",
  paid: "지급 완료",
  rejected: "반려",
};

function Row({ label, value, testId, mono }: { label: string; value: string; testId?: string; mono?: boolean }) {
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontFamily={mono ? "mono" : undefined} wordBreak="break-all" data-testid={testId}>
        {value}
      </Text>
    </>
  );
}

/** /info/receipt/:type/:id: the 거래확인서 of a history line, printable on one A4 page, with a QR to its verification. */
export default function ReceiptPage() {
  const { type, id } = useParams();
  usePageTitle("거래확인서");
  const q = useQuery({
    queryKey: ["receipt", type, id],
    queryFn: async () =>
      callEndpoint((await import("@domain/api/receipts")).receiptsApi.receipt, { type: type as ReceiptType, id: Number(id) }),
    retry: false,
  });
  if (q.isPending)
    return (
      <Center py="32">
        <Spinner />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Center py="32" data-testid="receipt-missing">
        거래 내역을 찾을 수 없습니다.
      </Center>
    );
  const r = q.data;
  const refund = r.kind === "refund";
  const verifyUrl = r.verifyPath ? `${location.origin}${r.verifyPath}` : null;
  return (
    <Container maxW="3xl" pt={{ base: "24", md: "28" }} pb="16" px={{ base: "4", md: "6" }}>
      <HStack justify="flex-end" mb="4" data-print="hide">
        <Button size="sm" onClick={() => window.print()} data-testid="receipt-print">
          인쇄
        </Button>
      </HStack>
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "5", md: "10" }} data-testid="receipt">
        <Stack gap="1" mb="6" textAlign="center">
          <Heading as="h1" size="2xl">
            거래확인서
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            KRW 상품권 · {r.title}
          </Text>
        </Stack>
        <Box borderTopWidth="2px" borderBottomWidth="1px" py="4" mb="4" textAlign="center">
          <Text fontSize="sm" color="fg.muted">
            {refund ? "환불 금액 (공제 전)" : r.kind === "gift_received" || r.kind === "purchase" ? "받은 금액" : "결제 금액"}
          </Text>
          <Text fontSize="3xl" fontWeight="bold" data-testid="receipt-total">
            {formatWon(r.total)}원
          </Text>
        </Box>
        <Grid templateColumns="8rem 1fr" rowGap="2" columnGap="4">
          <Row label="거래 종류" value={r.title} testId="receipt-kind" />
          <Row label="주문번호" value={r.orderNo} testId="receipt-order" mono />
          <Row label="거래 일시" value={formatDateTime(r.blockTime ?? r.createdAt)} testId="receipt-date" />
          <Row label={refund ? "지급액" : "금액"} value={`${formatWon(r.value)}원`} testId="receipt-value" mono />
          <Row label={refund ? "공제액" : "수수료"} value={`${formatWon(r.fee)}원`} testId="receipt-fee" mono />
          <Row label="합계" value={`${formatWon(r.total)}원`} testId="receipt-sum" mono />
          <Row
            label={r.kind === "gift_received" ? "보낸 분" : r.kind === "purchase" ? "발행" : refund ? "보관" : "받는 분"}
            value={r.counterpart}
            testId="receipt-counterpart"
          />
          {r.payoutAccount && <Row label="입금 계좌" value={r.payoutAccount} testId="receipt-account" />}
          {r.payment && <Row label="결제 방법" value={r.payment} testId="receipt-payment" />}
          {r.counterpartAddress && <Row label="상대 지갑" value={r.counterpartAddress} mono />}
          <Row label="상태" value={STATUS[r.status] ?? r.status} testId="receipt-status" />
          {r.moves.length > 1 ? (
            r.moves.map((m) => <Row key={m.txHash} label={m.label} value={m.txHash} testId="receipt-move-hash" mono />)
          ) : (
            <Row label="트랜잭션" value={r.txHash ?? "-"} testId="receipt-hash" mono />
          )}
          <Row label="블록" value={r.blockNumber === null ? "-" : `#${r.blockNumber}`} testId="receipt-block" />
          <Row label="체인 / 토큰" value={`${r.chainId} / ${r.token}`} mono />
        </Grid>
        {verifyUrl && (
          <HStack mt="8" gap="5" align="center" borderTopWidth="1px" pt="5">
            <QRCodeSVG value={verifyUrl} size={96} data-testid="receipt-qr" />
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="semibold">
                블록체인에서 확인하기
              </Text>
              <Text fontSize="xs" color="fg.muted">
                QR 코드를 찍거나 아래 주소에서 이 거래가 체인에 기록된 그대로 볼 수 있습니다. (개인정보는 표시되지 않습니다)
              </Text>
              <a href={r.verifyPath!} data-testid="receipt-verify-link" style={{ fontSize: "12px", wordBreak: "break-all" }}>
                {verifyUrl}
              </a>
            </Stack>
          </HStack>
        )}
        {r.moves.length > 1 && (
          <Stack gap="1" mt="4" data-print="hide">
            {r.moves.map((m) => (
              <a key={m.txHash} href={m.verifyPath} data-testid="receipt-move-verify" style={{ fontSize: "12px" }}>
                {m.label}: 블록체인에서 확인하기
              </a>
            ))}
          </Stack>
        )}
        <Text fontSize="xs" color="fg.subtle" mt="6">
          출력일시 {formatDateTime(new Date())} · 이 확인서는 거래 사실을 확인하는 용도이며 세금계산서가 아닙니다.
        </Text>
      </Box>
    </Container>
  );
}

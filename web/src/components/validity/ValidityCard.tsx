import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDate, formatWon } from "@domain/format";
import { callEndpoint } from "../../api/endpoint";

const api = async () => (await import("@domain/api/validity")).validityApi;

/**
 * The validity of the member's balance (my info, the buy page): its end and days left, an extension in the last 30
 * days, and after the end what it refunds (90%) until when.
 */
export function ValidityCard({ compact = false }: { compact?: boolean }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["validity"], queryFn: async () => callEndpoint((await api()).myValidity) });
  const extend = useMutation({
    mutationFn: async () => callEndpoint((await api()).extendValidity),
    onSuccess: (data) => qc.setQueryData(["validity"], data),
  });
  const v = q.data;
  if (!v || v.state === "none") return null;
  const expired = v.state === "expired" || v.state === "lapsed";
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="4"
      mb={compact ? "4" : "0"}
      bg={expired ? "bg.error" : v.state === "expiring" ? "bg.warning" : undefined}
      data-testid="validity-card"
      data-state={v.state}
    >
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">상품권 유효기간</Text>
          <Text data-testid="validity-until">
            {formatDate(v.validUntil!)} {expired ? "(만료)" : `(${v.daysLeft}일 남음)`}
          </Text>
        </HStack>
        {!compact && v.lastChargeAt && (
          <Text color="fg.muted" fontSize="xs">
            마지막 충전일 {formatDate(v.lastChargeAt)}부터 5년
          </Text>
        )}
        {expired ? (
          <Text data-testid="validity-after-expiry">
            유효기간이 지난 잔액은 {formatDate(v.refundableUntil!)}까지 {v.afterExpiryPercent}%인 {formatWon(v.afterExpiryRefund)}원을
            환불받을 수 있습니다.
          </Text>
        ) : (
          <Text color="fg.muted" fontSize="xs">
            만료 후에는 잔액의 {v.afterExpiryPercent}%를 환불받을 수 있습니다. 만료 30일 전부터 {v.extensionMonths}개월씩 연장할 수
            있습니다.
          </Text>
        )}
        {v.canExtend && (
          <Button size="xs" alignSelf="flex-start" loading={extend.isPending} onClick={() => extend.mutate()} data-testid="validity-extend">
            유효기간 {v.extensionMonths}개월 연장
          </Button>
        )}
      </Stack>
    </Box>
  );
}

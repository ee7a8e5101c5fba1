import { Badge, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@domain/format";
import { endpointQuery } from "../../api/queries";

const G = {
  title: "가스(수수료) 잔액",
  ok: "충분",
  low: "부족 경고",
  refusing: "거래 중지",
  left: (n: number) => `약 ${n.toLocaleString("ko-KR")}건 처리 가능`,
  thresholds: (warn: number, refuse: number) =>
    `${warn.toLocaleString("ko-KR")}건 미만 경고, ${refuse.toLocaleString("ko-KR")}건 미만이면 거래를 받지 않습니다.`,
  replacements: "최근 수수료 재전송",
  reasons: { stuck: "지연", dropped: "유실", gap: "논스 공백" } as Record<string, string>,
  /** The sending accounts, one key per role (chain/roles.ts). */
  roles: {
    relayer: "전송 대행(릴레이어)",
    admin: "역할 관리자",
    masterMinter: "발행 한도 관리자",
    minter: "발행자",
    burner: "소각자",
    blocker: "차단 관리자",
    pauser: "일시정지 관리자",
  } as Record<string, string>,
  remote: "원격 서명",
} as const;

/** 1 ETH = 10^18 wei, shown to 6 decimals from the decimal string (never through a float). */
function ether(wei: string): string {
  const v = BigInt(wei);
  const whole = v / 10n ** 18n;
  const frac = ((v % 10n ** 18n) / 10n ** 12n).toString().padStart(6, "0");
  return `${whole.toLocaleString("ko-KR")}.${frac}`;
}

/**
 * The accounts that pay gas, one per role key (issues 35 and 38): each one's native balance, how many transactions it still pays for at the recent fee,
 * the warning and refusal thresholds, and the latest fee replacements of stuck or dropped transactions.
 */
export function GasCard() {
  const q = useQuery({ ...endpointQuery("gas"), refetchInterval: 15_000 });
  const d = q.data;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="gas-card">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{G.title}</Text>
        {d && (
          <Badge colorPalette={d.refusing ? "red" : d.low ? "orange" : "green"} data-testid="gas-state">
            {d.refusing ? G.refusing : d.low ? G.low : G.ok}
          </Badge>
        )}
      </HStack>
      {q.error && <Text color="fg.error">{q.error.message}</Text>}
      {d && (
        <Stack gap="1" mt="2" fontSize="sm">
          {d.accounts.map((a) => (
            <HStack key={a.address} gap="3" wrap="wrap" data-testid="gas-account" data-roles={a.roles.join(" ")}>
              <Text fontWeight="medium">{a.roles.map((r) => G.roles[r] ?? r).join(", ")}</Text>
              {a.signer === "remote" && <Badge>{G.remote}</Badge>}
              {a.low && <Badge colorPalette="orange">{G.low}</Badge>}
              <Text fontFamily="mono" fontSize="xs">
                {a.address}
              </Text>
              <Text>{ether(a.balanceWei)} ETH</Text>
              <Text color="fg.muted">{G.left(a.txsLeft)}</Text>
            </HStack>
          ))}
          <Text color="fg.muted">{G.thresholds(d.warnTxs, d.refuseTxs)}</Text>
          {d.replacements.length > 0 && (
            <>
              <Text fontWeight="medium" mt="2">
                {G.replacements}
              </Text>
              {d.replacements.slice(0, 5).map((r) => (
                <Text key={r.id} fontFamily="mono" fontSize="xs">
                  {formatDateTime(r.created_at)} #{r.nonce} {G.reasons[r.reason] ?? r.reason} {r.old_hash ?? "-"} → {r.new_hash}
                </Text>
              ))}
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}

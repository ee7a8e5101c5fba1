import { Badge, Button, Heading, HStack, Stack } from "@chakra-ui/react";
import { validityApi } from "@domain/api/validity";
import { formatDate, formatWon } from "@domain/format";
import type { ValidityRowDto } from "@domain/schemas/validity";
import { useSearchParams } from "react-router";
import { downloadFile } from "../../api/download";
import type { Column } from "../../components/list/DataTable";
import { ListTable } from "../../components/list/ListTable";
import { useListQuery } from "../../components/list/useListQuery";

const SCOPES = [
  { value: "30", label: "30일 내 만료" },
  { value: "90", label: "90일 내 만료" },
  { value: "expired", label: "만료됨" },
] as const;
type Scope = (typeof SCOPES)[number]["value"];

const columns: Column<ValidityRowDto>[] = [
  { key: "memberId", header: "회원번호", cell: (r) => r.memberId },
  { key: "username", header: "이름", cell: (r) => r.username },
  { key: "phone", header: "전화번호", cell: (r) => r.phone },
  { key: "balance", header: "잔액", cell: (r) => `${formatWon(r.balance)}원` },
  { key: "lastChargeAt", header: "마지막 충전", cell: (r) => (r.lastChargeAt ? formatDate(r.lastChargeAt) : "-") },
  { key: "validUntil", header: "유효기간", cell: (r) => formatDate(r.validUntil), sortKey: "validUntil" },
  {
    key: "daysLeft",
    header: "남은 일수",
    cell: (r) => (r.state === "expired" ? <Badge colorPalette="red">만료</Badge> : `${r.daysLeft}일`),
  },
  { key: "afterExpiryRefund", header: "만료 후 환불액 (90%)", cell: (r) => `${formatWon(r.afterExpiryRefund)}원` },
];

/** /admin/validity: members' balances ending in the next 30 or 90 days, or ended; the same as .xlsx. */
export function ValidityReportPage() {
  const [params, setParams] = useSearchParams();
  const scope = (SCOPES.find((s) => s.value === params.get("scope"))?.value ?? "30") as Scope;
  const list = useListQuery("validityReport", {
    body: (request) => ({ tablehandler: request }),
    defaultSort: "validUntil",
    fixed: { scope },
  });
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        유효기간 만료 현황
      </Heading>
      <HStack gap="2" wrap="wrap">
        {SCOPES.map((s) => (
          <Button
            key={s.value}
            size="sm"
            variant={s.value === scope ? "solid" : "outline"}
            onClick={() => setParams({ scope: s.value })}
            data-testid={`validity-scope-${s.value}`}
          >
            {s.label}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          ms="auto"
          onClick={() => void downloadFile(validityApi.validityReportDownload, { scope })}
          data-testid="validity-download"
        >
          엑셀 다운로드
        </Button>
      </HStack>
      <ListTable testId="validity-table" columns={columns} rowKey={(r) => r.memberId} list={list} />
    </Stack>
  );
}

import { useState } from "react";
import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { allowsArea } from "@domain/admin-access";
import { Msg } from "@domain/messages";
import { proposalReason } from "@domain/schemas/proposals";
import type { TokenRolesDto } from "@domain/schemas/token-roles";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { endpointQuery } from "../../api/queries";
import { useSession } from "../../api/session";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { ReasonField, WonField } from "../../components/dialogs/FormFields";
import { snack } from "../../components/ui/toaster";
import { useProposalCreated } from "../proposals/useProposalCreated";

const R = {
  title: "토큰 역할",
  intro: "체인에 기록된 역할 보유자입니다. 각 주소는 지금 체인에 다시 확인합니다(hasRole, minterAllowance).",
  address: "주소",
  label: "보유자",
  onChain: "체인 확인",
  allowance: "남은 발행 한도",
  held: "보유",
  notHeld: "불일치",
  none: "보유자가 없습니다.",
  change: "발행 한도 변경 요청",
  newAllowance: "새 발행 한도(원)",
  reason: "사유",
  note: "발행 한도 변경은 다른 관리자의 승인 후 체인에 반영됩니다(configureMinter).",
  caption: (name: string) => `${name} 역할 보유자`,
} as const;

/** Won with separators from a decimal string (an allowance may exceed 2^53: never through a JS number). */
const wonOf = (decimal: string) => `${BigInt(decimal).toLocaleString("ko-KR")}원`;

const allowanceForm = z.object({
  allowance: z
    .string()
    .regex(/^\d{1,15}$/, { error: Msg.tokenAmountInvalid })
    .transform((v) => Number(v)),
  reason: proposalReason,
});

/**
 * /admin/token/roles: who holds each role of the token, read from the chain (issue 35), and each minter's allowance;
 * a super admin proposes a new allowance (dual control: another operator approves, then configureMinter runs).
 */
export function TokenRolesPage() {
  const q = useQuery(endpointQuery("tokenRoles"));
  const { account } = useSession();
  const mayPropose = !!account && allowsArea("proposalControl", account);
  const [minter, setMinter] = useState<string | null>(null);
  const proposalCreated = useProposalCreated();
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {R.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {R.intro}
      </Text>
      {q.error && <Text color="fg.error">{q.error.message}</Text>}
      {q.isPending && <Skeleton h="48" />}
      {q.data?.roles.map((role) => (
        <RoleTable key={role.role} role={role} onChange={mayPropose ? setMinter : undefined} />
      ))}
      <FormDialog
        open={minter !== null}
        onClose={() => setMinter(null)}
        title={R.change}
        schema={allowanceForm}
        defaultValues={{ allowance: "", reason: "" }}
        testId="allowance-dialog"
        onSubmit={async ({ allowance, reason }) => {
          try {
            const r = await callEndpoint("propose", { kind: "minterAllowance", payload: { minter: minter!, allowance }, reason });
            setMinter(null);
            proposalCreated(r.proposal);
          } catch (e) {
            snack(e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, { type: "error" });
          }
        }}
      >
        {(form) => (
          <>
            <Text fontSize="sm" color="fg.muted">
              {R.note}
            </Text>
            <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
              {minter}
            </Text>
            <WonField form={form} name="allowance" label={R.newAllowance} testId="allowance-value" />
            <ReasonField form={form} name="reason" label={R.reason} testId="allowance-reason" />
          </>
        )}
      </FormDialog>
    </Stack>
  );
}

function RoleTable({ role, onChange }: { role: TokenRolesDto["roles"][number]; onChange?: (minter: string) => void }) {
  const minters = role.role === "MINTER_ROLE";
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid={`role-${role.role}`}>
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold">
          {role.name}{" "}
          <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs">
            {role.role}
          </Text>
        </Text>
      </HStack>
      {role.holders.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {R.none}
        </Text>
      ) : (
        <Table.ScrollArea tabIndex={0} aria-label={R.caption(role.name)}>
          <Table.Root size="sm">
            <Table.Caption srOnly>{R.caption(role.name)}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{R.address}</Table.ColumnHeader>
                <Table.ColumnHeader>{R.label}</Table.ColumnHeader>
                <Table.ColumnHeader>{R.onChain}</Table.ColumnHeader>
                {minters && <Table.ColumnHeader textAlign="end">{R.allowance}</Table.ColumnHeader>}
                {minters && onChange && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {role.holders.map((h) => (
                <Table.Row key={h.address} data-testid="role-holder" data-address={h.address}>
                  <Table.Cell fontFamily="mono" fontSize="xs">
                    {h.address}
                  </Table.Cell>
                  <Table.Cell>{h.label ?? "-"}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={h.onChain ? "green" : "red"}>{h.onChain ? `✓ ${R.held}` : `✗ ${R.notHeld}`}</Badge>
                  </Table.Cell>
                  {minters && (
                    <Table.Cell textAlign="end" data-testid="role-allowance">
                      {h.allowance === null ? "-" : wonOf(h.allowance)}
                    </Table.Cell>
                  )}
                  {minters && onChange && (
                    <Table.Cell>
                      <Button size="xs" variant="outline" onClick={() => onChange(h.address)} data-testid="allowance-change">
                        {R.change}
                      </Button>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

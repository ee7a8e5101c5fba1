import { useState } from "react";
import { Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, endpointQuery } from "../../api/queries";
import { ApiError } from "../../api/client";
import { PlainTable } from "../../components/list/PlainTable";
import { snack } from "../../components/ui/toaster";
import { CopyValue, MerchantStateBadge } from "./cells";
import { MerchantCreateDialog, MerchantRenameDialog, type MerchantRow } from "./MerchantDialogs";
import { ML } from "./merchants.labels";

const A = ML.admin;
const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });

/**
 * /admin/merchants 가맹점 관리 (isMerchant1): the merchants of the payment API with their owners (masked), settlement
 * wallets, live keys and webhooks. An operator makes a shop owner (점주) a merchant, renames one, suspends one (its keys
 * and checkouts are refused at once; asked first) or resumes it.
 */
export function MerchantsPage() {
  const qc = useQueryClient();
  const list = useQuery(endpointQuery("merchants"));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<MerchantRow | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const [suspending, setSuspending] = useState<MerchantRow | null>(null);
  const reload = () => void qc.invalidateQueries({ queryKey: endpointKey("merchants") });

  const setState = useMutation({
    mutationFn: (v: { id: number; state: "active" | "suspended" }) => callEndpoint("merchantUpdate", { merchantId: v.id, state: v.state }),
    onSuccess: (row) => {
      snack(row.state === "suspended" ? A.suspended : A.resumed, { type: "success" });
      reload();
    },
    onError: fail,
    onSettled: () => setSuspending(null),
  });

  const rows = list.data?.merchants ?? [];
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {A.title}
      </Heading>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Text color="fg.muted" flex="1" minW="60">
          {A.hint}
        </Text>
        <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)} data-testid="merchant-create">
          {A.create}
        </Button>
      </HStack>
      <PlainTable
        testId="merchants-table"
        wide
        headers={[
          { label: A.name },
          { label: A.owner },
          { label: A.phone },
          { label: A.wallet },
          { label: A.activeKeys, numeric: true },
          { label: A.webhook },
          { label: A.state },
          { label: A.createdAt },
          { label: A.actions },
        ]}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        empty={list.isSuccess && rows.length === 0 ? A.empty : null}
      >
        {rows.map((m) => (
          <Table.Row key={m.id} data-testid={`merchant-row-${m.id}`} data-state={m.state}>
            <Table.Cell fontWeight="medium" data-testid={`merchant-name-${m.id}`}>
              {m.name}
            </Table.Cell>
            <Table.Cell>{m.ownerName}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{m.phone}</Table.Cell>
            <Table.Cell>
              <CopyValue value={m.wallet} what={A.wallet} short />
            </Table.Cell>
            <Table.Cell textAlign="end">{m.activeKeys}</Table.Cell>
            <Table.Cell maxW="48" whiteSpace="normal" wordBreak="break-all">
              {m.webhookUrl ?? ML.none}
            </Table.Cell>
            <Table.Cell>
              <MerchantStateBadge state={m.state} testId={`merchant-state-${m.id}`} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(m.createdAt)}</Table.Cell>
            <Table.Cell>
              <HStack gap="1">
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => {
                    setRenaming(m);
                    setRenameOpen(true);
                  }}
                  data-testid={`merchant-rename-${m.id}`}
                >
                  {A.rename}
                </Button>
                {m.state === "active" ? (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setSuspending(m)}
                    data-testid={`merchant-suspend-${m.id}`}
                  >
                    {A.suspend}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="brand"
                    loading={setState.isPending && setState.variables?.id === m.id}
                    loadingText={A.resume}
                    onClick={() => setState.mutate({ id: m.id, state: "active" })}
                    data-testid={`merchant-resume-${m.id}`}
                  >
                    {A.resume}
                  </Button>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      <MerchantCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          snack(A.created, { type: "success" });
          setCreating(false);
          reload();
        }}
      />
      <MerchantRenameDialog
        key={renaming?.id}
        row={renaming}
        open={renameOpen}
        onClose={() => setRenameOpen(false)}
        onRenamed={(row) => {
          snack(A.renamed, { type: "success" });
          setRenaming(row);
          setRenameOpen(false);
          reload();
        }}
      />
      <ConfirmDialog
        open={suspending !== null}
        message={suspending ? A.suspendConfirm(suspending.name) : ""}
        loading={setState.isPending}
        onConfirm={() => suspending && setState.mutate({ id: suspending.id, state: "suspended" })}
        onClose={() => setSuspending(null)}
        testId="merchant-suspend-confirm"
      />
    </Stack>
  );
}

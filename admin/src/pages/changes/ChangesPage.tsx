import { useMemo, useState } from "react";
import { Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDate } from "@domain/format";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, endpointQuery } from "../../api/queries";
import { useSession } from "../../api/session";
import { PlainTable } from "../../components/list/PlainTable";
import { snack } from "../../components/ui/toaster";
import { ChangeStateBadge, failure, kindsFor, type ChangeRow } from "./cells";
import { ChangeDetailDialog } from "./ChangeDetailDialog";
import { ChangeFormDialog } from "./ChangeFormDialog";
import { ChangeWithdrawDialog } from "./ChangeWithdrawDialog";
import { CL } from "./changes.labels";

/**
 * /admin/changes 변경 고지 (isBoard4 or isMerchant1): every notice of a voucher-terms change or a shop removal with its
 * state, the members it concerns, those told and the full refunds taken. An operator drafts one (the kinds its flags
 * allow), edits a draft or a posted one (the notice restarts: asked first), posts a draft (every concerned member is
 * told: asked first), withdraws one with a reason, and opens one to see its members.
 */
export function ChangesPage() {
  const qc = useQueryClient();
  const { account } = useSession();
  const kinds = useMemo(() => kindsFor(account), [account]);
  const list = useQuery(endpointQuery("changes"));
  const [form, setForm] = useState<{ row: ChangeRow | null } | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [posting, setPosting] = useState<ChangeRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<ChangeRow | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const reload = () => void qc.invalidateQueries({ queryKey: endpointKey("changes") });

  const post = useMutation({
    mutationFn: (id: number) => callEndpoint("changePost", { changeId: id }),
    onSuccess: () => {
      snack(CL.posted, { type: "success" });
      reload();
    },
    onError: (e) => {
      snack(failure(e), { type: "error" });
      reload();
    },
    onSettled: () => setPosting(null),
  });

  const openForm = (row: ChangeRow | null) => {
    setForm({ row });
    setFormOpen(true);
  };
  const rows = list.data?.changes ?? [];
  const mayHandle = (r: ChangeRow) => kinds.includes(r.kind);
  const detail = rows.find((r) => r.id === detailId) ?? null;

  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {CL.title}
      </Heading>
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Text color="fg.muted" flex="1" minW="60">
          {CL.hint}
        </Text>
        {kinds.length > 0 && (
          <Button size="sm" colorPalette="brand" onClick={() => openForm(null)} disabled={!list.data} data-testid="change-create">
            {CL.create}
          </Button>
        )}
      </HStack>
      <PlainTable
        testId="changes-table"
        wide
        headers={[
          { label: CL.kind },
          { label: CL.changeTitle },
          { label: CL.merchant },
          { label: CL.effectiveDate },
          { label: CL.state },
          { label: CL.postedAt },
          { label: CL.recipients, numeric: true },
          { label: CL.told, numeric: true },
          { label: CL.refunds, numeric: true },
          { label: CL.postedUntil },
          { label: CL.actions },
        ]}
        loading={list.isPending}
        error={list.isError ? list.error.message : null}
        empty={list.isSuccess && rows.length === 0 ? CL.empty : null}
      >
        {rows.map((c) => (
          <Table.Row key={c.id} data-testid={`change-row-${c.id}`} data-state={c.state}>
            <Table.Cell whiteSpace="nowrap">{c.kindLabel}</Table.Cell>
            <Table.Cell minW="40">
              <Button
                variant="plain"
                size="sm"
                h="auto"
                p="0"
                whiteSpace="normal"
                textAlign="start"
                color="fg"
                textDecoration="underline"
                aria-label={CL.openDetail(c.title)}
                onClick={() => setDetailId(c.id)}
                data-testid={`change-open-${c.id}`}
              >
                {c.title}
              </Button>
            </Table.Cell>
            <Table.Cell>{c.merchantName ?? CL.none}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{c.effectiveDate}</Table.Cell>
            <Table.Cell>
              <ChangeStateBadge row={c} testId={`change-state-${c.id}`} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{c.postedAt ? formatDate(c.postedAt) : CL.none}</Table.Cell>
            <Table.Cell textAlign="end">{c.recipients}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid={`change-told-${c.id}`}>
              {CL.ratio(c.told, c.recipients)}
            </Table.Cell>
            <Table.Cell textAlign="end">{c.refunds}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(c.postedUntil)}</Table.Cell>
            <Table.Cell>
              {mayHandle(c) && (c.state === "draft" || c.state === "posted") && (
                <HStack gap="1">
                  <Button size="xs" variant="outline" onClick={() => openForm(c)} data-testid={`change-edit-${c.id}`}>
                    {CL.edit}
                  </Button>
                  {c.state === "draft" && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="brand"
                      loading={post.isPending && post.variables === c.id}
                      loadingText={CL.post}
                      onClick={() => setPosting(c)}
                      data-testid={`change-post-${c.id}`}
                    >
                      {CL.post}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setWithdrawing(c)}
                    data-testid={`change-withdraw-${c.id}`}
                  >
                    {CL.withdraw}
                  </Button>
                </HStack>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      {form && list.data && (
        <ChangeFormDialog
          key={form.row?.id ?? "new"}
          open={formOpen}
          row={form.row}
          kinds={kinds}
          merchants={list.data.merchants}
          earliest={list.data.earliest}
          onClose={() => setFormOpen(false)}
          onSaved={(_, message) => {
            snack(message, { type: "success" });
            setFormOpen(false);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={posting !== null}
        message={CL.postConfirm}
        loading={post.isPending}
        onConfirm={() => posting && post.mutate(posting.id)}
        onClose={() => setPosting(null)}
        testId="change-post-confirm"
      />
      <ChangeWithdrawDialog
        row={withdrawing}
        onClose={() => setWithdrawing(null)}
        onWithdrawn={() => {
          snack(CL.withdrawn, { type: "success" });
          setWithdrawing(null);
          reload();
        }}
      />
      <ChangeDetailDialog open={detailId !== null} change={detail} onClose={() => setDetailId(null)} />
    </Stack>
  );
}

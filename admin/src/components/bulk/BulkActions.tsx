import { useState } from "react";
import { Button, Dialog, HStack, List, Portal, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { useRetryKey } from "@common/retryKey";
import { Code } from "@domain/codes";
import { Msg, bulkTooMany } from "@domain/messages";
import { BULK_MAX, type BulkAnswer, type BulkOutcome } from "@domain/schemas/shared/bulk";
import { ApiError } from "../../api/client";
import { snack } from "../ui/toaster";
import { L } from "../../labels";
import { BK } from "./bulk.labels";

type Id = string | number;

/** One act on the chosen rows: its button, the verb its confirm asks with, and the bulk call that does it. */
export interface BulkAction<R> {
  /** Test id suffix: `${testId}-${key}`. */
  key: string;
  label: string;
  /** '승인' → '3건, 합계 150,000원을 승인하시겠습니까?'. */
  verb: string;
  danger?: boolean;
  run: (rows: R[], opts: { idempotencyKey: string }) => Promise<BulkAnswer>;
}

interface Props<R> {
  /** The chosen rows (useRowSelection's `chosen`). */
  rows: R[];
  actions: BulkAction<R>[];
  /** The id the bulk call names a row by (its outcome's `id`). */
  rowId: (row: R) => Id;
  /** How a row is named in the result (an order number, a title). */
  itemLabel: (row: R) => string;
  /** A row's won amount, for the total the confirm names; none for rows without amounts (posts). */
  amount?: (row: R) => number;
  /** After an answer: the selection is cleared and what the act changed read again. */
  onDone: () => void;
  /** After the request as a whole failed (no answer, 5xx, refused): what may have changed is read again; the selection stays for a retry. */
  onUndecided: () => void;
  testId: string;
}

/**
 * The bulk action bar of a list: how many rows are chosen (and their total), one button per act, one confirm naming
 * the count and the total, then each row's outcome (성공 / 실패: reason). The same rows tried again after no answer
 * (or a 5xx, or 'in progress') send the same Idempotency-Key, so the server replays the first outcome.
 */
export function BulkActions<R>(p: Props<R>) {
  // The confirm names, and the call sends, the rows chosen when the button was pressed (a refresh may follow).
  const [asking, setAsking] = useState<{ action: BulkAction<R>; rows: R[] } | null>(null);
  const [result, setResult] = useState<{ answer: BulkAnswer; names: Map<Id, string> } | null>(null);
  const retryKey = useRetryKey();
  const totalOf = (rows: R[]) => (p.amount ? rows.reduce((sum, r) => sum + p.amount!(r), 0) : undefined);
  const n = p.rows.length;
  const total = totalOf(p.rows);
  const act = useMutation({
    mutationFn: ({ action, rows }: { action: BulkAction<R>; rows: R[] }) =>
      action.run(rows, { idempotencyKey: retryKey.keyFor({ act: action.key, ids: rows.map(p.rowId) }) }),
    onSuccess: (answer, { rows }) => {
      retryKey.settled();
      setResult({ answer, names: new Map(rows.map((r) => [p.rowId(r), p.itemLabel(r)])) });
      p.onDone();
    },
    onError: (e) => {
      retryKey.settled(e);
      snack(e instanceof ApiError ? (e.unanswered ? Msg.resultUnknown : e.message) : Msg.serverError, { type: "error" });
      p.onUndecided();
    },
    onSettled: () => setAsking(null),
  });
  const tooMany = n > BULK_MAX;
  return (
    <HStack gap="2" wrap="wrap" data-testid={p.testId}>
      <Text fontSize="sm" color="fg.muted" data-testid={`${p.testId}-count`}>
        {total === undefined ? BK.selected(n) : BK.selectedTotal(n, total)}
      </Text>
      {p.actions.map((a) => (
        <Button
          key={a.key}
          size="xs"
          variant={a.danger ? "outline" : "solid"}
          colorPalette={a.danger ? "red" : "brand"}
          disabled={n === 0 || tooMany}
          onClick={() => setAsking({ action: a, rows: p.rows })}
          data-testid={`${p.testId}-${a.key}`}
        >
          {a.label}
        </Button>
      ))}
      {tooMany && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {bulkTooMany(BULK_MAX)}
        </Text>
      )}
      <ConfirmDialog
        open={asking !== null}
        message={asking ? BK.confirm(asking.rows.length, asking.action.verb, totalOf(asking.rows)) : ""}
        loading={act.isPending}
        onConfirm={() => asking && !act.isPending && act.mutate(asking)}
        onClose={() => !act.isPending && setAsking(null)}
        testId={`${p.testId}-confirm`}
      />
      <BulkResult result={result} onClose={() => setResult(null)} testId={`${p.testId}-result`} />
    </HStack>
  );
}

function outcomeText(o: BulkOutcome): string {
  if (o.ok) return BK.ok;
  return o.code === Code.ACCEPTED ? BK.sent(o.message) : BK.failed(o.message);
}

/** Each row's outcome, in the order sent, under a count of done and refused. */
function BulkResult({
  result,
  onClose,
  testId,
}: {
  result: { answer: BulkAnswer; names: Map<Id, string> } | null;
  onClose: () => void;
  testId: string;
}) {
  const a = result?.answer;
  const sent = a ? a.results.length - a.done - a.refused : 0;
  return (
    <Dialog.Root open={result !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title fontSize="md">{BK.resultTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {a && (
                <>
                  <Text mb="3" fontWeight="semibold" data-testid={`${testId}-summary`}>
                    {BK.summary(a.done, a.refused, sent)}
                  </Text>
                  <List.Root gap="1" variant="plain">
                    {a.results.map((o) => (
                      <List.Item key={String(o.id)} data-testid={`${testId}-item`} data-ok={o.ok}>
                        <Text as="span" fontFamily="mono" fontSize="sm" me="2">
                          {result.names.get(o.id) ?? String(o.id)}
                        </Text>{" "}
                        <Text as="span" fontSize="sm" color={o.ok ? "fg.success" : o.code === Code.ACCEPTED ? "fg.muted" : "fg.error"}>
                          {outcomeText(o)}
                        </Text>
                      </List.Item>
                    ))}
                  </List.Root>
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid={`${testId}-ok`}>
                {L.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

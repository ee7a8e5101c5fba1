import { useState } from "react";
import { Button, DataList, Field, HStack, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { StatementResult } from "@domain/schemas/purchases";
import { callEndpoint } from "../../api/endpoints";
import { refreshMoney } from "../../api/queries";
import { ApiError } from "../../api/client";
import { DetailDialog } from "../../components/dialogs/DetailDialog";
import { snack } from "../../components/ui/toaster";
import { DL } from "./deposits.labels";

const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
const MAX_BYTES = 2_500_000;

/** 거래내역 업로드: a bank statement matched against open orders; its closing balance offered as the day's safeguarded amount. */
export function StatementUpload() {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<{ fileName: string; r: StatementResult } | null>(null);
  const upload = useMutation({
    mutationFn: async (f: File) => {
      if (f.size > MAX_BYTES) throw new ApiError(400, Msg.statementUnreadable);
      const bytes = new Uint8Array(await f.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return callEndpoint("saleStatementUpload", { fileName: f.name, content: btoa(binary), reason: reason.trim() });
    },
    onSuccess: (r, f) => {
      setResult({ fileName: f.name, r });
      void qc.invalidateQueries({ queryKey: ["saleDeposits"] });
      void refreshMoney(qc);
    },
    onError: fail,
  });
  const safeguard = useMutation({
    mutationFn: (v: { day: string; amount: number; ref: string }) =>
      callEndpoint("safeguardRecord", {
        day: v.day,
        amount: v.amount,
        method: "deposit",
        institution: DL.statementBank,
        statement_ref: v.ref,
      }),
    onSuccess: () => snack(DL.safeguardRecorded, { type: "success" }),
    onError: fail,
  });
  const close = () => {
    setOpen(false);
    setFile(null);
    setReason("");
    setResult(null);
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="statement-open">
        {DL.statementUpload}
      </Button>
      <DetailDialog open={open} onClose={close} title={DL.statementUpload} testId="statement-dialog">
        {result ? (
          <Stack gap="3" data-testid="statement-result">
            <DataList.Root orientation="horizontal" size="sm">
              {(["deposits", "confirmed", "known", "queued"] as const).map((k) => (
                <DataList.Item key={k}>
                  <DataList.ItemLabel>{DL.statementCounts[k]}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid={`statement-${k}`}>{result.r[k]}건</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
            {result.r.closing && (
              <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
                <Text>{DL.closing(result.r.closing.day, formatWon(result.r.closing.balance))}</Text>
                <Button
                  size="sm"
                  alignSelf="flex-start"
                  loading={safeguard.isPending}
                  onClick={() => safeguard.mutate({ day: result.r.closing!.day, amount: result.r.closing!.balance, ref: result.fileName })}
                  data-testid="statement-safeguard"
                >
                  {DL.safeguardOffer}
                </Button>
              </Stack>
            )}
            <HStack justify="flex-end">
              <Button onClick={close}>{DL.close}</Button>
            </HStack>
          </Stack>
        ) : (
          <Stack
            as="form"
            gap="3"
            onSubmit={(e) => {
              e.preventDefault();
              if (file && reason.trim()) upload.mutate(file);
            }}
          >
            <Text fontSize="sm" color="fg.muted">
              {DL.statementHint}
            </Text>
            <Field.Root required>
              <Field.Label>{DL.statementFile}</Field.Label>
              <Input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                p="1"
                data-testid="statement-file"
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{DL.note}</Field.Label>
              <Textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={200}
                rows={2}
                data-testid="statement-reason"
              />
            </Field.Root>
            <HStack justify="flex-end">
              <Button variant="outline" onClick={close}>
                {DL.cancel}
              </Button>
              <Button
                type="submit"
                colorPalette="brand"
                loading={upload.isPending}
                disabled={!file || !reason.trim()}
                data-testid="statement-submit"
              >
                {DL.statementSubmit}
              </Button>
            </HStack>
          </Stack>
        )}
      </DetailDialog>
    </>
  );
}

import { useEffect, useRef, useState } from "react";
import { Button, Field, HStack, Input, NativeSelect } from "@chakra-ui/react";
import { ACCESS_REASONS, ACCESS_REASON_CODES, REASON_TEXT_MAX } from "@domain/access-log";
import { downloadReasonForm, type DownloadReason } from "@domain/schemas/access-log";
import { downloadFile, type DownloadDef } from "../../api/download";
import { ApiError } from "../../api/client";
import { FormDialog } from "../dialogs/FormDialog";
import { snack } from "../ui/toaster";
import { L } from "../../labels";

const NO_REASON = { reason: "", reasonText: "" } as unknown as DownloadReason;

/**
 * Excel download of the list as filtered now (every list's one export button). It first asks why the file is made
 * (a reason from a short list, words of one's own for 기타: the personal-data access log records it; the server
 * refuses a download without one). While the file streams in it shows the bytes received (a streamed file has no
 * length up front) and a cancel button, which stops the transfer (and, on the server, the query behind it).
 */
export function ExportButton({
  def,
  filter,
  testId,
  label = L.list.excel,
  size = "sm",
}: {
  def: DownloadDef;
  filter: Record<string, unknown>;
  testId: string;
  /** The button's words when the file is not the list's Excel (a month-end pack). */
  label?: string;
  size?: "xs" | "sm";
}) {
  const [bytes, setBytes] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  async function run(reason: DownloadReason) {
    const controller = new AbortController();
    abort.current = controller;
    setBytes(0);
    try {
      await downloadFile(def, filter, setBytes, controller.signal, reason);
    } catch (e) {
      if (!controller.signal.aborted) snack(e instanceof ApiError ? e.message : L.list.downloadFailed, { type: "error" });
    } finally {
      abort.current = null;
      setBytes(null);
    }
  }
  return (
    <HStack gap="2">
      <Button
        size={size}
        variant="outline"
        onClick={() => setAsking(true)}
        loading={bytes !== null}
        loadingText={L.list.downloading(bytes ?? 0)}
        data-testid={testId}
      >
        {label}
      </Button>
      {bytes !== null && (
        <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()} data-testid={`${testId}-cancel`}>
          {L.list.downloadCancel}
        </Button>
      )}
      <FormDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={L.list.reasonTitle}
        schema={downloadReasonForm}
        defaultValues={NO_REASON}
        submitLabel={label}
        testId={`${testId}-reason`}
        onSubmit={async (reason) => {
          setAsking(false);
          await run(reason);
        }}
      >
        {(form) => (
          <>
            <Field.Root required invalid={Boolean(form.formState.errors.reason)}>
              <Field.Label>
                {L.list.reason}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register("reason")} data-testid={`${testId}-reason-select`}>
                  <option value="">{L.list.reasonChoose}</option>
                  {ACCESS_REASON_CODES.map((code) => (
                    <option key={code} value={code}>
                      {ACCESS_REASONS[code]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{form.formState.errors.reason?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required={form.watch("reason") === "other"} invalid={Boolean(form.formState.errors.reasonText)}>
              <Field.Label>
                {L.list.reasonText}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input {...form.register("reasonText")} maxLength={REASON_TEXT_MAX} data-testid={`${testId}-reason-text`} />
              <Field.HelperText>{L.list.reasonHint}</Field.HelperText>
              <Field.ErrorText>{form.formState.errors.reasonText?.message}</Field.ErrorText>
            </Field.Root>
          </>
        )}
      </FormDialog>
    </HStack>
  );
}

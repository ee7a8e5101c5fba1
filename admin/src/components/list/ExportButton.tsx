import { useEffect, useRef, useState } from "react";
import { Button, HStack } from "@chakra-ui/react";
import { downloadFile, type DownloadDef } from "../../api/download";
import { ApiError } from "../../api/client";
import { snack } from "../ui/toaster";
import { L } from "../../labels";

/**
 * Excel download of the list as filtered now (every list's one export button). While the file streams in it
 * shows the bytes received (a streamed file has no length up front) and a cancel button, which stops the
 * transfer (and, on the server, the query behind it).
 */
export function ExportButton({ def, filter, testId }: { def: DownloadDef; filter: Record<string, unknown>; testId: string }) {
  const [bytes, setBytes] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setBytes(0);
    try {
      await downloadFile(def, filter, setBytes, controller.signal);
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
        size="sm"
        variant="outline"
        onClick={() => void run()}
        loading={bytes !== null}
        loadingText={L.list.downloading(bytes ?? 0)}
        data-testid={testId}
      >
        {L.list.excel}
      </Button>
      {bytes !== null && (
        <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()} data-testid={`${testId}-cancel`}>
          {L.list.downloadCancel}
        </Button>
      )}
    </HStack>
  );
}

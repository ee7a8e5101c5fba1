import { useState } from "react";
import { Button } from "@chakra-ui/react";
import { downloadFile, type DownloadDef } from "../../api/download";
import { ApiError } from "../../api/client";
import { snack } from "../ui/toaster";
import { L } from "../../labels";

/** Excel download of the list as filtered now; shows the bytes received while the file streams in. */
export function ExportButton({ def, filter, testId }: { def: DownloadDef; filter: Record<string, unknown>; testId: string }) {
  const [bytes, setBytes] = useState<number | null>(null);
  async function run() {
    setBytes(0);
    try {
      await downloadFile(def, filter, setBytes);
    } catch (e) {
      snack(e instanceof ApiError ? e.message : L.list.downloadFailed, { type: "error" });
    } finally {
      setBytes(null);
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={bytes !== null} loadingText={L.list.downloading(bytes ?? 0)} data-testid={testId}>
      {L.list.excel}
    </Button>
  );
}

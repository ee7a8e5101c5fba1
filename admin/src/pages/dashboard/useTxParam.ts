import { useSearchParams } from "react-router";
import { useSearchPatch } from "../../components/list/useListQuery";

/** The transaction open in a dialog, kept in the URL as `?tx=<hash>` (a reload or a pasted link opens it). */
export function useTxParam(): [string | null, (hash: string | null) => void] {
  const [params] = useSearchParams();
  const patch = useSearchPatch();
  return [params.get("tx"), (hash) => patch({ tx: hash ?? undefined })];
}

import { useSearchParams } from "react-router";

/** The transaction open in a dialog, kept in the URL as `?tx=<hash>` (a reload or a pasted link opens it). */
export function useTxParam(): [string | null, (hash: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = (hash: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (hash) n.set("tx", hash);
      else n.delete("tx");
      return n;
    });
  return [params.get("tx"), open];
}

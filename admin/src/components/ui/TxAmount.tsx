/** An amount that links to its transaction (the dashboard's search by hash); plain text without a hash. */
export function TxAmount({ text, txHash }: { text: string; txHash: string | null }) {
  if (!txHash) return <>{text}</>;
  return (
    <a href={`/admin/dashboard?keyword=${txHash}`} title={txHash} onClick={(e) => e.stopPropagation()} style={{ textDecoration: "underline" }} data-testid="tx-amount">
      {text}
    </a>
  );
}

import { Link } from "react-router";

/** An amount that opens its transaction on the dashboard, verified against the chain; plain text without a hash. */
export function TxAmount({ text, txHash }: { text: string; txHash: string | null }) {
  if (!txHash) return <>{text}</>;
  return (
    <Link
      to={`/dashboard?tx=${txHash}`}
      title={txHash}
      onClick={(e) => e.stopPropagation()}
      style={{ textDecoration: "underline" }}
      data-testid="tx-amount"
    >
      {text}
    </Link>
  );
}

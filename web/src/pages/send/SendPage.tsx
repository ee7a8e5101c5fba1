export default function SendPage({ tab }: { tab: "use" | "gift" }) {
  return <div>{tab === "use" ? "마켓 사용" : "선물"}</div>;
}

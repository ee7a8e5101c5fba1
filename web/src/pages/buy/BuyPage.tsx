export default function BuyPage() {
  return <div>구매</div>;
}

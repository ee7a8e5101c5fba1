export default function HistoryPage() {
  return <div>이용내역</div>;
}

import { useEvents } from "../../api/accountQueries";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { CsBoard } from "./CsBoard";
import { CsTabs } from "./CsTabs";

/** /cs/event: the events operators publish, with their period, and a detail view. */
export default function EventPage() {
  return (
    <PageFrame title={L.cs.eventTitle} aside={<CsTabs />}>
      <CsBoard useList={useEvents} preview testId="event" />
    </PageFrame>
  );
}

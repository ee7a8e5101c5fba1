import { useNotices } from "../../api/accountQueries";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { CsBoard } from "./CsBoard";
import { CsTabs } from "./CsTabs";

/** /cs/notify: notices with a 30-character preview. */
export default function NotifyPage() {
  return (
    <PageFrame title={L.cs.noticeTitle} aside={<CsTabs />}>
      <CsBoard useList={useNotices} preview testId="notice" />
    </PageFrame>
  );
}

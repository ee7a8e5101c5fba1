import { useFaqs } from "../../api/accountQueries";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { CsBoard } from "./CsBoard";
import { CsTabs } from "./CsTabs";

/** /cs/faq: FAQ titles and a detail view. */
export default function FaqPage() {
  return (
    <PageFrame title={L.cs.faqTitle} aside={<CsTabs />}>
      <CsBoard useList={useFaqs} preview={false} testId="faq" />
    </PageFrame>
  );
}

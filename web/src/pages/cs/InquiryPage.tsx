import { Button, HStack } from "@chakra-ui/react";
import { useState } from "react";
import type { Inquiry } from "../../api/accountApi";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { CsTabs } from "./CsTabs";
import { InquiryDetail } from "./inquiry/InquiryDetail";
import { InquiryForm } from "./inquiry/InquiryForm";
import { InquiryList } from "./inquiry/InquiryList";

type View = { kind: "list" } | { kind: "detail"; inquiry: Inquiry } | { kind: "form"; inquiry?: Inquiry };

/** /cs/inquiry: list, detail, create / edit / delete. */
export default function InquiryPage() {
  const [page, setPage] = useState(1);
  const [view, setView] = useState<View>({ kind: "list" });
  const toList = () => setView({ kind: "list" });
  return (
    <PageFrame title={L.cs.inquiryTitle} aside={<CsTabs />}>
      {view.kind === "list" && (
        <>
          <HStack justify="flex-end" mb="4">
            <Button colorPalette="brand" size="sm" onClick={() => setView({ kind: "form" })} data-testid="inquiry-new">
              {L.cs.write}
            </Button>
          </HStack>
          <InquiryList page={page} onPage={setPage} onOpen={(inquiry) => setView({ kind: "detail", inquiry })} />
        </>
      )}
      {view.kind === "detail" && <InquiryDetail inquiry={view.inquiry} onBack={toList} onEdit={() => setView({ kind: "form", inquiry: view.inquiry })} />}
      {view.kind === "form" && <InquiryForm inquiry={view.inquiry} onDone={toList} onCancel={toList} />}
    </PageFrame>
  );
}

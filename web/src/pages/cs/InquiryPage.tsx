import { Button, HStack } from "@chakra-ui/react";
import { useInquiries } from "../../api/accountQueries";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { intParam, useUrlView } from "../../lib/useUrlView";
import { CsTabs } from "./CsTabs";
import { InquiryDetail } from "./inquiry/InquiryDetail";
import { InquiryForm } from "./inquiry/InquiryForm";
import { InquiryList } from "./inquiry/InquiryList";

/**
 * /cs/inquiry: list, detail (?id=), create (?mode=new) and edit (?id=&mode=edit), each a history
 * entry, so Back and reload keep the place.
 */
export default function InquiryPage() {
  const view = useUrlView();
  const page = intParam(view.params, "page") ?? 1;
  const id = intParam(view.params, "id");
  const mode = view.params.get("mode");
  const list = useInquiries(page);
  const inquiry = id === null ? undefined : list.data?.list?.find((q) => q.id === id);
  const toList = () => view.close({ page });

  let body;
  if (mode === "new") body = <InquiryForm onDone={toList} onCancel={toList} />;
  else if (inquiry && mode === "edit")
    body = <InquiryForm inquiry={inquiry} onDone={() => view.close({ page, id })} onCancel={() => view.close({ page, id })} />;
  else if (inquiry) body = <InquiryDetail inquiry={inquiry} onBack={toList} onEdit={() => view.open({ page, id, mode: "edit" })} />;
  else
    body = (
      <>
        <HStack justify="flex-end" mb="4">
          <Button colorPalette="brand" size="sm" onClick={() => view.open({ page, mode: "new" })} data-testid="inquiry-new">
            {L.cs.write}
          </Button>
        </HStack>
        <InquiryList page={page} onPage={(p) => view.open({ page: p })} onOpen={(q) => view.open({ page, id: q.id })} />
      </>
    );
  return (
    <PageFrame title={L.cs.inquiryTitle} aside={<CsTabs />}>
      {body}
    </PageFrame>
  );
}

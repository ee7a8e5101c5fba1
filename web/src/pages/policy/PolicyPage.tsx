import { PolicyId } from "@domain/constants";
import { usePolicy } from "../../api/accountQueries";
import { HtmlContent } from "../../components/HtmlContent";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";

const TITLES: Record<number, string> = {
  [PolicyId.TERMS]: L.policy.clause,
  [PolicyId.PRIVACY]: L.policy.personal,
  [PolicyId.VOUCHER]: L.policy.giftcard,
};

/** /policy/clause (1), /policy/personal (2), /policy/giftcard (3). */
export default function PolicyPage({ id }: { id: number }) {
  const policy = usePolicy(id);
  return (
    <PageFrame title={TITLES[id] ?? ""}>
      {policy.isPending ? (
        <ListSkeleton rows={8} height="5" />
      ) : policy.isError ? (
        <LoadError message={policy.error.message} onRetry={() => void policy.refetch()} retrying={policy.isFetching} />
      ) : policy.data.content ? (
        <HtmlContent html={policy.data.content} data-testid="policy-content" />
      ) : (
        <EmptyState />
      )}
    </PageFrame>
  );
}

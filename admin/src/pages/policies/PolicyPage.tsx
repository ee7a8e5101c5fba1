import { useState } from "react";
import { Button, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { Code } from "@domain/codes";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import { POLICY_IDS, type PolicyRoute } from "@domain/schemas/policies";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { RichTextEditor, SafeHtml } from "../../components/editor/RichTextEditor";
import { snack } from "../../components/ui/toaster";
import { BL } from "../boards/boards.labels";

const TITLES: Record<PolicyRoute, string> = { clause: "이용약관", personal: "개인정보처리방침", giftcard: "상품권 이용약관" };

/** /admin/policy/{clause|personal|giftcard}: the policy's HTML or "no policy"; create or modify it in the rich-text editor. */
function PolicyPage({ route }: { route: PolicyRoute }) {
  const id = POLICY_IDS[route];
  const qc = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const q = useQuery({
    queryKey: ["policy", id],
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint("policy", { id }, { signal });
      } catch (e) {
        if (e instanceof ApiError && e.code === Code.NOT_FOUND) return null;
        throw e;
      }
    },
  });
  const exists = !!q.data;
  const save = useMutation({
    mutationFn: (policy: string) => (exists ? callEndpoint("policyUpdate", { id, policy }) : callEndpoint("policyCreate", { id, policy })),
    onSuccess: (p) => {
      qc.setQueryData(["policy", id], p);
      snack(Msg.policySaved, { type: "success" });
      setDraft(null);
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" }),
    onSettled: () => setAsking(false),
  });
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="lg" data-testid="admin-page-title">
          {TITLES[route]}
        </Heading>
        {draft === null && q.data !== undefined && (
          <Button colorPalette="brand" size="sm" onClick={() => setDraft(q.data?.content ?? "")} data-testid="policy-edit">
            {exists ? BL.policyEdit : BL.policyCreate}
          </Button>
        )}
      </HStack>
      {q.isPending ? (
        <Skeleton h="40" />
      ) : q.isError ? (
        <Text color="fg.error">{q.error.message}</Text>
      ) : draft !== null ? (
        <Stack gap="3">
          <RichTextEditor value={draft} onChange={setDraft} testId="policy-editor" label={TITLES[route]} />
          <HStack justify="flex-end">
            <Button variant="outline" onClick={() => setDraft(null)} disabled={save.isPending}>
              {BL.cancel}
            </Button>
            <Button
              colorPalette="brand"
              disabled={!draft.replace(/<[^>]*>/g, "").trim()}
              onClick={() => setAsking(true)}
              data-testid="policy-save"
            >
              {BL.save}
            </Button>
          </HStack>
        </Stack>
      ) : q.data ? (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            {BL.updatedAt}: {formatDate(q.data.updatedAt)}
          </Text>
          <SafeHtml html={q.data.content} borderWidth="1px" rounded="md" p="4" data-testid="policy-content" />
        </Stack>
      ) : (
        <Text color="fg.muted" data-testid="policy-none">
          {BL.policyNone}
        </Text>
      )}
      <ConfirmDialog
        open={asking}
        message={Msg.policySaveConfirm}
        loading={save.isPending}
        onConfirm={() => draft !== null && save.mutate(draft)}
        onClose={() => setAsking(false)}
        testId="policy-confirm"
      />
    </Stack>
  );
}

export const ClausePolicyPage = () => <PolicyPage route="clause" />;
export const PersonalPolicyPage = () => <PolicyPage route="personal" />;
export const GiftcardPolicyPage = () => <PolicyPage route="giftcard" />;

import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { formatDate } from "@domain/format";
import { useState } from "react";
import type { CsInquiry as Inquiry } from "@domain/schemas/boards";
import { useInquiryMutations } from "../../../api/accountQueries";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { HtmlContent } from "../../../components/HtmlContent";
import { snack } from "../../../components/ui/toaster";
import { L } from "../../../labels";
import { InquiryStatusBadge } from "./InquiryStatusBadge";
import { ANSWERED } from "./inquiryText";

/** One inquiry: waiting ones can be edited or deleted; answered ones show the reply and can only be deleted. */
export function InquiryDetail({ inquiry, onBack, onEdit }: { inquiry: Inquiry; onBack: () => void; onEdit: () => void }) {
  const answered = String(inquiry.state) === ANSWERED;
  const [confirm, setConfirm] = useState(false);
  const { remove } = useInquiryMutations();
  return (
    <Stack gap="4" data-testid="inquiry-detail">
      <Box borderBottomWidth="1px" pb="3">
        <HStack justify="space-between" align="start">
          <Heading size="lg" data-testid="inquiry-detail-title">
            {inquiry.title}
          </Heading>
          <InquiryStatusBadge state={inquiry.state} />
        </HStack>
        <Text fontSize="xs" color="fg.subtle" mt="1">
          {formatDate(inquiry.createdAt)}
        </Text>
      </Box>
      {/* The member's own text arrives escaped as HTML (the server's textToHtml): it shows exactly as typed. */}
      <HtmlContent html={inquiry.content} wordBreak="break-word" minH="24" data-testid="inquiry-detail-content" />
      {answered && inquiry.reply && (
        <Box bg="brand.subtle" borderRadius="md" p="4" data-testid="inquiry-reply">
          <Text fontWeight="bold" mb="2" color="brand.fg">
            {L.cs.reply}
          </Text>
          <HtmlContent html={inquiry.reply} />
        </Box>
      )}
      <HStack justify="center" gap="2">
        <Button variant="outline" onClick={onBack} data-testid="inquiry-back">
          {L.common.back}
        </Button>
        {!answered && (
          <Button variant="outline" colorPalette="brand" onClick={onEdit} data-testid="inquiry-edit">
            {L.common.edit}
          </Button>
        )}
        <Button variant="outline" colorPalette="red" onClick={() => setConfirm(true)} data-testid="inquiry-delete">
          {L.common.delete}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirm}
        message={L.cs.deleteConfirm}
        loading={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(inquiry.id, {
            onSuccess: () => {
              snack(L.cs.deleted);
              onBack();
            },
            onError: (e) => snack(e.message),
            onSettled: () => setConfirm(false),
          })
        }
        testId="inquiry-delete-dialog"
      />
    </Stack>
  );
}

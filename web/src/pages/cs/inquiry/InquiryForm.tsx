import { Button, Field, HStack, Input, Stack, Textarea } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { useState } from "react";
import type { CsInquiry as Inquiry } from "@domain/schemas/boards";
import { useInquiryMutations } from "../../../api/accountQueries";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { snack } from "../../../components/ui/toaster";
import { textOfHtml } from "../../../components/HtmlContent";
import { L } from "../../../labels";

/** Create (no `inquiry`) or edit a waiting inquiry; a confirm dialog precedes the submit. */
export function InquiryForm({ inquiry, onDone, onCancel }: { inquiry?: Inquiry; onDone: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState(inquiry?.title ?? "");
  // The API sends the member's text escaped as HTML; the form edits it as the text it is.
  const [content, setContent] = useState(inquiry ? textOfHtml(inquiry.content) : "");
  const [confirm, setConfirm] = useState(false);
  const { create, update } = useInquiryMutations();
  const pending = create.isPending || update.isPending;

  const submit = () => {
    // Plain text goes up and is stored as typed; it is escaped where it is shown.
    const body = { title: title.trim(), content: content.trim() };
    const done = {
      onSuccess: () => (snack(inquiry ? L.cs.updated : Msg.inquiryCreated), onDone()),
      onError: (e: Error) => snack(e.message),
      onSettled: () => setConfirm(false),
    };
    if (inquiry) update.mutate({ id: inquiry.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!title.trim() || !content.trim()) return snack(Msg.inquiryBlank);
        setConfirm(true);
      }}
    >
      <Stack gap="4" data-testid="inquiry-form">
        <Field.Root>
          <Field.Label>{L.cs.subject}</Field.Label>
          <Input maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="inquiry-title" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{L.cs.content}</Field.Label>
          <Textarea rows={10} maxLength={5000} value={content} onChange={(e) => setContent(e.target.value)} data-testid="inquiry-content" />
        </Field.Root>
        <HStack justify="center" gap="2">
          <Button variant="outline" onClick={onCancel} data-testid="inquiry-cancel">
            {L.common.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" data-testid="inquiry-submit">
            {inquiry ? L.common.edit : L.common.register}
          </Button>
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirm}
        message={inquiry ? L.cs.editConfirm : L.cs.submitConfirm}
        loading={pending}
        onClose={() => setConfirm(false)}
        onConfirm={submit}
        testId="inquiry-submit-dialog"
      />
    </form>
  );
}

import { useEffect, useState } from "react";
import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { Msg } from "@domain/messages";
import { BOARD_TITLE_MAX, boardContent, type BoardDetailDto, type BoardKind } from "@domain/schemas/board";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { RichTextEditor } from "../../components/editor/RichTextEditor";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { BL } from "./labels";

type Draft = { title: string; content: string; startAt: string; endAt: string };
const empty: Draft = { title: "", content: "", startAt: "", endAt: "" };

/**
 * Create (no `edit`) or edit a notice, FAQ or event: title with a 50-character counter, rich-text content,
 * event dates; the domain schema checks it as the server will, then a confirm asks to register or edit.
 */
export function BoardFormDialog({ type, open, onClose, edit }: { type: Exclude<BoardKind, "inquiry">; open: boolean; onClose: () => void; edit?: BoardDetailDto }) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (open) setDraft(edit ? { title: edit.title, content: edit.content, startAt: edit.startAt ?? "", endAt: edit.endAt ?? "" } : empty);
    setErrors({});
  }, [open, edit]);

  const content = () => ({ title: draft.title, content: draft.content, ...(type === "event" ? { startAt: draft.startAt || undefined, endAt: draft.endAt || undefined } : {}) });
  const save = useMutation({
    mutationFn: () => (edit ? callEndpoint("boardUpdate", { id: edit.id, type, content: content(), exist: true }) : callEndpoint("boardCreate", { type, content: content() })),
    onSuccess: () => {
      snack(edit ? Msg.boardUpdated : Msg.boardCreated, { type: "success" });
      void qc.invalidateQueries({ queryKey: ["board", type] });
      if (edit) void qc.invalidateQueries({ queryKey: ["board-detail", type, edit.id] });
      onClose();
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" }),
    onSettled: () => setAsking(false),
  });

  const submit = () => {
    const next: typeof errors = {};
    const r = boardContent.safeParse(content());
    if (!r.success) for (const i of r.error.issues) next[(i.path[0] as keyof Draft) ?? "title"] ??= i.message;
    if (!draft.content.trim()) next.content = Msg.boardContentRequired;
    if (type === "event" && (!draft.startAt || !draft.endAt || draft.startAt > draft.endAt)) next.startAt = Msg.boardEventDates;
    setErrors(next);
    if (Object.keys(next).length === 0) setAsking(true);
  };

  const testId = "board-form";
  return (
    <>
      <Dialog.Root open={open} onOpenChange={(e) => !e.open && !save.isPending && onClose()} placement="center" size="lg">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid={testId}>
              <Dialog.Header>
                <Dialog.Title>{edit ? BL.editTitle(type) : BL.createTitle(type)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!errors.title} required>
                    <Field.Label>{BL.title}</Field.Label>
                    <Input value={draft.title} maxLength={BOARD_TITLE_MAX} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} data-testid={`${testId}-title`} />
                    <HStack justify="space-between" w="full">
                      <Field.ErrorText data-testid={`${testId}-title-error`}>{errors.title}</Field.ErrorText>
                      <Text fontSize="xs" color="fg.muted" ms="auto" data-testid={`${testId}-title-count`}>
                        {draft.title.length}/{BOARD_TITLE_MAX}
                      </Text>
                    </HStack>
                  </Field.Root>
                  {type === "event" && (
                    <Field.Root invalid={!!errors.startAt}>
                      <HStack w="full">
                        <Stack flex="1" gap="1">
                          <Field.Label>{BL.startAt}</Field.Label>
                          <Input type="date" value={draft.startAt} onChange={(e) => setDraft({ ...draft, startAt: e.currentTarget.value })} data-testid={`${testId}-start`} />
                        </Stack>
                        <Stack flex="1" gap="1">
                          <Field.Label>{BL.endAt}</Field.Label>
                          <Input type="date" value={draft.endAt} onChange={(e) => setDraft({ ...draft, endAt: e.currentTarget.value })} data-testid={`${testId}-end`} />
                        </Stack>
                      </HStack>
                      <Field.ErrorText>{errors.startAt}</Field.ErrorText>
                    </Field.Root>
                  )}
                  <Field.Root invalid={!!errors.content}>
                    <Field.Label>{BL.content}</Field.Label>
                    {open && <RichTextEditor value={draft.content} onChange={(html) => setDraft((d) => ({ ...d, content: html }))} testId={`${testId}-editor`} invalid={!!errors.content} />}
                    <Field.ErrorText>{errors.content}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                  {L.cancel}
                </Button>
                <Button colorPalette="brand" onClick={submit} loading={save.isPending} data-testid={`${testId}-submit`}>
                  {edit ? BL.edit : BL.register}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={L.close} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={asking}
        message={edit ? Msg.boardUpdateConfirm : Msg.boardCreateConfirm}
        loading={save.isPending}
        onConfirm={() => save.mutate()}
        onClose={() => setAsking(false)}
        testId="board-form-confirm"
      />
    </>
  );
}

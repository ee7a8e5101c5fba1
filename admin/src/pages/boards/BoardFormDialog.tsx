import { useMemo, useState } from "react";
import { Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Controller } from "react-hook-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { Msg } from "@domain/messages";
import {
  BOARD_TITLE_MAX,
  boardForm,
  toBoardContent,
  type BoardDetailDto,
  type BoardFormValues,
  type BoardKind,
} from "@domain/schemas/boards";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { ApiError } from "../../api/client";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { RichTextEditor } from "../../components/editor/RichTextEditor";
import { snack } from "../../components/ui/toaster";
import { BL } from "./boards.labels";

/**
 * Create (no `edit`) or edit a notice, FAQ or event: title with a 50-character counter, rich-text content,
 * event dates; the domain form schema checks it as the server will, then a confirm asks to register or edit.
 */
export function BoardFormDialog({
  type,
  open,
  onClose,
  edit,
}: {
  type: Exclude<BoardKind, "inquiry">;
  open: boolean;
  onClose: () => void;
  edit?: BoardDetailDto;
}) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<BoardFormValues | null>(null);
  const schema = useMemo(() => boardForm(type), [type]);
  const defaults = useMemo(
    () => ({ title: edit?.title ?? "", content: edit?.content ?? "", startAt: edit?.startAt ?? "", endAt: edit?.endAt ?? "" }),
    [edit],
  );

  const save = useMutation({
    mutationFn: (v: BoardFormValues) => {
      const content = toBoardContent(type, v);
      return edit
        ? callEndpoint("boardUpdate", { id: edit.id, type, content, exist: true })
        : callEndpoint("boardCreate", { type, content });
    },
    onSuccess: () => {
      snack(edit ? Msg.boardUpdated : Msg.boardCreated, { type: "success" });
      void qc.invalidateQueries({ queryKey: endpointKey("boardList", { type }) });
      if (edit) void qc.invalidateQueries({ queryKey: ["board-detail", type, edit.id] });
      onClose();
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" }),
    onSettled: () => setPending(null),
  });

  const testId = "board-form";
  return (
    <>
      <FormDialog
        open={open}
        onClose={onClose}
        title={edit ? BL.editTitle(type) : BL.createTitle(type)}
        schema={schema}
        defaultValues={defaults}
        onSubmit={async (v) => setPending(v)}
        submitLabel={edit ? BL.edit : BL.register}
        testId={testId}
      >
        {({ register, control, watch, formState: { errors } }) => (
          <>
            <Field.Root invalid={!!errors.title} required>
              <Field.Label>{BL.title}</Field.Label>
              <Input maxLength={BOARD_TITLE_MAX} {...register("title")} data-testid={`${testId}-title`} />
              <HStack justify="space-between" w="full">
                <Field.ErrorText data-testid={`${testId}-title-error`}>{errors.title?.message}</Field.ErrorText>
                <Text fontSize="xs" color="fg.muted" ms="auto" data-testid={`${testId}-title-count`}>
                  {(watch("title") ?? "").length}/{BOARD_TITLE_MAX}
                </Text>
              </HStack>
            </Field.Root>
            {type === "event" && (
              <Field.Root invalid={!!errors.startAt}>
                <HStack w="full">
                  <Stack flex="1" gap="1">
                    <Field.Label>{BL.startAt}</Field.Label>
                    <Input type="date" {...register("startAt")} data-testid={`${testId}-start`} />
                  </Stack>
                  <Stack flex="1" gap="1">
                    <Field.Label>{BL.endAt}</Field.Label>
                    <Input type="date" {...register("endAt")} data-testid={`${testId}-end`} />
                  </Stack>
                </HStack>
                <Field.ErrorText>{errors.startAt?.message}</Field.ErrorText>
              </Field.Root>
            )}
            <Field.Root invalid={!!errors.content}>
              <Field.Label>{BL.content}</Field.Label>
              <Controller
                control={control}
                name="content"
                render={({ field }) => (
                  <RichTextEditor
                    value={field.value}
                    onChange={field.onChange}
                    testId={`${testId}-editor`}
                    invalid={!!errors.content}
                    label={BL.content}
                  />
                )}
              />
              <Field.ErrorText>{errors.content?.message}</Field.ErrorText>
            </Field.Root>
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={pending !== null}
        message={edit ? Msg.boardUpdateConfirm : Msg.boardCreateConfirm}
        loading={save.isPending}
        onConfirm={() => pending && save.mutate(pending)}
        onClose={() => setPending(null)}
        testId="board-form-confirm"
      />
    </>
  );
}

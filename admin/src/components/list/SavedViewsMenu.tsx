import { useState } from "react";
import { Button, Field, HStack, IconButton, Input, Menu, Portal, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { Msg } from "@domain/messages";
import { SAVED_VIEW_NAME_MAX, savedViewName, type SavedViewDto, type SavedViewList } from "@domain/schemas/saved-views";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey, endpointQuery } from "../../api/queries";
import { ApiError } from "../../api/client";
import { FormDialog } from "../dialogs/FormDialog";
import { snack } from "../ui/toaster";
import { L } from "../../labels";
import type { ColumnChoice } from "./useColumnChoice";
import type { ListQuery } from "./useListQuery";

const nameForm = z.object({ name: savedViewName });
const EMPTY = { name: "" };

/**
 * "저장된 보기": the operator's own named views of this list. Saving keeps the list's URL state (filters, range, sort,
 * page size) and the columns shown; applying one puts them back (one write of the URL); deleting asks first.
 */
export function SavedViewsMenu({
  list,
  query,
  choice,
  testId,
}: {
  list: SavedViewList;
  query: Pick<ListQuery<unknown>, "viewSearch" | "applyView">;
  choice: ColumnChoice;
  testId: string;
}) {
  const qc = useQueryClient();
  const views = useQuery(endpointQuery("savedViews", { list }));
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedViewDto | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: endpointKey("savedViews") });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint("savedViewDelete", { id }),
    onSuccess: () => {
      snack(Msg.savedViewDeleted, { type: "success" });
      void reload();
    },
    onError: (e) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" }),
    onSettled: () => setDeleting(null),
  });
  const apply = (v: SavedViewDto) => {
    query.applyView(v.state.search);
    choice.set(v.state.columns);
  };

  return (
    <>
      <Menu.Root onHighlightChange={(d) => setHighlighted(d.highlightedValue)}>
        <Menu.Trigger asChild>
          <Button size="sm" variant="outline" data-testid={testId}>
            {L.list.views}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content
              minW="56"
              // The Delete key asks to delete the highlighted view (the × in its row is for the pointer).
              onKeyDown={(e) => {
                const v = e.key === "Delete" ? views.data?.find((x) => `view-${x.id}` === highlighted) : undefined;
                if (v) setDeleting(v);
              }}
              data-testid={`${testId}-menu`}
            >
              <Menu.Item value="save" onClick={() => setSaving(true)} data-testid={`${testId}-save`}>
                {L.list.viewSave}
              </Menu.Item>
              <Menu.Separator />
              {views.data?.length === 0 && (
                <Text px="2" py="1.5" fontSize="sm" color="fg.muted" data-testid={`${testId}-empty`}>
                  {L.list.viewsEmpty}
                </Text>
              )}
              {views.isError && (
                <Text px="2" py="1.5" fontSize="sm" color="fg.error" role="alert">
                  {views.error.message}
                </Text>
              )}
              {views.data?.map((v) => (
                <Menu.Item key={v.id} value={`view-${v.id}`} onClick={() => apply(v)} data-testid={`${testId}-item`}>
                  <HStack justify="space-between" w="full">
                    <Text truncate>{v.name}</Text>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={L.list.viewDelete(v.name)}
                      onClick={(e) => {
                        e.stopPropagation();
                        setDeleting(v);
                      }}
                      data-testid={`${testId}-delete`}
                    >
                      ×
                    </IconButton>
                  </HStack>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <FormDialog
        open={saving}
        onClose={() => setSaving(false)}
        title={L.list.viewSaveTitle}
        schema={nameForm}
        defaultValues={EMPTY}
        testId={`${testId}-form`}
        onSubmit={async ({ name }) => {
          try {
            await callEndpoint("savedViewCreate", {
              list,
              name,
              state: { search: query.viewSearch, ...(choice.chosen ? { columns: choice.chosen } : {}) },
            });
            snack(Msg.savedViewSaved, { type: "success" });
            setSaving(false);
            void reload();
          } catch (e) {
            snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
          }
        }}
      >
        {(form) => (
          <Field.Root required invalid={Boolean(form.formState.errors.name)}>
            <Field.Label>
              {L.list.viewName}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...form.register("name")} maxLength={SAVED_VIEW_NAME_MAX} data-testid={`${testId}-form-name`} />
            <Field.ErrorText>{form.formState.errors.name?.message}</Field.ErrorText>
          </Field.Root>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        message={Msg.savedViewDeleteConfirm}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId={`${testId}-confirm`}
      />
    </>
  );
}

import { useEffect, type ReactNode } from "react";
import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { L } from "../../labels";

/**
 * A form in a dialog, validated by a domain zod schema through react-hook-form: the same schema the
 * server applies, so the messages are the spec's. Closing resets the form (spec §4).
 */
export function FormDialog<S extends z.ZodType<FieldValues, FieldValues>>(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  onSubmit: (values: z.output<S>) => Promise<void>;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
  submitLabel?: string;
  testId: string;
  /** The submit button's test id; unset: `${testId}-submit`. */
  submitTestId?: string;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(props.schema), defaultValues: props.defaultValues });
  const { reset } = form;
  useEffect(() => {
    if (!props.open) reset(props.defaultValues);
  }, [props.open, reset, props.defaultValues]);
  const busy = form.formState.isSubmitting;
  return (
    // Focus leaving (a confirm over it closing) does not close the form: what was typed stays.
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && !busy && props.onClose()}
      onFocusOutside={(e) => e.preventDefault()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={`${props.testId}-form`} noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
                <Stack gap="4">{props.children(form)}</Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} disabled={busy}>
                {L.cancel}
              </Button>
              <Button
                type="submit"
                form={`${props.testId}-form`}
                colorPalette="brand"
                loading={busy}
                data-testid={props.submitTestId ?? `${props.testId}-submit`}
              >
                {props.submitLabel ?? L.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label={L.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

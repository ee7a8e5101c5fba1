import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { L } from "../../labels";

interface Props {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
}

/** A yes/no question (logout, delete, register …). */
export function ConfirmDialog({ open, message, onConfirm, onCancel, busy, testId = "admin-confirm" }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onCancel()} role="alertdialog" size="xs" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Body pt="8" pb="4">
              <Text textAlign="center">{message}</Text>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              <Button variant="outline" onClick={onCancel} data-testid={`${testId}-cancel`}>
                {L.cancel}
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={busy} data-testid={`${testId}-ok`}>
                {L.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={L.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

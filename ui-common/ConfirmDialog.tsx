import { useCallback, useState, type ReactElement } from "react";
import { Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { L } from "./labels";

interface Props {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Without onCancel semantics: a single OK button (an alert). */
  alert?: boolean;
  loading?: boolean;
  testId?: string;
}

/** A small modal asking for OK (and Cancel unless `alert`). */
export function ConfirmDialog({ open, message, onConfirm, onClose, alert, loading, testId = "confirm-dialog" }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center" size="xs">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title fontSize="md">{L.alert.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid={`${testId}-message`} whiteSpace="pre-line">
                {message}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              {!alert && (
                <Button variant="outline" onClick={onClose} data-testid={`${testId}-cancel`}>
                  {L.common.cancel}
                </Button>
              )}
              <Button colorPalette="brand" onClick={onConfirm} loading={loading} data-testid={`${testId}-ok`}>
                {L.common.ok}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** An alert: message and OK. */
export function AlertDialog(props: { message: string | null; onClose: () => void; testId?: string }) {
  return (
    <ConfirmDialog
      open={props.message !== null}
      message={props.message ?? ""}
      onConfirm={props.onClose}
      onClose={props.onClose}
      alert
      testId={props.testId ?? "alert-dialog"}
    />
  );
}

/**
 * A confirm to await inside a flow (a form's submit): `await ask(message)` is true on OK, false on cancel or
 * close; render `dialog` once.
 */
export function useConfirm(testId: string): { ask: (message: string) => Promise<boolean>; dialog: ReactElement } {
  const [pending, setPending] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  const ask = useCallback((message: string) => new Promise<boolean>((resolve) => setPending({ message, resolve })), []);
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      message={pending?.message ?? ""}
      onConfirm={() => answer(true)}
      onClose={() => answer(false)}
      testId={testId}
    />
  );
  return { ask, dialog };
}

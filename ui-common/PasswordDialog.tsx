import { useEffect, useRef, useState } from "react";
import { Button, CloseButton, Dialog, Field, Input, Portal, Text } from "@chakra-ui/react";
import { Code } from "@domain/codes";
import { PASSWORD_LENGTH } from "@domain/constants";
import { Msg, withTriesLeft } from "@domain/messages";
import { ApiError } from "./api-client";
import { isDecided, useRetryKey } from "./retryKey";
import { showSnack as snack } from "./snackbar";

const L = {
  title: "결제 비밀번호",
  description: "결제 비밀번호 6자리를 입력해 주세요.",
  label: "비밀번호",
  cancel: "취소",
  confirm: "확인",
};

export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Runs the payment. Resolve on code 200 (the caller then navigates); throw ApiError otherwise.
   * `idempotencyKey` is made once per attempt and reused when the same password is sent again
   * after an answer that decided nothing (network error, 5xx), so a retry moves money once.
   */
  onSubmit: (password: string, idempotencyKey: string) => Promise<unknown>;
  /** Snackbar duration for the error answers (3.2 s in the gift and use flows). */
  snackDuration?: number;
}

function isWrongPassword(err: unknown): boolean {
  return err instanceof ApiError && err.code === Code.BAD_REQUEST;
}

/** Spec §8: 400 → '비밀번호가 일치하지 않습니다.' (with the tries left when the server says); others → the server's message. */
function refusalMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return Msg.serverError;
  // No answer: the payment may have gone through; the same password again is the same request (one move).
  if (err.unanswered) return Msg.resultUnknown;
  if (!isWrongPassword(err)) return err.message;
  const left = (err.data as { triesLeft?: unknown } | undefined)?.triesLeft;
  return typeof left === "number" ? withTriesLeft(Msg.passwordWrong, left) : Msg.passwordWrong;
}

/** 6-character masked payment password; confirm enabled at exactly 6; spinner while the call runs. */
export function PasswordDialog({ open, onClose, onSubmit, snackDuration }: PasswordDialogProps) {
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  // The last refusal, also written inside the dialog (a live region) so a screen reader hears it where the focus is.
  const [error, setError] = useState("");
  // One key per payment attempt, kept for a retry of the same password after an answer that decided nothing.
  const retryKey = useRetryKey();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) {
      setPassword("");
      setError("");
      retryKey.settled();
    }
  }, [open, retryKey]);

  const ready = password.length === PASSWORD_LENGTH && !pending;

  async function submit() {
    if (!ready) return;
    const key = retryKey.keyFor(password);
    setPending(true);
    try {
      await onSubmit(password, key);
      retryKey.settled();
    } catch (err) {
      const decided = isDecided(err);
      retryKey.settled(err);
      const message = refusalMessage(err);
      setError(message);
      snack(message, { type: "error", duration: snackDuration });
      // Only a wrong password (400) or an undecided answer is worth another try here; any other
      // refusal (balance spent elsewhere, a lock…) is not about the password: close and show it.
      if (decided && !isWrongPassword(err)) {
        onClose();
        return;
      }
      setPassword("");
      requestAnimationFrame(() => inputRef.current?.focus());
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !pending && onClose()}
      initialFocusEl={() => inputRef.current}
      placement="center"
      closeOnInteractOutside={!pending}
      closeOnEscape={!pending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="password-dialog">
            <Dialog.Header>
              <Dialog.Title>{L.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="password-dialog-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <Field.Root invalid={error !== ""}>
                  <Field.Label>{L.label}</Field.Label>
                  <Input
                    ref={inputRef}
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={PASSWORD_LENGTH}
                    value={password}
                    disabled={pending}
                    onChange={(e) => setPassword(e.target.value.slice(0, PASSWORD_LENGTH))}
                    data-testid="password-input"
                    letterSpacing="0.3em"
                  />
                  {/* Field wires the rule (helper text) to the input's aria-describedby. */}
                  <Field.HelperText>
                    <Text as="span">{L.description}</Text>
                  </Field.HelperText>
                  {/* Present before any error (a live region announces changes, not first renders). */}
                  <Text role="alert" aria-live="assertive" fontSize="sm" color="fg.error" data-testid="password-error">
                    {error}
                  </Text>
                </Field.Root>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending} data-testid="password-cancel">
                {L.cancel}
              </Button>
              <Button
                type="submit"
                form="password-dialog-form"
                disabled={!ready}
                loading={pending}
                colorPalette="brand"
                data-testid="password-confirm"
              >
                {L.confirm}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={pending}>
              <CloseButton size="sm" aria-label="닫기" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

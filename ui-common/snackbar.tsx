import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";

export type SnackType = "success" | "error" | "info" | "warning";
type Snack = (message: string, opts?: { type?: SnackType; duration?: number }) => void;

/** The app's snackbar, for the shared components (each app creates exactly one). */
let active: Snack | null = null;

/** Shows a snackbar through the app's own toaster (its default duration unless `duration` is given). */
export function showSnack(message: string, opts?: { type?: SnackType; duration?: number }): void {
  active?.(message, opts);
}

/**
 * One snackbar (Chakra toaster) per app, with that app's default duration and test id.
 * Returns the toaster, `snack(message, {type, duration})` and the `<Toaster/>` to mount once.
 */
export function createSnackbar(defaultMs: number, testId: string) {
  const toaster = createToaster({ placement: "top", pauseOnPageIdle: true });
  function snack(message: string, opts: { type?: SnackType; duration?: number } = {}) {
    toaster.create({ description: message, type: opts.type ?? "info", duration: opts.duration ?? defaultMs });
  }
  active = snack;
  function Toaster() {
    return (
      <Portal>
        <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
          {(toast) => (
            <Toast.Root width={{ md: "sm" }} role="status" data-testid={testId}>
              {toast.type === "loading" ? <Spinner size="sm" /> : <Toast.Indicator />}
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.closable && <Toast.CloseTrigger />}
            </Toast.Root>
          )}
        </ChakraToaster>
      </Portal>
    );
  }
  return { toaster, snack, Toaster };
}

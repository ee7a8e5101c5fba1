import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";

/** Snackbar durations of the spec: 3.2 s in gift/use flows, 1.6 s elsewhere. */
export const SNACK_SEND_MS = 3200;
export const SNACK_MS = 1600;

export const toaster = createToaster({ placement: "top", pauseOnPageIdle: true });

/** Shows a snackbar message. */
export function snack(message: string, opts: { type?: "success" | "error" | "info"; duration?: number } = {}) {
  toaster.create({ description: message, type: opts.type ?? "info", duration: opts.duration ?? SNACK_MS });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="snackbar">
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

import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";

/** Snackbar timeout on admin pages (spec §9). */
export const SNACK_MS = 2000;

export const toaster = createToaster({ placement: "top", pauseOnPageIdle: true });

/** Shows a snackbar message. */
export function snack(message: string, opts: { type?: "success" | "error" | "info" | "warning"; duration?: number } = {}) {
  toaster.create({ description: message, type: opts.type ?? "info", duration: opts.duration ?? SNACK_MS });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="admin-snackbar">
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

import type { ReactNode } from "react";
import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { L } from "../../labels";

/**
 * A record's detail: 70% of the window wide (spec §9), full width on small screens. It closes on its buttons,
 * Escape and a click outside, not when focus lands outside it: an edit form and its confirm opened over it give
 * focus back to the page as they close, which would otherwise close the detail the edit was made from. `error`, when
 * given, shows instead of the record (not found, or why it could not be read).
 */
export function DetailDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  error?: string;
  testId: string;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      onFocusOutside={(e) => e.preventDefault()}
      placement="center"
      scrollBehavior="inside"
      size="cover"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: "95%", md: "70%" }} maxW={{ base: "95%", md: "70%" }} h="auto" maxH="90dvh" data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {props.error ? (
                <Text color="fg.error" role="alert" data-testid={`${props.testId}-error`}>
                  {props.error}
                </Text>
              ) : (
                props.children
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {props.footer}
              <Button variant="outline" onClick={props.onClose} data-testid={`${props.testId}-close`}>
                {L.close}
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

import { useState } from "react";
import { Alert, Button, Code, Dialog, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { copyAndTell } from "@common/clipboard";
import { CopyIcon } from "../../components/ui/icons";
import { ML } from "./merchants.labels";

/**
 * A secret the server shows this once (an API key, a webhook signing secret): its whole text, a copy button and the
 * warning that it is not shown again. A click outside does not close it (the secret would be lost by a stray click);
 * its button, its close and Escape do. It is unmounted once closed, so the secret does not stay in the page.
 */
export function ShownOnceDialog(props: {
  /** The secret; null: closed. */
  value: string | null;
  title: string;
  /** What the value is ("API 키"), its label and the copy button's. */
  what: string;
  notice: string;
  /** On the element holding the whole text; the dialog is `${testId}-dialog`, its button `${testId}-done`. */
  testId: string;
  onClose: () => void;
}) {
  // Kept through the closing animation, then dropped.
  const [shown, setShown] = useState(props.value);
  if (props.value !== null && props.value !== shown) setShown(props.value);
  return (
    <Dialog.Root
      open={props.value !== null}
      onOpenChange={(e) => !e.open && props.onClose()}
      onExitComplete={() => setShown(null)}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${props.testId}-dialog`} mx="3">
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Title>{props.notice}</Alert.Title>
                </Alert.Root>
                <Text fontSize="sm" fontWeight="medium">
                  {props.what}
                </Text>
                <Code p="2" fontSize="sm" wordBreak="break-all" userSelect="all" data-testid={props.testId}>
                  {shown}
                </Code>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" wrap="wrap" justify="flex-end">
                {/* The copy a browser refuses (no secure context) is said, not hidden: the text stays to select. */}
                <Button variant="outline" onClick={() => void copyAndTell(shown ?? "")} data-testid={`${props.testId}-copy`}>
                  <CopyIcon />
                  {ML.copy(props.what)}
                </Button>
                <Button colorPalette="brand" onClick={props.onClose} data-testid={`${props.testId}-done`}>
                  {ML.shownDone}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

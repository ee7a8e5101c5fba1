import { Badge, Button, CloseButton, Dialog, HStack, Portal, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { formatDate } from "@domain/format";
import { L } from "../labels";
import { pushHref, pushTarget, type AdminPush } from "./socket";

interface Props {
  push: AdminPush | null;
  remaining: number;
  onClose: () => void;
}

/** One realtime push: its kind, message and date, with a link to its record on the screen that handles it. */
export function NotifyDialog({ push, remaining, onClose }: Props) {
  return (
    <Dialog.Root open={push !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="admin-notify-dialog">
            {push && (
              <>
                <Dialog.Header>
                  <Dialog.Title>
                    <HStack>
                      <Badge colorPalette="brand" data-testid="admin-notify-kind">
                        {push.kind}
                      </Badge>
                      <span>{L.notifyKindLabel[push.kind]}</span>
                    </HStack>
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text data-testid="admin-notify-message">{push.message}</Text>
                  <Text mt="2" color="fg.muted" fontSize="sm">
                    {formatDate(push.created_at)}
                    {remaining > 0 ? ` · +${remaining}` : ""}
                  </Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} data-testid="admin-notify-close">
                    {L.close}
                  </Button>
                  <Button asChild colorPalette="brand">
                    <RouterLink
                      to={pushHref(push.kind, push.refId) ?? pushTarget[push.kind]}
                      onClick={onClose}
                      data-testid="admin-notify-link"
                    >
                      {L.notifyGo}
                    </RouterLink>
                  </Button>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={L.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

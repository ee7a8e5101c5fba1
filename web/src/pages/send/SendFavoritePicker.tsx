import { useState } from "react";
import { Button, CloseButton, Dialog, Portal, Skeleton, Stack, Text } from "@chakra-ui/react";
import { shortAddress } from "@domain/format";
import { Msg } from "@domain/messages";
import { useFavorites } from "../../api/moneyApi";
import { SendLabels as L } from "./sendLabels";

/** Picks an address from the address book (GET /api/favorite). */
export function SendFavoritePicker({ onPick }: { onPick: (address: string) => void }) {
  const [open, setOpen] = useState(false);
  const q = useFavorites(open);
  const list = q.data?.list ?? [];

  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center" scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="send-favorites">
          {L.favorites}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="favorites-dialog">
            <Dialog.Header>
              <Dialog.Title>{L.favoritesTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {q.isLoading ? (
                <Stack gap="2">
                  <Skeleton height="12" />
                  <Skeleton height="12" />
                </Stack>
              ) : q.isError ? (
                <Text color="fg.error">{q.error.message}</Text>
              ) : list.length === 0 ? (
                <Text color="fg.muted">{Msg.favoriteEmpty}</Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none">
                  {list.map((f) => (
                    <li key={f.id}>
                      <Button
                        variant="outline"
                        w="full"
                        h="auto"
                        py="2"
                        justifyContent="space-between"
                        gap="3"
                        onClick={() => {
                          onPick(f.address);
                          setOpen(false);
                        }}
                        data-testid="favorite-item"
                      >
                        <Text truncate>
                          {f.check ? "★ " : ""}
                          {f.nickname}
                        </Text>
                        <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={f.address}>
                          {shortAddress(f.address)}
                        </Text>
                      </Button>
                    </li>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={L.favoritesClose} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

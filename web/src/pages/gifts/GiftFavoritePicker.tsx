import { useState } from "react";
import { LuStar } from "react-icons/lu";
import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { shortAddress } from "@domain/format";
import { Msg } from "@domain/messages";
import { useFavorites } from "../../api/accountQueries";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { GiftLabels as L } from "./gifts.labels";

/** Picks an address from the address book (GET /api/favorite); the list loads when the dialog opens. */
export function GiftFavoritePicker({ onPick }: { onPick: (address: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button size="md" variant="outline" flexShrink={0} data-testid="send-favorites">
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
              <FavoriteList
                onPick={(address) => {
                  onPick(address);
                  setOpen(false);
                }}
              />
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

function FavoriteList({ onPick }: { onPick: (address: string) => void }) {
  const q = useFavorites();
  if (q.isLoading) return <ListSkeleton rows={3} />;
  if (q.isError) return <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  const list = q.data?.list ?? [];
  if (list.length === 0) return <EmptyState message={Msg.favoriteEmpty} />;
  return (
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
            onClick={() => onPick(f.address)}
            data-testid="favorite-item"
          >
            <Text truncate display="flex" alignItems="center" gap="1">
              {f.check && <LuStar fill="currentColor" aria-hidden />}
              {f.nickname}
            </Text>
            <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={f.address}>
              {shortAddress(f.address)}
            </Text>
          </Button>
        </li>
      ))}
    </Stack>
  );
}

import { Box, Button, Checkbox, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import { useMemo, useState } from "react";
import { LuStar } from "react-icons/lu";
import type { Favorite } from "@domain/schemas/members";
import { useFavoriteMutations } from "../../api/accountQueries";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { CopyButton } from "../../components/CopyButton";
import { EmptyState } from "../../components/ListState";
import { Pager } from "../../components/Pager";
import { snack } from "../../components/ui/toaster";
import { FAVORITE_PAGE_SIZE } from "../../config";
import { L } from "../../labels";

/** Starred first, then most recently updated. */
export function sortFavorites(list: Favorite[]): Favorite[] {
  return [...list].sort((a, b) => Number(b.check) - Number(a.check) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export function FavoriteList({ list }: { list: Favorite[] }) {
  const sorted = useMemo(() => sortFavorites(list), [list]);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState(false);
  const { check, remove } = useFavoriteMutations();

  const pages = Math.max(1, Math.ceil(sorted.length / FAVORITE_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = sorted.slice((current - 1) * FAVORITE_PAGE_SIZE, current * FAVORITE_PAGE_SIZE);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (sorted.length === 0) return <EmptyState message={Msg.favoriteEmpty} testId="favorite-empty" />;

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Checkbox.Root
          checked={allOnPage}
          onCheckedChange={() =>
            setSelected((s) => {
              const next = new Set(s);
              rows.forEach((r) => (allOnPage ? next.delete(r.id) : next.add(r.id)));
              return next;
            })
          }
          size="sm"
          colorPalette="brand"
          data-testid="favorite-select-all"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{L.favorite.selectAll}</Checkbox.Label>
        </Checkbox.Root>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={selected.size === 0}
          onClick={() => setConfirm(true)}
          data-testid="favorite-delete"
        >
          {L.favorite.deleteSelected}
        </Button>
      </HStack>
      <Stack gap="0" borderTopWidth="1px" data-testid="favorite-list">
        {rows.map((f) => (
          <HStack key={f.id} gap="3" py="3" px="1" borderBottomWidth="1px" data-testid="favorite-row" data-id={f.id} data-checked={f.check}>
            <Checkbox.Root
              checked={selected.has(f.id)}
              onCheckedChange={() => toggle(f.id)}
              colorPalette="brand"
              data-testid="favorite-select"
            >
              <Checkbox.HiddenInput aria-label={f.nickname} />
              <Checkbox.Control />
            </Checkbox.Root>
            <IconButton
              aria-label={L.favorite.star}
              aria-pressed={f.check}
              variant="ghost"
              size="sm"
              color={f.check ? "star.on" : "star.off"}
              onClick={() => check.mutate({ id: f.id, check: !f.check }, { onError: (e) => snack(e.message) })}
              data-testid="favorite-star"
            >
              {f.check ? <LuStar fill="currentColor" /> : <LuStar />}
            </IconButton>
            <Box flex="1" minW="0">
              <Text fontWeight="semibold" data-testid="favorite-row-nickname">
                {f.nickname}
              </Text>
              <HStack gap="1" align="center">
                <Text fontSize="sm" fontFamily="mono" color="fg.muted" wordBreak="break-all" data-testid="favorite-row-address">
                  {f.address}
                </Text>
                <CopyButton text={f.address} what={f.nickname} flexShrink={0} data-testid="favorite-copy" />
              </HStack>
            </Box>
            <Text fontSize="xs" color="fg.muted" display={{ base: "none", sm: "block" }}>
              {formatDate(f.updatedAt)}
            </Text>
          </HStack>
        ))}
      </Stack>
      <Pager page={current} total={sorted.length} pageSize={FAVORITE_PAGE_SIZE} onChange={setPage} />
      <ConfirmDialog
        open={confirm}
        message={L.favorite.deleteConfirm(selected.size)}
        loading={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate([...selected], {
            onSuccess: () => setSelected(new Set()),
            onError: (e) => snack(e.message),
            onSettled: () => setConfirm(false),
          })
        }
        testId="favorite-delete-dialog"
      />
    </Stack>
  );
}

import { Stack } from "@chakra-ui/react";
import { useFavorites } from "../../api/accountQueries";
import { ListSkeleton, LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { FavoriteAddForm } from "./FavoriteAddForm";
import { FavoriteList } from "./FavoriteList";

/** /info/address: the address book. */
export default function FavoritesPage() {
  const favorites = useFavorites();
  return (
    <PageFrame title={L.favorite.title}>
      <Stack gap="6" data-testid="favorite-page">
        <FavoriteAddForm />
        {favorites.isPending ? (
          <ListSkeleton rows={4} />
        ) : favorites.isError ? (
          <LoadError message={favorites.error.message} onRetry={() => void favorites.refetch()} retrying={favorites.isFetching} />
        ) : (
          <FavoriteList list={favorites.data.list ?? []} />
        )}
      </Stack>
    </PageFrame>
  );
}

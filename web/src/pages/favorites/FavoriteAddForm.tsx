import { Button, Flex, Input } from "@chakra-ui/react";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import { useState } from "react";
import { useFavoriteMutations } from "../../api/accountQueries";
import { ApiError } from "../../api/client";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";

/** Nickname + address; both must be non-blank after trimming. */
export function FavoriteAddForm() {
  const [nickname, setNickname] = useState("");
  const [address, setAddress] = useState("");
  const { add } = useFavoriteMutations();
  const clear = () => {
    setNickname("");
    setAddress("");
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const body = { nickname: nickname.trim(), address: address.trim() };
        if (!body.nickname || !body.address) return snack(Msg.favoriteBlank);
        add.mutate(body, {
          onSuccess: clear,
          onError: (err) => {
            if (err instanceof ApiError && err.code === Code.BAD_REQUEST) return snack(Msg.favoriteExists);
            if (err instanceof ApiError && err.code === Code.UNAUTHORIZED) return snack(err.message || Msg.favoriteNotVoucher);
            // other codes clear the form (spec §8)
            clear();
            snack(err.message);
          },
        });
      }}
    >
      <Flex gap="2" direction={{ base: "column", md: "row" }}>
        <Input
          placeholder={L.favorite.nickname}
          maxLength={30}
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          flex={{ md: "1" }}
          data-testid="favorite-nickname"
        />
        <Input
          placeholder={L.favorite.address}
          maxLength={100}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          flex={{ md: "2" }}
          fontFamily="mono"
          data-testid="favorite-address"
        />
        <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="favorite-add">
          {L.favorite.add}
        </Button>
      </Flex>
    </form>
  );
}

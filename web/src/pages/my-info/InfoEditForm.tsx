import { Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { myInfoUpdateBody } from "@domain/schemas/members";
import { useState } from "react";
import type { MyInfo } from "@domain/schemas/members";
import { useUpdateMyInfo } from "../../api/accountQueries";
import { AddressPicker } from "../../components/address/AddressPicker";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { addressLine, type PickedAddress } from "../../lib/postcode";

/** Nickname, e-mail, read-only phone and home address; saved with PUT /api/info/myinfo. */
export function InfoEditForm({ info }: { info: MyInfo }) {
  const [nickname, setNickname] = useState(info.nickname ?? "");
  const [email, setEmail] = useState(info.email ?? "");
  const [picked, setPicked] = useState<PickedAddress | null>(null);
  const update = useUpdateMyInfo();

  const body = {
    nickname: nickname.trim() || null,
    email: email.trim() || null,
    address: picked ? addressLine(picked) : (info.homeAddress ?? null),
  };
  const parsed = myInfoUpdateBody.safeParse(body);
  const errorOf = (field: string) => (parsed.success ? null : (parsed.error.issues.find((i) => i.path[0] === field)?.message ?? null));
  const nicknameErr = errorOf("nickname");
  const emailErr = errorOf("email");

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.success) return;
        update.mutate(body, {
          onSuccess: () => {
            setPicked(null);
            snack(Msg.myInfoSaved, { type: "success" });
          },
          onError: () => snack(Msg.myInfoFailed, { type: "error" }),
        });
      }}
    >
      <Stack gap="5">
        <Field.Root invalid={!!nicknameErr}>
          <Field.Label>{L.info.nickname}</Field.Label>
          <Input value={nickname} maxLength={40} onChange={(e) => setNickname(e.target.value)} data-testid="info-nickname" />
          <Field.ErrorText>{nicknameErr}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!emailErr}>
          <Field.Label>{L.info.email}</Field.Label>
          <Input type="email" value={email} maxLength={120} onChange={(e) => setEmail(e.target.value)} data-testid="info-email" />
          <Field.ErrorText data-testid="info-email-error">{emailErr}</Field.ErrorText>
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>{L.info.phone}</Field.Label>
          <Input value={info.phonenumber} readOnly bg="bg.muted" data-testid="info-phone" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{L.info.homeAddress}</Field.Label>
          <Text fontSize="sm" color="fg.muted" mb="2" data-testid="info-home-address">
            {L.address.current}: {info.homeAddress || "-"}
          </Text>
          <AddressPicker value={picked} onChange={setPicked} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled={!parsed.success} loading={update.isPending} data-testid="info-save">
          {L.info.save}
        </Button>
      </Stack>
    </form>
  );
}

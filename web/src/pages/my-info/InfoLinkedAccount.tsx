import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Checkbox, Field, Flex, Heading, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import { purchasesApi } from "@domain/api/purchases";
import { PasswordDialog } from "@common/PasswordDialog";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { callEndpoint } from "../../api/endpoint";
import { moneyKeys } from "../../api/moneyQueries";
import { snack } from "../../components/ui/toaster";
import { LoadError } from "../../components/ListState";

const T = {
  title: "계좌 연결",
  hint: "본인 명의 계좌를 연결하면 상품권 구매에서 ‘연결 계좌로 충전’으로 바로 충전할 수 있습니다. 실명과 다른 명의의 계좌는 연결할 수 없습니다.",
  bank: "은행",
  account: "계좌번호",
  accountHelp: "숫자만 입력해 주세요. (- 없이)",
  consent: "충전할 때마다 이 계좌에서 충전 금액이 출금되는 것(출금이체)에 동의합니다.",
  link: "계좌 연결",
  linked: "계좌가 연결되었습니다.",
  unlink: "연결 해제",
  unlinked: "계좌 연결을 해제했습니다.",
  unlinkConfirm: "계좌 연결을 해제하시겠습니까? 해제하면 연결 계좌로 충전할 수 없습니다.",
  since: (d: string) => `${d.slice(0, 10)} 연결`,
};

const key = ["linked-account"] as const;

/** 마이페이지 계좌 연결: the member's own-name account for 연결 계좌로 충전 — link (consent, password), see, unlink. */
export function InfoLinkedAccount() {
  const qc = useQueryClient();
  const linked = useQuery({ queryKey: key, queryFn: () => callEndpoint(purchasesApi.linkedAccountGet) });
  const [bank, setBank] = useState("");
  const [account, setAccount] = useState("");
  const [consent, setConsent] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [askUnlink, setAskUnlink] = useState(false);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: moneyKeys.buyInfo })]);
  const unlink = useMutation({
    mutationFn: () => callEndpoint(purchasesApi.linkedAccountUnlink),
    onSuccess: async () => {
      setAskUnlink(false);
      snack(T.unlinked, { type: "success" });
      await refresh();
    },
    onError: (err) => snack((err as Error).message, { type: "error" }),
  });

  async function link(password: string) {
    await callEndpoint(purchasesApi.linkedAccountLink, { bank: bank.trim(), account, consent: true, password });
    setAskPassword(false);
    setBank("");
    setAccount("");
    setConsent(false);
    snack(T.linked, { type: "success" });
    await refresh();
  }

  const current = linked.data?.account;
  return (
    <Stack gap="3" id="linked-account" data-testid="info-linked">
      <Heading as="h2" size="md">
        {T.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {T.hint}
      </Text>
      {linked.isPending ? (
        <Skeleton height="20" />
      ) : linked.isError ? (
        <LoadError message={linked.error.message} onRetry={() => void linked.refetch()} retrying={linked.isFetching} />
      ) : current ? (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="4">
          <Stack gap="0">
            <Text fontWeight="semibold" data-testid="info-linked-account">
              {current.accountMasked}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {T.since(current.createdAt)}
            </Text>
          </Stack>
          <Button variant="outline" colorPalette="red" onClick={() => setAskUnlink(true)} data-testid="info-unlink">
            {T.unlink}
          </Button>
        </Flex>
      ) : (
        <Stack
          as="form"
          gap="3"
          onSubmit={(e) => {
            e.preventDefault();
            if (bank.trim() && account && consent) setAskPassword(true);
          }}
        >
          <Flex gap="3" direction={{ base: "column", sm: "row" }}>
            <Field.Root required flex="1">
              <Field.Label>{T.bank}</Field.Label>
              <Input value={bank} onChange={(e) => setBank(e.target.value)} placeholder="국민은행" maxLength={40} data-testid="link-bank" />
            </Field.Root>
            <Field.Root required flex="2">
              <Field.Label>{T.account}</Field.Label>
              <Input
                value={account}
                onChange={(e) => setAccount(e.target.value.replace(/\D/g, "").slice(0, 20))}
                inputMode="numeric"
                data-testid="link-account"
              />
              <Field.HelperText>{T.accountHelp}</Field.HelperText>
            </Field.Root>
          </Flex>
          <Checkbox.Root
            checked={consent}
            onCheckedChange={(d) => setConsent(d.checked === true)}
            colorPalette="brand"
            data-testid="link-consent"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{T.consent}</Checkbox.Label>
          </Checkbox.Root>
          <Flex justify="flex-end">
            <Button type="submit" colorPalette="brand" disabled={!bank.trim() || account.length < 6 || !consent} data-testid="link-submit">
              {T.link}
            </Button>
          </Flex>
        </Stack>
      )}
      <PasswordDialog open={askPassword} onClose={() => setAskPassword(false)} onSubmit={link} />
      <ConfirmDialog
        open={askUnlink}
        message={T.unlinkConfirm}
        onConfirm={() => unlink.mutate()}
        onClose={() => setAskUnlink(false)}
        loading={unlink.isPending}
        alert
        testId="unlink-confirm"
      />
    </Stack>
  );
}

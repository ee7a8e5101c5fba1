import { useState } from "react";
import { Badge, Button, Field, Heading, HStack, Input, Stack, Table } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { Msg } from "@domain/messages";
import { bankCreateBody, type BankRowDto } from "@domain/schemas/deposit-accounts";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { ApiError } from "../../api/client";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { PlainTable } from "../../components/list/PlainTable";
import { rowActivation } from "../../components/list/rowActivation";
import { useListQuery } from "../../components/list/useListQuery";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";

const B = L.bank;
const EMPTY = { bank: "", account: "", name: "", nickname: "" };
const fail = (e: unknown) => snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });

/** /admin/address/bank: deposit accounts; one is main (what the member's buy step 2 shows). */
export function DepositAccountsPage() {
  const qc = useQueryClient();
  // Every account at once: the server does not page this list.
  const list = useListQuery("bankList", { paged: false });
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [making, setMaking] = useState<{ id: number; bankName: string; bankAccount: string } | null>(null);
  const reload = () => void qc.invalidateQueries({ queryKey: endpointKey("bankList") });
  const chosen = list.rows?.find((b) => b.id === selected) ?? null;

  const setMain = useMutation({
    mutationFn: (id: number) => callEndpoint("bankSetMain", { id }),
    onSuccess: () => {
      snack(Msg.bankMainSet, { type: "success" });
      reload();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint("bankDelete", { id }),
    onSuccess: () => {
      snack(Msg.bankRemoved, { type: "success" });
      setSelected(null);
      reload();
    },
    onError: fail,
    onSettled: () => setRemoving(false),
  });

  function onSetMain() {
    if (!chosen) return snack(Msg.selectItem, { type: "error" });
    if (chosen.isMain) return snack(Msg.bankAlreadyMain, { type: "info" });
    // Every member's buy page names this account: asked first, with the account.
    setMaking(chosen);
  }
  function onRemove() {
    if (!chosen) return snack(Msg.selectItem, { type: "error" });
    if (chosen.isMain) return snack(Msg.bankMainNotRemovable, { type: "error" });
    setRemoving(true);
  }

  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {B.title}
      </Heading>
      <HStack gap="2" justify="flex-end">
        <Button size="sm" variant="outline" onClick={onSetMain} loading={setMain.isPending} data-testid="bank-set-main">
          {B.setMain}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={() => setAdding(true)} data-testid="bank-add">
          {B.add}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove} data-testid="bank-remove">
          {B.remove}
        </Button>
      </HStack>
      <PlainTable
        testId="bank-table"
        interactive
        headers={[
          { label: "" },
          { label: B.id },
          { label: B.bankName },
          { label: B.bankAccount },
          { label: B.ownerName },
          { label: B.nickname },
          { label: B.isMain },
        ]}
        loading={list.loading}
        error={list.error}
        empty={list.rows?.length === 0 ? Msg.noResults : null}
      >
        {(list.rows ?? []).map((b) => (
          <BankRow key={b.id} b={b} selected={b.id === selected} onSelect={() => setSelected(b.id)} />
        ))}
      </PlainTable>
      <FormDialog
        open={adding}
        onClose={() => setAdding(false)}
        title={B.addTitle}
        schema={bankCreateBody}
        defaultValues={EMPTY}
        testId="bank-add-dialog"
        onSubmit={async (v) => {
          try {
            await callEndpoint("bankCreate", { ...v, nickname: v.nickname ?? undefined });
            snack(Msg.bankAdded, { type: "success" });
            setAdding(false);
            reload();
          } catch (e) {
            fail(e);
          }
        }}
      >
        {(form) => (
          <>
            {(
              [
                ["bank", B.bankName, B.bankPlaceholder, true],
                ["account", B.bankAccount, B.accountPlaceholder, true],
                ["name", B.ownerName, B.namePlaceholder, true],
                ["nickname", B.nickname, B.nicknamePlaceholder, false],
              ] as const
            ).map(([name, label, placeholder, required]) => (
              <Field.Root key={name} required={required} invalid={Boolean(form.formState.errors[name])}>
                <Field.Label>
                  {label}
                  {required && <Field.RequiredIndicator />}
                </Field.Label>
                <Input {...form.register(name)} placeholder={placeholder} maxLength={40} data-testid={`bank-add-${name}`} />
                <Field.ErrorText data-testid={`bank-add-${name}-error`}>
                  {form.formState.errors[name]?.message as string | undefined}
                </Field.ErrorText>
              </Field.Root>
            ))}
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={making !== null}
        message={making ? `${Msg.bankMainConfirm}\n${making.bankName} ${making.bankAccount}` : ""}
        onConfirm={() => {
          if (making) setMain.mutate(making.id);
          setMaking(null);
        }}
        onClose={() => setMaking(null)}
        testId="bank-main-confirm"
      />
      <ConfirmDialog
        open={removing}
        message={Msg.bankRemoveConfirm}
        loading={remove.isPending}
        onConfirm={() => chosen && remove.mutate(chosen.id)}
        onClose={() => setRemoving(false)}
        testId="bank-remove-confirm"
      />
    </Stack>
  );
}

function BankRow({ b, selected, onSelect }: { b: BankRowDto; selected: boolean; onSelect: () => void }) {
  return (
    <Table.Row
      {...rowActivation(onSelect)}
      aria-selected={selected}
      bg={selected ? "bg.emphasized" : undefined}
      data-testid="bank-row"
      data-selected={selected}
    >
      <Table.Cell>
        <input type="radio" name="bank-select" checked={selected} onChange={onSelect} aria-label={`${b.bankName} ${b.bankAccount}`} />
      </Table.Cell>
      <Table.Cell>{b.id}</Table.Cell>
      <Table.Cell>{b.bankName}</Table.Cell>
      <Table.Cell>{b.bankAccount}</Table.Cell>
      <Table.Cell>{b.ownerName}</Table.Cell>
      <Table.Cell>{b.nickname ?? "-"}</Table.Cell>
      <Table.Cell>{b.isMain && <Badge colorPalette="green">{B.isMain}</Badge>}</Table.Cell>
    </Table.Row>
  );
}

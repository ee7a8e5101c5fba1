import { useState, type FormEvent } from "react";
import { Button, Code, Field, HStack, Input, Table } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDate, formatDateTime } from "@domain/format";
import { callEndpoint } from "../../api/endpoints";
import { PlainTable } from "../../components/list/PlainTable";
import { snack } from "../../components/ui/toaster";
import { Section } from "./cells";
import { MERCHANT_KEYS_MAX, ML } from "./merchants.labels";
import { failure, refreshSelf, type MerchantKey } from "./own";
import { ShownOnceDialog } from "./ShownOnceDialog";

const K = ML.keys;
const LABEL_MAX = 40;

/**
 * The merchant's API keys: label, prefix, dates. A new key is shown whole once (ShownOnceDialog); several live at once,
 * so a key rotates without downtime (make, deploy, revoke the old one). Revoking asks first: the key is refused at once.
 */
export function KeysCard({ keys }: { keys: MerchantKey[] }) {
  const qc = useQueryClient();
  const [label, setLabel] = useState("");
  const [labelError, setLabelError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<MerchantKey | null>(null);
  const full = keys.length >= MERCHANT_KEYS_MAX;

  const create = useMutation({
    mutationFn: (l: string) => callEndpoint("merchantKeyCreate", { label: l }),
    onSuccess: (k) => {
      setMade(k.key);
      setLabel("");
      void refreshSelf(qc);
    },
    // The refusal (five keys already, …) is said at the field it came from.
    onError: (e) => setLabelError(failure(e)),
  });
  const revoke = useMutation({
    mutationFn: (keyId: number) => callEndpoint("merchantKeyRevoke", { keyId }),
    onSuccess: () => {
      snack(K.revoked, { type: "success" });
      void refreshSelf(qc);
    },
    onError: (e) => snack(failure(e), { type: "error" }),
    onSettled: () => setRevoking(null),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const l = label.trim();
    if (!l) return setLabelError(K.labelRequired);
    if (l.length > LABEL_MAX) return setLabelError(K.labelTooLong);
    setLabelError(null);
    create.mutate(l);
  }

  return (
    <Section title={K.title} hint={K.rotation} testId="merchant-keys">
      <form onSubmit={submit}>
        <Field.Root invalid={Boolean(labelError)} maxW="xl">
          <Field.Label>{K.label}</Field.Label>
          <HStack w="full" gap="2">
            <Input
              value={label}
              onChange={(e) => {
                setLabel(e.target.value);
                setLabelError(null);
              }}
              maxLength={LABEL_MAX}
              placeholder={K.labelPlaceholder}
              disabled={full}
              data-testid="key-label"
            />
            <Button
              type="submit"
              colorPalette="brand"
              flexShrink={0}
              loading={create.isPending}
              loadingText={K.create}
              disabled={full}
              data-testid="key-create"
            >
              {K.create}
            </Button>
          </HStack>
          <Field.ErrorText data-testid="key-label-error">{labelError}</Field.ErrorText>
          {full && !labelError && <Field.HelperText data-testid="key-limit">{K.limit}</Field.HelperText>}
        </Field.Root>
      </form>
      <PlainTable
        testId="keys-table"
        caption={K.title}
        wide
        headers={[{ label: K.label }, { label: K.key }, { label: K.createdAt }, { label: K.lastUsedAt }, { label: K.actions }]}
        loading={false}
        empty={keys.length === 0 ? K.empty : null}
      >
        {keys.map((k) => (
          <Table.Row key={k.id} data-testid={`key-row-${k.id}`}>
            <Table.Cell>{k.label}</Table.Cell>
            <Table.Cell>
              <Code fontSize="xs" data-testid={`key-prefix-${k.id}`}>{`${k.prefix}…`}</Code>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(k.createdAt)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : K.neverUsed}</Table.Cell>
            <Table.Cell>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(k)} data-testid={`key-revoke-${k.id}`}>
                {K.revoke}
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </PlainTable>
      <ShownOnceDialog
        value={made}
        title={K.made}
        what={K.madeLabel}
        notice={K.shownOnce}
        testId="key-shown"
        onClose={() => setMade(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? K.revokeConfirm(revoking.label) : ""}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
        testId="key-revoke-confirm"
      />
    </Section>
  );
}

import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Alert, Button, Checkbox, DataList, Flex, Heading, Link, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { BankInfo, BuyInfo } from "@domain/schemas/purchases";
import { BuyMethodPicker, type BuyMethod } from "./BuyMethodPicker";
import { CopyButton } from "../../components/CopyButton";
import { BuyLabels as L } from "./buy.labels";

export interface BuyConfirmStepProps {
  value: number;
  /** The main deposit account; null: none set; undefined: being read again. */
  bankInfo: BankInfo | null | undefined;
  /** The member's linked account (null: none). */
  linkedAccount: BuyInfo["linkedAccount"] | undefined;
  method: BuyMethod;
  onMethod: (m: BuyMethod) => void;
  onPrev: () => void;
  /** Opens the password dialog. */
  onSubmit: () => void;
}

/** Step 2: how to pay, where to deposit (or which account is debited), the acknowledgements, then the password dialog. */
export function BuyConfirmStep({ value, bankInfo, linkedAccount, method, onMethod, onPrev, onSubmit }: BuyConfirmStepProps) {
  const checks = method === "linked" ? L.linkedChecks : L.checks;
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const allChecked = checks.every((c) => checked[c]);
  const ready = method === "deposit" ? !!bankInfo : method === "linked" ? !!linkedAccount : true;

  return (
    <Stack gap="5">
      <BuyMethodPicker value={method} onChange={onMethod} />
      {method === "virtual" && (
        <Stack gap="2" borderWidth="1px" borderRadius="md" p="4" data-testid="buy-virtual">
          <Text>{L.virtualNote}</Text>
          <Text fontWeight="bold" data-testid="buy-confirm-amount">
            {L.depositAmount} {L.won(formatWon(value))}
          </Text>
        </Stack>
      )}
      {method === "linked" &&
        (linkedAccount ? (
          <DataList.Root orientation="horizontal" borderWidth="1px" borderRadius="md" p="4" data-testid="buy-linked">
            <DataList.Item>
              <DataList.ItemLabel>{L.linkedFrom}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="buy-linked-account">{linkedAccount.accountMasked}</DataList.ItemValue>
            </DataList.Item>
            <AmountItem value={value} />
          </DataList.Root>
        ) : (
          <Alert.Root status="info" data-testid="buy-no-linked">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{L.noLinked}</Alert.Title>
              <Link asChild colorPalette="brand" fontWeight="medium">
                <RouterLink to="/info/detail#linked-account">{L.linkAccount}</RouterLink>
              </Link>
            </Alert.Content>
          </Alert.Root>
        ))}
      {method === "deposit" && (
        <Stack gap="2">
          <Heading as="h2" size="md">
            {L.account}
          </Heading>
          {bankInfo === undefined ? (
            <Skeleton height="36" borderRadius="md" data-testid="buy-bank-loading" />
          ) : bankInfo ? (
            <DataList.Root orientation="horizontal" borderWidth="1px" borderRadius="md" p="4" data-testid="buy-bank">
              <DataList.Item>
                <DataList.ItemLabel>{L.bankName}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="buy-bank-name">{bankInfo.bankName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{L.bankAccount}</DataList.ItemLabel>
                <DataList.ItemValue alignItems="center" gap="1" flexWrap="wrap">
                  <Text as="span" data-testid="buy-bank-account" wordBreak="break-all">
                    {bankInfo.bankAccount}
                  </Text>
                  <CopyButton text={bankInfo.bankAccount} what={L.bankAccount} data-testid="buy-copy-account" />
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{L.ownerName}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="buy-bank-owner">{bankInfo.ownerName}</DataList.ItemValue>
              </DataList.Item>
              <AmountItem value={value} />
            </DataList.Root>
          ) : (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{Msg.noMainBank}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}

      <Stack as="fieldset" gap="3">
        <Text as="legend" fontWeight="medium" mb="2">
          {L.checksTitle}
        </Text>
        {checks.map((label, i) => (
          <Checkbox.Root
            key={label}
            checked={checked[label] === true}
            onCheckedChange={(d) => setChecked((c) => ({ ...c, [label]: d.checked === true }))}
            alignItems="flex-start"
            colorPalette="brand"
            data-testid={`buy-check-${i + 1}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>

      <Flex gap="3" justify="flex-end">
        <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }} minW="28" onClick={onPrev} data-testid="buy-prev">
          {L.prev}
        </Button>
        <Button
          size="lg"
          flex={{ base: "1", sm: "initial" }}
          minW="28"
          disabled={!allChecked || !ready}
          onClick={onSubmit}
          colorPalette="brand"
          data-testid="buy-submit"
        >
          {method === "linked" ? L.chargeSubmit : L.submit}
        </Button>
      </Flex>
    </Stack>
  );
}

/** The amount to pay, as the deposit and linked-account steps both show it. */
function AmountItem({ value }: { value: number }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{L.depositAmount}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="bold" data-testid="buy-confirm-amount">
        {L.won(formatWon(value))}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

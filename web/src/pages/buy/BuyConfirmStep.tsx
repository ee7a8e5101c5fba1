import { useState } from "react";
import { Alert, Button, Checkbox, DataList, Flex, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { Msg } from "@domain/messages";
import type { BankInfo } from "@domain/schemas/purchases";
import { CopyButton } from "../../components/CopyButton";
import { BuyLabels as L } from "./buy.labels";

export interface BuyConfirmStepProps {
  value: number;
  /** The main deposit account; null: none set; undefined: being read again. */
  bankInfo: BankInfo | null | undefined;
  onPrev: () => void;
  /** Opens the password dialog. */
  onSubmit: () => void;
}

/** Step 2: where to deposit, the three acknowledgements, then the password dialog. */
export function BuyConfirmStep({ value, bankInfo, onPrev, onSubmit }: BuyConfirmStepProps) {
  const [checked, setChecked] = useState<boolean[]>(() => L.checks.map(() => false));
  const allChecked = checked.every(Boolean);

  return (
    <Stack gap="5">
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
            <DataList.Item>
              <DataList.ItemLabel>{L.depositAmount}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="bold" data-testid="buy-confirm-amount">
                {L.won(formatWon(value))}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        ) : (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{Msg.noMainBank}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>

      <Stack as="fieldset" gap="3">
        <Text as="legend" fontWeight="medium" mb="2">
          {L.checksTitle}
        </Text>
        {L.checks.map((label, i) => (
          <Checkbox.Root
            key={label}
            checked={checked[i]}
            onCheckedChange={(d) => setChecked((c) => c.map((v, j) => (j === i ? d.checked === true : v)))}
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
          disabled={!allChecked || !bankInfo}
          onClick={onSubmit}
          colorPalette="brand"
          data-testid="buy-submit"
        >
          {L.submit}
        </Button>
      </Flex>
    </Stack>
  );
}

import { RadioCard, Stack } from "@chakra-ui/react";
import { BuyLabels as L } from "./buy.labels";

export type BuyMethod = "virtual" | "linked" | "deposit";
export const BUY_METHODS: BuyMethod[] = ["virtual", "linked", "deposit"];

/** 결제 방법: the order's own virtual account (default), the linked account, or the main account an operator checks. */
export function BuyMethodPicker({ value, onChange }: { value: BuyMethod; onChange: (m: BuyMethod) => void }) {
  return (
    <RadioCard.Root value={value} onValueChange={(d) => onChange(d.value as BuyMethod)} colorPalette="brand" size="sm">
      <RadioCard.Label fontWeight="semibold" fontSize="md">
        {L.method}
      </RadioCard.Label>
      <Stack gap="2" direction={{ base: "column", md: "row" }} align="stretch">
        {BUY_METHODS.map((m) => (
          <RadioCard.Item key={m} value={m} flex="1" data-testid={`buy-method-${m}`}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{L.methods[m].title}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{L.methods[m].text}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </Stack>
    </RadioCard.Root>
  );
}

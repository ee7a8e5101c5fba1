import { Field, Input, Stack, Text } from "@chakra-ui/react";
import { L } from "../../labels";
import type { PickedAddress } from "../../lib/postcode";
import { addressLine } from "../../lib/postcode";
import { AddressSearch } from "./AddressSearch";

/** Search (or type) a road / lot-number address, then the detail address. */
export function AddressPicker({ value, onChange }: { value: PickedAddress | null; onChange: (a: PickedAddress | null) => void }) {
  return (
    <Stack gap="3">
      <AddressSearch onPick={(a) => onChange({ ...a, detail: value?.detail ?? "" })} />
      {value && (
        <>
          <Text fontSize="sm" data-testid="address-picked">
            {addressLine({ ...value, detail: "" })}
          </Text>
          <Field.Root>
            <Field.Label fontSize="sm">{L.address.detail}</Field.Label>
            <Input
              maxLength={50}
              value={value.detail ?? ""}
              onChange={(e) => onChange({ ...value, detail: e.target.value })}
              data-testid="address-detail"
            />
          </Field.Root>
        </>
      )}
    </Stack>
  );
}

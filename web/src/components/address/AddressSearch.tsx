import { Box, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { L } from "../../labels";
import { fromDaum, loadDaumPostcode, type PickedAddress } from "../../lib/postcode";
import { RadioChoices } from "../RadioChoices";

/**
 * The typed base address: "(zonecode) base detail" (the detail up to 50) must fit the 200 characters the server
 * keeps for a home address: 2 + 5 + 1 + 140 + 1 + 50 = 199.
 */
const BASE_ADDRESS_MAX = 140;

type Mode = "loading" | "daum" | "manual";

/**
 * Postal address search: the Daum postcode widget when its script loads, otherwise (offline,
 * blocked) a plain form choosing road-name or lot-number address and typing it.
 */
export function AddressSearch({ onPick }: { onPick: (a: PickedAddress) => void }) {
  const [mode, setMode] = useState<Mode>("loading");
  const [open, setOpen] = useState(false);
  const embedRef = useRef<HTMLDivElement>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;

  useEffect(() => {
    let live = true;
    void loadDaumPostcode().then((ctor) => live && setMode(ctor ? "daum" : "manual"));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (mode !== "daum" || !open || !embedRef.current || !window.daum?.Postcode) return;
    new window.daum.Postcode({
      width: "100%",
      height: "100%",
      oncomplete: (d) => {
        setOpen(false);
        onPickRef.current(fromDaum(d));
      },
    }).embed(embedRef.current);
  }, [mode, open]);

  if (mode === "loading")
    return (
      <Button size="sm" variant="outline" loading disabled>
        {L.address.search}
      </Button>
    );
  if (mode === "manual") return <ManualAddressForm onPick={onPick} />;
  return (
    <Stack gap="2">
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setOpen((o) => !o)} data-testid="address-search">
        {L.address.search}
      </Button>
      {open && <Box ref={embedRef} h="420px" borderWidth="1px" borderRadius="md" overflow="hidden" data-testid="address-daum" />}
    </Stack>
  );
}

function ManualAddressForm({ onPick }: { onPick: (a: PickedAddress) => void }) {
  const [type, setType] = useState<"R" | "J">("R");
  const [zonecode, setZonecode] = useState("");
  const [address, setAddress] = useState("");
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" data-testid="address-manual">
      <Text fontSize="xs" color="fg.muted">
        {L.address.manualNotice}
      </Text>
      <RadioChoices
        value={type}
        onChange={setType}
        choices={[
          ["R", L.address.road],
          ["J", L.address.jibun],
        ]}
        testIdPrefix="address-type"
        gap="5"
        size="sm"
      />
      <HStack gap="2" align="flex-end">
        <Field.Root maxW="32">
          <Field.Label fontSize="xs">{L.address.zonecode}</Field.Label>
          <Input
            size="sm"
            inputMode="numeric"
            maxLength={5}
            value={zonecode}
            onChange={(e) => setZonecode(e.target.value.replace(/\D/g, ""))}
            data-testid="address-zonecode"
          />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label fontSize="xs">{type === "R" ? L.address.road : L.address.jibun}</Field.Label>
          <Input
            size="sm"
            maxLength={BASE_ADDRESS_MAX}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="address-base-input"
          />
        </Field.Root>
      </HStack>
      <Button
        size="sm"
        colorPalette="brand"
        alignSelf="flex-end"
        disabled={!address.trim()}
        onClick={() => onPick({ type, zonecode, address: address.trim() })}
        data-testid="address-choose"
      >
        {L.address.choose}
      </Button>
    </Stack>
  );
}

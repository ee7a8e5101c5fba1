import { Box, Checkbox, HStack, Link, Separator, Stack } from "@chakra-ui/react";
import { L } from "../../labels";

export const CONSENTS = [
  { id: "terms", label: L.signup.terms, to: "/policy/clause" },
  { id: "privacy", label: L.signup.privacy, to: "/policy/personal" },
  { id: "voucher", label: L.signup.voucher, to: "/policy/giftcard" },
] as const;
export type ConsentId = (typeof CONSENTS)[number]["id"];
export type Consents = Record<ConsentId, boolean>;

/** The three required consents and 'agree all'; each policy opens in a new tab. */
export function SignupConsents({ value, onChange }: { value: Consents; onChange: (v: Consents) => void }) {
  const all = CONSENTS.every((c) => value[c.id]);
  const some = CONSENTS.some((c) => value[c.id]);
  return (
    <Stack gap="4">
      <Checkbox.Root
        checked={all ? true : some ? "indeterminate" : false}
        onCheckedChange={() => onChange({ terms: !all, privacy: !all, voucher: !all })}
        colorPalette="brand"
        fontWeight="bold"
        data-testid="signup-agree-all"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{L.signup.agreeAll}</Checkbox.Label>
      </Checkbox.Root>
      <Separator />
      {CONSENTS.map((c) => (
        <HStack key={c.id} justify="space-between">
          <Checkbox.Root
            checked={value[c.id]}
            onCheckedChange={(e) => onChange({ ...value, [c.id]: e.checked === true })}
            colorPalette="brand"
            data-testid={`signup-consent-${c.id}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{c.label}</Checkbox.Label>
          </Checkbox.Root>
          <Box flexShrink={0}>
            <Link
              href={c.to}
              target="_blank"
              rel="noopener"
              fontSize="sm"
              color="fg.muted"
              textDecoration="underline"
              data-testid={`signup-view-${c.id}`}
            >
              {L.signup.view}
            </Link>
          </Box>
        </HStack>
      ))}
    </Stack>
  );
}

import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { AddressPicker } from "../components/address/AddressPicker";
import { L } from "../labels";
import { usePageTitle } from "../lib/usePageTitle";
import type { PickedAddress } from "../lib/postcode";

/** Hands the chosen address to the native app (React Native WebView), else to the embedding window. */
function sendToApp(addr: PickedAddress): PickedAddress {
  const message = JSON.stringify(addr);
  if (window.ReactNativeWebView?.postMessage) window.ReactNativeWebView.postMessage(message);
  else if (window.parent && window.parent !== window) window.parent.postMessage(message, "*");
  return addr;
}

/** /mobile_address: the address picker for the mobile app's web view. */
export default function MobileAddressPage() {
  usePageTitle(L.address.mobileTitle);
  const [picked, setPicked] = useState<PickedAddress | null>(null);
  const [sent, setSent] = useState<PickedAddress | null>(null);
  return (
    <Container maxW="md" pt="20" pb="10" px="4">
      <Stack gap="5" bg="bg" borderWidth="1px" borderRadius="xl" p="5" data-testid="mobile-address-page">
        <Heading size="lg">{L.address.mobileTitle}</Heading>
        <AddressPicker value={picked} onChange={setPicked} />
        <Button
          colorPalette="brand"
          disabled={!picked}
          onClick={() => picked && setSent(sendToApp({ ...picked, detail: picked.detail?.trim() ?? "" }))}
          data-testid="mobile-address-send"
        >
          {L.address.choose}
        </Button>
        {sent && (
          <Box>
            <Text fontSize="sm" fontWeight="semibold" mb="1">
              {L.address.sent}
            </Text>
            {/* The address as a person reads it (the app receives the JSON). */}
            <Text wordBreak="keep-all" data-testid="mobile-address-sent">
              {`(${sent.zonecode}) ${sent.address}${sent.detail ? ` ${sent.detail}` : ""}`}
            </Text>
          </Box>
        )}
      </Stack>
    </Container>
  );
}

import { Box, Text } from "@chakra-ui/react";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import { QR_BADGE_SCROLL } from "../../config";
import { L } from "../../labels";

/** A floating app-download QR that appears after ~1080 px of scroll. */
export function LandingQrBadge() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY >= QR_BADGE_SCROLL);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!shown) return null;
  return (
    <Box
      position="fixed"
      right={{ base: "3", md: "8" }}
      bottom={{ base: "3", md: "8" }}
      zIndex="docked"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      boxShadow="lg"
      p="3"
      textAlign="center"
      data-testid="landing-qr-badge"
    >
      <QRCodeSVG value={window.location.origin} size={88} role="img" aria-label={L.landing.qrBadgeAlt} />
      <Text fontSize="xs" mt="1" fontWeight="semibold">
        {L.landing.qrBadge}
      </Text>
    </Box>
  );
}

import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { QRCodeSVG } from "qrcode.react";
import type { MyInfo } from "@domain/schemas/members";
import { L } from "../../labels";
import { copyAndTell } from "@common/clipboard";

/** The QR payload other apps read to pay this member. */
export function qrPayload(info: MyInfo): string {
  return JSON.stringify({
    SPECIAL: "KRWVOUCHER",
    NAME: info.username,
    ADDRESS: info.wallets?.[0]?.address ?? info.address ?? "",
    PHONE: info.phonenumber,
  });
}

export function InfoQrCard({ info }: { info: MyInfo }) {
  const payload = qrPayload(info);
  return (
    <Stack align="center" gap="3" borderWidth="1px" borderRadius="lg" p="5">
      <Text fontWeight="semibold">{L.info.qr}</Text>
      <Box bg="qr.bg" p="2" data-testid="info-qr" data-payload={payload}>
        <QRCodeSVG value={payload} size={160} role="img" aria-label={L.info.qrAlt(info.wallets?.[0]?.address ?? info.address ?? "")} />
      </Box>
      <Button size="sm" variant="outline" onClick={() => void copyAndTell(payload, Msg.copiedQr)} data-testid="info-copy-qr">
        {L.info.copyQr}
      </Button>
    </Stack>
  );
}

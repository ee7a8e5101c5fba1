import { useState } from "react";
import { Alert, Box, Button, Card, Code, Field, HStack, Heading, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { copyAndTell } from "@common/clipboard";
import { Msg } from "@domain/messages";
import type { TotpEnabled, TotpSetup } from "@domain/schemas/operator-security";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { CopyIcon } from "../../components/ui/icons";
import { L } from "../../labels";

const S = L.security;

/** The secret in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Enrolling: the QR code of the new secret for the authenticator app, the secret as text for typing it in, and the
 * first code that confirms it.
 */
export function SecurityEnrolCard({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetup;
  onEnabled: (data: TotpEnabled) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const enable = useMutation({
    mutationFn: (otp: string) => callEndpoint("totpEnable", { otp }),
    onSuccess: onEnabled,
    onError: (e) => setError(e instanceof ApiError ? e.message : Msg.serverError),
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const otp = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(otp)) return setError(Msg.otpFormat);
    setError(null);
    enable.mutate(otp);
  }

  return (
    <Card.Root bg="card.bg" data-testid="security-enrol">
      <Card.Header>
        <Heading size="md">{S.start}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <Stack gap="3">
              <Text>{S.scan}</Text>
              <Box
                bg="qr.bg"
                p="3"
                alignSelf="flex-start"
                borderWidth="1px"
                borderColor="card.border"
                rounded="md"
                data-testid="security-totp-qr"
              >
                <QRCodeSVG value={setup.otpauthUrl} size={176} role="img" aria-label={S.qrLabel} />
              </Box>
              <Text fontSize="sm" color="fg.muted">
                {S.manual}
              </Text>
              <HStack>
                <Text fontSize="sm" fontWeight="semibold" flexShrink={0}>
                  {S.secret}
                </Text>
                <Code p="2" fontSize="md" letterSpacing="wider" wordBreak="break-all" data-testid="security-totp-secret">
                  {grouped(setup.secret)}
                </Code>
                <IconButton size="sm" variant="outline" aria-label={S.copy} onClick={() => void copyAndTell(setup.secret)}>
                  <CopyIcon />
                </IconButton>
              </HStack>
            </Stack>
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{S.enterCode}</Field.Label>
              <Input
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={S.codePlaceholder}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={7}
                maxW="xs"
                data-testid="security-totp-code"
              />
            </Field.Root>
            {error && (
              <Alert.Root status="error" role="alert" data-testid="security-enrol-error">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <HStack>
              <Button type="submit" colorPalette="brand" loading={enable.isPending} data-testid="security-totp-confirm">
                {S.confirm}
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={enable.isPending}>
                {S.cancel}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

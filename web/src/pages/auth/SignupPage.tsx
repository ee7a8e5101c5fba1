import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { L } from "../../labels";
import { usePageTitle } from "../../lib/usePageTitle";
import { useVerify } from "../../lib/useVerify";
import { signupTarget } from "../../lib/verifyPopup";
import { CONSENTS, SignupConsents, type Consents } from "./SignupConsents";

/** /signup: consents, then identity verification in a popup; the posted code decides the next page. */
export default function SignupPage() {
  usePageTitle(L.signup.title);
  const navigate = useNavigate();
  const [consents, setConsents] = useState<Consents>({ terms: false, privacy: false, voucher: false });
  const verify = useVerify("signup", (m) => navigate(signupTarget(m)));
  const ready = CONSENTS.every((c) => consents[c.id]);

  return (
    <Container maxW="md" pt={{ base: "24", md: "32" }} pb="20">
      <Stack gap="6" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "6", md: "8" }} data-testid="signup-page">
        <Heading size="2xl" textAlign="center">
          {L.signup.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {L.signup.intro}
        </Text>
        <SignupConsents value={consents} onChange={setConsents} />
        <Text fontSize="xs" color="fg.muted">
          {L.signup.minorNotice}
        </Text>
        <Button
          colorPalette="brand"
          size="lg"
          disabled={!ready}
          loading={verify.waiting}
          loadingText={L.signup.verifying}
          onClick={verify.start}
          data-testid="signup-verify"
        >
          {L.signup.verify}
        </Button>
      </Stack>
    </Container>
  );
}

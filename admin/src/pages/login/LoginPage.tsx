import { Box, Card, Center, Heading, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { saveSession, takeExpiredNotice } from "../../api/session";
import { snack } from "../../components/ui/toaster";
import { landingFor } from "../../screen-gates";
import { L } from "../../labels";
import { LoginForm } from "./LoginForm";

/** /admin/login: after login each operator goes to its landing screen (screens.ts). */
export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(() => {
    if (takeExpiredNotice()) snack(L.sessionExpired, { type: "warning" });
  }, []);
  return (
    <Center minH="100dvh" px="4" bg="bg.canvas">
      <title>{`${L.loginTitle} | ${L.appTitle}`}</title>
      <Card.Root w="full" maxW="sm" bg="card.bg" data-testid="admin-login">
        <Card.Header>
          <Text fontSize="sm" color="fg.muted">
            {L.appShortTitle}
          </Text>
          <Heading size="lg">{L.loginTitle}</Heading>
        </Card.Header>
        <Card.Body>
          <Box>
            <LoginForm
              onLoggedIn={({ accessToken, expiredAt, account, enrolOnly }) => {
                qc.clear();
                // OPERATOR_2FA=required and not enrolled: the session is kept on 내 보안 설정 until it enrols.
                const session = enrolOnly ? { ...account, enrolOnly } : account;
                saveSession(accessToken, expiredAt, session);
                void navigate(landingFor(session), { replace: true });
              }}
            />
          </Box>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

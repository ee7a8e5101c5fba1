import { Button, Container, Stack, Text } from "@chakra-ui/react";
import { ResultPages } from "@domain/messages";
import { usePageTitle } from "../lib/usePageTitle";
import { Navigate, useNavigate, useSearchParams } from "react-router";

/** /result?type=N: one message and one button (spec §2); an unknown type goes home. */
export default function ResultPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = params.get("type") ?? "";
  const page = /^\d+$/.test(type) ? ResultPages[Number(type)] : undefined;
  usePageTitle(page?.message ?? null);
  if (!page) return <Navigate to="/" replace />;
  return (
    <Container maxW="md" pt="40" pb="24">
      <Stack gap="10" align="center" textAlign="center" bg="bg" borderWidth="1px" borderRadius="xl" p="10" data-testid="result-page" data-type={type}>
        <Text fontSize="lg" fontWeight="semibold" data-testid="result-message">
          {page.message}
        </Text>
        <Button colorPalette="brand" size="lg" w="full" onClick={() => navigate(page.to, { replace: true })} data-testid="result-button">
          {page.button}
        </Button>
      </Stack>
    </Container>
  );
}

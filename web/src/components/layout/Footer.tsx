import { Box, Container, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { L } from "../../labels";

const POLICY_LINKS = [
  { to: "/policy/clause", label: L.policy.clause, testId: "footer-policy-clause" },
  { to: "/policy/personal", label: L.policy.personal, testId: "footer-policy-personal" },
  { to: "/policy/giftcard", label: L.policy.giftcard, testId: "footer-policy-giftcard" },
  { to: "/transparency", label: "투명성 보고", testId: "footer-transparency" },
  { to: "/changes", label: "변경 고지", testId: "footer-changes" },
];

/** Company details, contact e-mail and the three policies. */
export function Footer() {
  return (
    <Box as="footer" bg="footer.bg" color="footer.fg" py="10" fontSize="sm" data-testid="footer">
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <Stack gap="4">
          <HStack gap="4" wrap="wrap">
            {POLICY_LINKS.map((p) => (
              <Link key={p.to} asChild color="footer.link" fontWeight="semibold">
                <RouterLink to={p.to} data-testid={p.testId}>
                  {p.label}
                </RouterLink>
              </Link>
            ))}
          </HStack>
          <Stack gap="1">
            <Text>
              {L.footer.company} | {L.footer.ceo} | {L.footer.bizNo}
            </Text>
            <Text>{L.footer.address}</Text>
            <Text>
              {L.footer.contact}:{" "}
              <Link href={`mailto:${L.footer.email}`} color="footer.link" data-testid="footer-email">
                {L.footer.email}
              </Link>
            </Text>
          </Stack>
          <Text>{L.footer.copyright}</Text>
        </Stack>
      </Container>
    </Box>
  );
}

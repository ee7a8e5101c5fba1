import { Box, Container, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Link } from "react-router";
import { L } from "../../labels";

const SHORTCUTS = [
  { to: "/buy", label: L.landing.shortcutBuy, mark: "₩", testId: "shortcut-buy" },
  { to: "/send/use", label: L.landing.shortcutUse, mark: "🛒", testId: "shortcut-use" },
  { to: "/send/gift", label: L.landing.shortcutGift, mark: "🎁", testId: "shortcut-gift" },
  { to: "/info/history", label: L.landing.shortcutHistory, mark: "🧾", testId: "shortcut-history" },
];

export function LandingShortcuts() {
  return (
    <Container maxW="7xl" py={{ base: "14", md: "20" }} px={{ base: "4", md: "6" }}>
      <Heading size="2xl" mb="8">
        {L.landing.shortcuts}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: "3", md: "6" }}>
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to} data-testid={s.testId}>
            <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "5", md: "8" }} textAlign="center" _hover={{ borderColor: "brand.solid", boxShadow: "md" }} transition="all 0.2s">
              <Text fontSize="3xl" aria-hidden>
                {s.mark}
              </Text>
              <Text mt="2" fontWeight="bold">
                {s.label}
              </Text>
            </Box>
          </Link>
        ))}
      </SimpleGrid>
    </Container>
  );
}

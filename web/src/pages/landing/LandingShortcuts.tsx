import { Box, Container, Heading, Icon, SimpleGrid, Text } from "@chakra-ui/react";
import { LuGift, LuReceiptText, LuShoppingCart, LuWallet } from "react-icons/lu";
import { Link } from "react-router";
import { L } from "../../labels";

const SHORTCUTS = [
  { to: "/buy", label: L.landing.shortcutBuy, Icon: LuWallet, testId: "shortcut-buy" },
  { to: "/send/use", label: L.landing.shortcutUse, Icon: LuShoppingCart, testId: "shortcut-use" },
  { to: "/send/gift", label: L.landing.shortcutGift, Icon: LuGift, testId: "shortcut-gift" },
  { to: "/info/history", label: L.landing.shortcutHistory, Icon: LuReceiptText, testId: "shortcut-history" },
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
            <Box
              bg="bg"
              borderWidth="1px"
              borderRadius="xl"
              p={{ base: "5", md: "8" }}
              textAlign="center"
              _hover={{ borderColor: "brand.solid", boxShadow: "md" }}
              transition="all 0.2s"
            >
              <Icon fontSize="3xl" color="brand.fg" aria-hidden>
                <s.Icon />
              </Icon>
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

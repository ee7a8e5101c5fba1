import { Box, Container, Flex, HStack, Link } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useSession } from "../../api/useSession";
import { L } from "../../labels";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { HeaderAccount, HeaderBalance } from "./HeaderAccount";
import { HeaderBell } from "./HeaderBell";
import { HeaderDrawer } from "./HeaderDrawer";
import { HeaderNav } from "./HeaderNav";
import { useLogout } from "./useLogout";

function useScrolled(): boolean {
  // false until mounted: the landing page is pre-rendered at build time (unscrolled) and hydrated.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}

/** The fixed header: dark over the landing hero (white text keeps its contrast on any video frame), white once scrolled or hovered. `minimal` hides the menu. */
export function Header({ landing, minimal }: { landing: boolean; minimal: boolean }) {
  const { loggedIn } = useSession();
  const scrolled = useScrolled();
  const [hover, setHover] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const logout = useLogout();
  const onHero = landing && !scrolled && !hover;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      bg={onHero ? "header.bgOnHero" : "header.bg"}
      borderBottomWidth={onHero ? "0" : "1px"}
      borderColor="header.border"
      transition="background 0.2s"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      data-testid="header"
      data-transparent={onHero ? "true" : "false"}
    >
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link
            asChild
            fontWeight="black"
            fontSize="xl"
            color={onHero ? "header.fgOnHero" : "brand.fg"}
            _hover={{ textDecoration: "none" }}
          >
            <RouterLink to="/" data-testid="header-logo">
              {L.brand}
            </RouterLink>
          </Link>
          {!minimal && <HeaderNav onHero={onHero} />}
          {!minimal && (
            <HStack gap="2">
              {loggedIn && <HeaderBell color={onHero ? "header.fgOnHero" : "fg"} />}
              <Box display={{ base: "none", sm: "block" }}>
                <HeaderAccount loggedIn={loggedIn} onHero={onHero} onLogout={() => setConfirm(true)} />
              </Box>
              {/* Narrow screens: the balance stays in the header (the rest of the account is in the drawer). */}
              {loggedIn && (
                <Box display={{ base: "block", sm: "none" }} fontSize="sm" minW="0">
                  <HeaderBalance color={onHero ? "header.fgOnHero" : "fg"} testId="header-balance-compact" />
                </Box>
              )}
              <HeaderDrawer onHero={onHero} loggedIn={loggedIn} onLogout={() => setConfirm(true)} />
            </HStack>
          )}
        </Flex>
      </Container>
      <ConfirmDialog
        open={confirm}
        message={Msg.logoutConfirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          void logout();
        }}
        testId="logout-dialog"
      />
    </Box>
  );
}

import { Box, Button, Flex, HStack, Heading, IconButton, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { AdminAccount } from "../api/session";
import { OperatorPermission } from "@domain/constants";
import { MenuIcon, ShieldIcon } from "../components/ui/icons";
import { L } from "../labels";
import { SECURITY_PATH } from "../screen-gates";
import { LogoutButton } from "./LogoutButton";
import { NotifyBell } from "./NotifyBell";
import { ToolbarTotals } from "./ToolbarTotals";

export const TOOLBAR_H = "64px";

/** Top bar: menu button (narrow screens), title, for permission 0 the totals and the bell, 내 보안 설정 (from md), and logout. */
export function Toolbar({ account, onMenu }: { account: AdminAccount; onMenu: () => void }) {
  // A session limited to enrolling in two-factor login reads no totals and hears no notices.
  const full = account.permission === OperatorPermission.SUPER && !account.enrolOnly;
  return (
    <Box as="header" bg="toolbar.bg" color="toolbar.fg" data-testid="admin-toolbar" data-full={full}>
      <Flex h={TOOLBAR_H} align="center" gap="3" px={{ base: "2", md: "4" }}>
        <IconButton
          aria-label={L.openMenu}
          variant="ghost"
          color="toolbar.fg"
          _hover={{ bg: "whiteAlpha.200" }}
          hideFrom="lg"
          onClick={onMenu}
          data-testid="admin-menu-button"
        >
          <MenuIcon />
        </IconButton>
        <Heading asChild size="md" flexShrink={0}>
          <RouterLink to="/" data-testid="admin-toolbar-title">
            {L.appTitle}
          </RouterLink>
        </Heading>
        <Box flex="1" minW="0" hideBelow="xl">
          {full && <ToolbarTotals />}
        </Box>
        <Box flex="1" hideFrom="xl" />
        <HStack gap="2" flexShrink={0}>
          <Text fontSize="sm" color="toolbar.muted" hideBelow="md" data-testid="admin-toolbar-user">
            {account.username} · {L.permissionLabel(account.permission)}
          </Text>
          {full && <NotifyBell />}
          {/* Below md the drawer holds it: a phone's toolbar has no room left. */}
          <Button
            asChild
            size="sm"
            variant="outline"
            color="toolbar.fg"
            borderColor="whiteAlpha.500"
            _hover={{ bg: "whiteAlpha.200" }}
            hideBelow="md"
          >
            <RouterLink to={SECURITY_PATH} data-testid="admin-security-link">
              <ShieldIcon />
              {L.security.title}
            </RouterLink>
          </Button>
          <LogoutButton />
        </HStack>
      </Flex>
      {full && (
        <Box px={{ base: "3", md: "4" }} pb="2" hideFrom="xl">
          <ToolbarTotals />
        </Box>
      )}
    </Box>
  );
}

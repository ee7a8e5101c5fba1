import { useState } from "react";
import { Box, Button, CloseButton, Drawer, Flex, Portal } from "@chakra-ui/react";
import { Link as RouterLink, Outlet } from "react-router";
import type { AdminAccount } from "../api/session";
import { L } from "../labels";
import { SECURITY_PATH } from "../screen-gates";
import { ShieldIcon } from "../components/ui/icons";
import { SideMenu } from "./SideMenu";
import { Toolbar } from "./Toolbar";

/** Toolbar on top, the side menu fixed at wide widths and in a drawer behind the menu button below `lg`. */
export function AdminLayout({ account }: { account: AdminAccount }) {
  const [drawer, setDrawer] = useState(false);
  return (
    <Flex direction="column" minH="100dvh">
      <Toolbar account={account} onMenu={() => setDrawer(true)} />
      <Flex flex="1" align="stretch">
        <Box
          as="nav"
          aria-label="관리자 메뉴"
          hideBelow="lg"
          w="240px"
          flexShrink={0}
          bg="sidebar.bg"
          borderRightWidth="1px"
          position="sticky"
          top="0"
          alignSelf="flex-start"
          maxH="100dvh"
          overflowY="auto"
        >
          <SideMenu account={account} />
        </Box>
        <Box as="main" flex="1" minW="0" p={{ base: "4", md: "6" }}>
          <Outlet />
        </Box>
      </Flex>
      <Drawer.Root open={drawer} onOpenChange={(e) => setDrawer(e.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content data-testid="admin-drawer">
              <Drawer.Header>
                <Drawer.Title>{L.appShortTitle}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="0">
                <SideMenu account={account} onNavigate={() => setDrawer(false)} />
                {/* The toolbar shows 내 보안 설정 from md up; on a phone it is here. */}
                <Box px="3" pb="4" hideFrom="md">
                  <Button asChild variant="outline" size="sm" w="full">
                    <RouterLink to={SECURITY_PATH} onClick={() => setDrawer(false)} data-testid="admin-drawer-security">
                      <ShieldIcon />
                      {L.security.title}
                    </RouterLink>
                  </Button>
                </Box>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={L.closeMenu} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}

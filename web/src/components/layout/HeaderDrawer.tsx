import { Box, CloseButton, Drawer, IconButton, Link, Portal, Separator, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuMenu } from "react-icons/lu";
import { NavLink } from "react-router";
import { L } from "../../labels";
import { HeaderBalance } from "./HeaderAccount";
import { NAV } from "./nav";

/** Mobile menu: a hamburger that opens the whole menu in a drawer. */
export function HeaderDrawer({ onHero, loggedIn, onLogout }: { onHero: boolean; loggedIn: boolean; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton
          aria-label={L.nav.openMenu}
          variant="ghost"
          color={onHero ? "header.fgOnHero" : "fg"}
          display={{ base: "inline-flex", lg: "none" }}
          data-testid="header-menu-button"
        >
          <LuMenu size="24" />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="header-drawer">
            <Drawer.Header>
              <Drawer.Title>{L.brand}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                {loggedIn && (
                  <Box bg="brand.subtle" borderRadius="md" p="3">
                    <Text fontSize="xs" color="fg.muted">
                      {L.info.balance}
                    </Text>
                    <HeaderBalance />
                  </Box>
                )}
                {NAV.map((g) => (
                  <Stack key={g.to} gap="1">
                    {g.children ? (
                      <Text fontWeight="bold">{g.label}</Text>
                    ) : (
                      <DrawerLink to={g.to} label={g.label} testId={`drawer-${g.testId}`} onClick={close} bold />
                    )}
                    {g.children?.map((c) => (
                      <DrawerLink key={c.to} to={c.to} label={c.label} testId={`drawer-${c.testId}`} onClick={close} />
                    ))}
                  </Stack>
                ))}
                <Separator />
                {loggedIn ? (
                  <Link
                    as="button"
                    color="fg.muted"
                    onClick={() => {
                      close();
                      onLogout();
                    }}
                    data-testid="drawer-logout"
                  >
                    {L.nav.logout}
                  </Link>
                ) : (
                  <Stack gap="1">
                    <DrawerLink to="/login" label={L.nav.login} testId="drawer-login" onClick={close} />
                    <DrawerLink to="/signup" label={L.nav.signup} testId="drawer-signup" onClick={close} />
                  </Stack>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function DrawerLink({
  to,
  label,
  testId,
  onClick,
  bold,
}: {
  to: string;
  label: string;
  testId: string;
  onClick: () => void;
  bold?: boolean;
}) {
  return (
    <Link asChild pl={bold ? "0" : "3"} py="1" fontWeight={bold ? "bold" : "normal"} color="fg">
      <NavLink to={to} onClick={onClick} data-testid={testId}>
        {label}
      </NavLink>
    </Link>
  );
}

import { Box, Stack, Text } from "@chakra-ui/react";
import { NavLink } from "react-router";
import type { AdminAccount } from "../api/session";
import { menuFor } from "../screen-gates";

/** The side drawer's items; an item whose flag (spec §6) is off is shown disabled. */
export function SideMenu({ account, onNavigate }: { account: AdminAccount; onNavigate?: () => void }) {
  return (
    <Stack as="ul" gap="4" py="4" px="3" listStyleType="none" data-testid="admin-side-menu">
      {menuFor(account).map((g) => (
        <Box as="li" key={g.label}>
          <Text px="3" pb="1" fontSize="xs" fontWeight="semibold" color="sidebar.groupFg">
            {g.label}
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none">
            {g.items.map((it) => {
              const enabled = it.enabled;
              return (
                <Box as="li" key={it.to}>
                  {enabled ? (
                    <MenuLink to={it.to} label={it.label} testId={it.testId} onNavigate={onNavigate} />
                  ) : (
                    <Box
                      px="3"
                      py="2"
                      rounded="md"
                      fontSize="sm"
                      color="fg.subtle"
                      cursor="not-allowed"
                      aria-disabled="true"
                      data-testid={it.testId}
                      data-enabled="false"
                    >
                      {it.label}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function MenuLink({ to, label, testId, onNavigate }: { to: string; label: string; testId: string; onNavigate?: () => void }) {
  return (
    <Box
      asChild
      display="block"
      px="3"
      py="2"
      rounded="md"
      fontSize="sm"
      color="fg"
      _hover={{ bg: "bg.muted" }}
      css={{ "&.active": { bg: "sidebar.active", color: "sidebar.activeFg", fontWeight: "semibold" } }}
    >
      <NavLink to={to} end onClick={onNavigate} data-testid={testId} data-enabled="true">
        {label}
      </NavLink>
    </Box>
  );
}

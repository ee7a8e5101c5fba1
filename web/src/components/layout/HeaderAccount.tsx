import { Button, HStack, Link, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { useBalance } from "../../api/balance";
import { Link as RouterLink } from "react-router";
import { L } from "../../labels";

/** Right side of the header: balance + logout when logged in, else login / sign-up links. */
export function HeaderAccount({
  loggedIn,
  onHero,
  onLogout,
  compact,
}: {
  loggedIn: boolean;
  onHero: boolean;
  onLogout: () => void;
  compact?: boolean;
}) {
  const color = onHero ? "header.fgOnHero" : "fg";
  if (!loggedIn) {
    return (
      <HStack gap="4" fontSize="sm" fontWeight="medium">
        <Link asChild color={color}>
          <RouterLink to="/login" data-testid="header-login">
            {L.nav.login}
          </RouterLink>
        </Link>
        <Link asChild color={color}>
          <RouterLink to="/signup" data-testid="header-signup">
            {L.nav.signup}
          </RouterLink>
        </Link>
      </HStack>
    );
  }
  return (
    <HStack gap="3" fontSize="sm">
      {!compact && <HeaderBalance color={color} />}
      <Button
        size="xs"
        variant="outline"
        colorPalette={onHero ? "gray" : "brand"}
        color={color}
        onClick={onLogout}
        data-testid="header-logout"
      >
        {L.nav.logout}
      </Button>
    </HStack>
  );
}

export function HeaderBalance({ color = "fg", testId = "header-balance" }: { color?: string; testId?: string }) {
  const balance = useBalance(true);
  return (
    <Text fontWeight="bold" color={color} whiteSpace="nowrap" truncate data-testid={testId}>
      {balance.data ? `${formatWon(balance.data.balance)}${L.common.won}` : "-"}
    </Text>
  );
}

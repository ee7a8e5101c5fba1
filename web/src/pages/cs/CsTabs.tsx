import { Button, HStack } from "@chakra-ui/react";
import { NavLink, useLocation } from "react-router";
import { L } from "../../labels";

const TABS = [
  { to: "/cs/notify", label: L.nav.notice, testId: "cs-tab-notify" },
  { to: "/cs/inquiry", label: L.nav.inquiry, testId: "cs-tab-inquiry" },
  { to: "/cs/faq", label: L.nav.faq, testId: "cs-tab-faq" },
  { to: "/cs/event", label: L.nav.event, testId: "cs-tab-event" },
];

/** The customer-service tab bar: 공지사항, 1:1 문의, FAQ, 이벤트. */
export function CsTabs() {
  const { pathname } = useLocation();
  return (
    <HStack gap="2" mb="4" wrap="wrap" role="tablist">
      {TABS.map((t) => (
        <Button key={t.to} asChild size="sm" borderRadius="full" colorPalette="brand" variant={pathname === t.to ? "solid" : "outline"}>
          <NavLink to={t.to} role="tab" aria-selected={pathname === t.to} data-testid={t.testId}>
            {t.label}
          </NavLink>
        </Button>
      ))}
    </HStack>
  );
}

import { HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { useToolbarTotals } from "../api/queries";
import type { ToolbarData } from "../api/endpoints";
import { L } from "../labels";

const ORDER: (keyof ToolbarData)[] = ["masterTotal", "ownerTotal", "userTotal", "sales", "refunds", "gifts", "usage"];

/** The seven won totals of the permission-0 toolbar (GET /api/operation/toolbar). */
export function ToolbarTotals() {
  const q = useToolbarTotals(true);
  return (
    <HStack
      gap="5"
      overflowX="auto"
      // It scrolls sideways on narrow screens: focusable so a keyboard can scroll it (WCAG 2.1.1), named for screen readers.
      tabIndex={0}
      role="group"
      aria-label={L.toolbarTotalsLabel}
      focusVisibleRing="inside"
      data-testid="admin-toolbar-totals"
      title={q.isError ? q.error.message : undefined}
      css={{ scrollbarWidth: "none" }}
    >
      {ORDER.map((k) => (
        <Stack key={k} gap="0" flexShrink={0} data-testid={`admin-toolbar-${k}`}>
          <Text fontSize="2xs" color="toolbar.muted" whiteSpace="nowrap">
            {L.toolbarTotals[k]}
          </Text>
          <Skeleton loading={q.isPending} minW="12">
            <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap" color="toolbar.fg">
              {q.data ? `${formatWon(q.data[k])}${L.won}` : "-"}
            </Text>
          </Skeleton>
        </Stack>
      ))}
    </HStack>
  );
}

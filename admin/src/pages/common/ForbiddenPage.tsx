import { Box, EmptyState, Heading, VStack } from "@chakra-ui/react";
import { L } from "../../labels";

/** A screen the operator's rights do not cover (its menu item is disabled too). */
export function ForbiddenPage({ title }: { title: string }) {
  return (
    <Box>
      <Heading size="lg" mb="6" data-testid="admin-page-title">
        {title}
      </Heading>
      <EmptyState.Root bg="card.bg" borderWidth="1px" borderColor="card.border" rounded="lg" data-testid="admin-forbidden">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{L.forbidden}</EmptyState.Title>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

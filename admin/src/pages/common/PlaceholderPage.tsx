import { Box, EmptyState, Heading, VStack } from "@chakra-ui/react";
import { L } from "../../labels";

/** A screen whose API is not built yet: says so plainly instead of showing invented data. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Box>
      <Heading size="lg" mb="6" data-testid="admin-page-title">
        {title}
      </Heading>
      <EmptyState.Root bg="card.bg" borderWidth="1px" borderColor="card.border" rounded="lg" data-testid="admin-placeholder">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{L.preparing}</EmptyState.Title>
            <EmptyState.Description>{L.preparingDetail}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

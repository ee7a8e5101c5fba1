import { Box, EmptyState, Heading, VStack } from "@chakra-ui/react";
import { L } from "../../labels";

/** A titled screen that can only say one thing (not built yet, or not open to this operator). */
export function MessagePage({ title, message, detail, testId }: { title: string; message: string; detail?: string; testId: string }) {
  return (
    <Box>
      <Heading size="lg" mb="6" data-testid="admin-page-title">
        {title}
      </Heading>
      <EmptyState.Root bg="card.bg" borderWidth="1px" borderColor="card.border" rounded="lg" data-testid={testId}>
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{message}</EmptyState.Title>
            {detail && <EmptyState.Description>{detail}</EmptyState.Description>}
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

/** A screen whose API is not built yet: says so plainly instead of showing invented data. */
export const PlaceholderPage = ({ title }: { title: string }) => (
  <MessagePage title={title} message={L.preparing} detail={L.preparingDetail} testId="admin-placeholder" />
);

/** A screen the operator's rights do not cover (its menu item is disabled too). */
export const ForbiddenPage = ({ title }: { title: string }) => <MessagePage title={title} message={L.forbidden} testId="admin-forbidden" />;

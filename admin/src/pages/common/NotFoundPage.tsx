import { Button, Center, Heading, Text, VStack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { L } from "../../labels";

/** The not-found message with a link home; `inLayout` when it fills the layout's content area. */
export function NotFoundPage({ inLayout = false }: { inLayout?: boolean }) {
  return (
    <Center minH={inLayout ? "60vh" : "100dvh"} px="4" bg={inLayout ? undefined : "bg.canvas"} data-testid="admin-not-found">
      <title>{`${L.notFound} | ${L.appTitle}`}</title>
      <VStack gap="4" textAlign="center">
        <Text fontSize="5xl" fontWeight="bold" color="fg.subtle">
          404
        </Text>
        <Heading size="xl">{L.notFound}</Heading>
        <Text color="fg.muted">{L.notFoundDetail}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/" data-testid="admin-not-found-home">
            {L.goHome}
          </RouterLink>
        </Button>
      </VStack>
    </Center>
  );
}

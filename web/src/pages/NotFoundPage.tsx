import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Msg } from "@domain/messages";
import { Link } from "react-router";
import { L } from "../labels";
import { usePageTitle } from "../lib/usePageTitle";

export default function NotFoundPage() {
  usePageTitle(Msg.pageNotFound);
  return (
    <Container maxW="lg" pt="40" pb="24" textAlign="center" data-testid="not-found">
      <Stack gap="4" align="center">
        <Heading size="5xl" color="brand.fg">
          {L.notFound.title}
        </Heading>
        <Text>{Msg.pageNotFound}</Text>
        <Button asChild colorPalette="brand">
          <Link to="/">{L.nav.home}</Link>
        </Button>
      </Stack>
    </Container>
  );
}

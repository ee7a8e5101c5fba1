import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LINKS } from "../../config";
import { L } from "../../labels";

/** Features and the marketplace link. */
export function LandingMarket() {
  return (
    <Box bg="brand.subtle" py={{ base: "14", md: "24" }}>
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <Heading size="2xl" mb="8">
          {L.landing.featuresTitle}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mb="16">
          {L.landing.features.map((f) => (
            <Box key={f.title} bg="bg" borderRadius="xl" p="8">
              <Text fontWeight="bold" fontSize="lg" color="brand.fg">
                {f.title}
              </Text>
              <Text mt="2" color="fg.muted">
                {f.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Stack align="center" textAlign="center" gap="4" py="10">
          <Heading size="2xl">{L.landing.marketTitle}</Heading>
          <Text color="fg.muted">{L.landing.marketText}</Text>
          <Button asChild colorPalette="brand" size="lg">
            <a href={LINKS.market} target="_blank" rel="noopener noreferrer" data-testid="landing-market-link">
              {L.landing.marketLink}
            </a>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

import { Box, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { LINKS } from "../../config";
import { L } from "../../labels";

/** Full-height banner: an animated gradient stands in for the video, with the two store links. */
export function LandingHero() {
  return (
    <Box
      position="relative"
      minH="100dvh"
      display="flex"
      alignItems="center"
      color="hero.fg"
      bgGradient="to-br"
      gradientFrom="hero.from"
      gradientVia="hero.via"
      gradientTo="hero.to"
      backgroundSize="300% 300%"
      animation="heroShift 14s ease infinite"
      data-testid="landing-hero"
    >
      <Container maxW="7xl" px={{ base: "5", md: "6" }} pt="16">
        <Stack gap="6" maxW="2xl">
          <Heading as="h1" fontSize={{ base: "3xl", md: "5xl" }} lineHeight="short" fontWeight="black">
            {L.landing.heroTitle}
          </Heading>
          <Text fontSize={{ base: "md", md: "xl" }} opacity={0.9}>
            {L.landing.heroText}
          </Text>
          <HStack gap="3" wrap="wrap">
            <StoreButton href={LINKS.googlePlay} label={L.landing.googlePlay} icon="▶" testId="store-google" />
            <StoreButton href={LINKS.appStore} label={L.landing.appStore} icon="" testId="store-apple" />
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function StoreButton({ href, label, icon, testId }: { href: string; label: string; icon: string; testId: string }) {
  return (
    <Button asChild size="lg" variant="outline" color="hero.fg" borderColor="hero.fg" _hover={{ bg: "whiteAlpha.200" }}>
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {icon && <span aria-hidden>{icon}</span>} {label}
      </a>
    </Button>
  );
}

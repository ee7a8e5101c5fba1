import { Box, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useSyncExternalStore, type ReactNode } from "react";
import { FaApple, FaGooglePlay } from "react-icons/fa";
import { LINKS } from "../../config";
import { L } from "../../labels";

const REDUCED = "(prefers-reduced-motion: reduce)";

/** True when the visitor asked for less motion (follows the OS setting live). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(REDUCED);
      mq.addEventListener("change", cb);
      return () => mq.removeEventListener("change", cb);
    },
    () => window.matchMedia(REDUCED).matches,
    () => false,
  );
}

/**
 * Full-height banner: a short muted looping video (scripts/make-hero-video.sh) behind the title and
 * the two store links. With reduced motion, only its still poster shows.
 */
export function LandingHero() {
  const still = useReducedMotion();
  return (
    <Box
      position="relative"
      minH="100dvh"
      display="flex"
      alignItems="center"
      color="hero.fg"
      bg="hero.from"
      overflow="hidden"
      data-testid="landing-hero"
    >
      {still ? (
        <Box asChild position="absolute" inset="0" w="full" h="full" objectFit="cover">
          <img src="/media/hero-poster.jpg" alt="" data-testid="landing-hero-poster" />
        </Box>
      ) : (
        <Box asChild position="absolute" inset="0" w="full" h="full" objectFit="cover">
          <video
            autoPlay
            muted
            loop
            playsInline
            preload="auto"
            poster="/media/hero-poster.jpg"
            aria-hidden
            data-testid="landing-hero-video"
          >
            <source src="/media/hero.webm" type="video/webm" />
            <source src="/media/hero.mp4" type="video/mp4" />
          </video>
        </Box>
      )}
      <Box position="absolute" inset="0" bg="hero.scrim" aria-hidden />
      <Container position="relative" maxW="7xl" px={{ base: "5", md: "6" }} pt="16">
        <Stack gap="6" maxW="2xl">
          <Heading as="h1" id="landing-title" fontSize={{ base: "3xl", md: "5xl" }} lineHeight="short" fontWeight="black">
            {L.landing.heroTitle}
          </Heading>
          <Text fontSize={{ base: "md", md: "xl" }} opacity={0.9}>
            {L.landing.heroText}
          </Text>
          <HStack gap="3" wrap="wrap">
            <StoreButton href={LINKS.googlePlay} label={L.landing.googlePlay} icon={<FaGooglePlay />} testId="store-google" />
            <StoreButton href={LINKS.appStore} label={L.landing.appStore} icon={<FaApple />} testId="store-apple" />
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function StoreButton({ href, label, icon, testId }: { href: string; label: string; icon: ReactNode; testId: string }) {
  return (
    <Button asChild size="lg" variant="outline" color="hero.fg" borderColor="hero.fg" _hover={{ bg: "whiteAlpha.200" }}>
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {icon} {label}
      </a>
    </Button>
  );
}

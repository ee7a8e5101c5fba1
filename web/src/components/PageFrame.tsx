import { Box, Container, Heading, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/usePageTitle";

/** The content frame of an inner page: a title and a white card below the header. */
export function PageFrame({
  title,
  children,
  maxW = "4xl",
  aside,
}: {
  title: string;
  children: ReactNode;
  maxW?: ContainerProps["maxW"];
  aside?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container maxW={maxW} pt={{ base: "24", md: "28" }} pb="16" px={{ base: "4", md: "6" }}>
      <Heading as="h1" size={{ base: "xl", md: "2xl" }} mb="6" data-testid="page-title">
        {title}
      </Heading>
      {aside}
      <Box bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: "4", md: "8" }}>
        {children}
      </Box>
    </Container>
  );
}

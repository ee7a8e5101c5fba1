import { Box, HStack, Link, Stack } from "@chakra-ui/react";
import { NavLink } from "react-router";
import { NAV } from "./nav";

/** Desktop menu: top-level links, each group opening its sub-links on hover or focus. */
export function HeaderNav({ onHero }: { onHero: boolean }) {
  return (
    <HStack as="nav" gap="8" display={{ base: "none", lg: "flex" }} aria-label="주 메뉴">
      {NAV.map((g) => (
        <Box key={g.to} position="relative" className="group" py="5">
          <Link
            asChild
            fontWeight="semibold"
            color={onHero ? "header.fgOnHero" : "fg"}
            _hover={{ color: "brand.fg", textDecoration: "none" }}
          >
            <NavLink to={g.to} data-testid={g.testId}>
              {g.label}
            </NavLink>
          </Link>
          {g.children && (
            <Stack
              position="absolute"
              top="100%"
              left="50%"
              transform="translateX(-50%)"
              minW="36"
              gap="0"
              py="2"
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              boxShadow="md"
              display="none"
              _groupHover={{ display: "flex" }}
              _groupFocusWithin={{ display: "flex" }}
            >
              {g.children.map((c) => (
                <Link
                  key={c.to}
                  asChild
                  px="4"
                  py="2"
                  color="fg"
                  _hover={{ bg: "brand.subtle", color: "brand.fg", textDecoration: "none" }}
                >
                  <NavLink to={c.to} data-testid={c.testId}>
                    {c.label}
                  </NavLink>
                </Link>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </HStack>
  );
}

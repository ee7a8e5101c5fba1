import { Box, Center, Flex, Spinner } from "@chakra-ui/react";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { MaintenanceBanner } from "./MaintenanceBanner";

/** Header + page + footer. `minimal` (result and password pages) hides the menu and footer. */
export function AppLayout({ minimal = false }: { minimal?: boolean }) {
  const { pathname } = useLocation();
  // Block body: newer Chromium returns a Promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Flex direction="column" minH="100dvh">
      <Header landing={pathname === "/"} minimal={minimal} />
      <MaintenanceBanner />
      <Box as="main" flex="1">
        {/* Pages are loaded on first visit: a spinner holds their place for that moment. */}
        <Suspense
          fallback={
            <Center py="24" data-testid="page-loading">
              <Spinner color="brand.solid" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
      {!minimal && <Footer />}
    </Flex>
  );
}

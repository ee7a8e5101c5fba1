import { ScreenTitleContext } from "../components/list/screenTitle";
import { Suspense } from "react";
import { Navigate } from "react-router";
import { Skeleton, Stack } from "@chakra-ui/react";
import { WagmiProvider } from "wagmi";
import { useSession } from "../api/session";
import { wagmiConfig } from "../api/wagmi";
import { AdminLayout } from "../layout/AdminLayout";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { L } from "../labels";
import type { Screen } from "../screens";
import { canOpen, landingFor, redirectFor } from "../screen-gates";
import { ForbiddenPage, PlaceholderPage } from "../pages/common/PlaceholderPage";

/**
 * The signed-in shell: realtime notifications, toolbar and side drawer around the admin pages, and wagmi (the chain
 * reads' client, api/wagmi.ts) on the app's QueryClient. This module is loaded by the router only below a signed-in
 * route (router.tsx), so the login page does without it.
 */
export function LayoutRoute() {
  const { token, account } = useSession();
  if (!token || !account) return null;
  // A session limited to enrolling in two-factor login hears no notices (the server refuses its socket). The tree keeps
  // its shape when that ends, so the page that enrolled (showing the recovery codes) stays mounted.
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <RealtimeProvider token={account.enrolOnly ? null : token}>
        <AdminLayout account={account} />
      </RealtimeProvider>
    </WagmiProvider>
  );
}

/** /admin: the operator's landing screen. */
export function LandingRedirect() {
  const { account } = useSession();
  return account ? <Navigate to={landingFor(account)} replace /> : null;
}

/**
 * A screen behind its area's rule: shown when the operator may open it; permission 3 is redirected
 * as spec §6 says; anyone else refused sees "no access" (the server would refuse its calls anyway).
 */
export function ScreenGate({ screen }: { screen: Screen }) {
  const { account } = useSession();
  if (!account) return null;
  const to = redirectFor(screen, account);
  if (to) return <Navigate to={to} replace />;
  const Page = screen.component;
  return (
    <>
      <title>{`${screen.title} | ${L.appTitle}`}</title>
      {!canOpen(screen, account) ? (
        <ForbiddenPage title={screen.title} />
      ) : Page ? (
        <ScreenTitleContext.Provider value={screen.title}>
          <Suspense fallback={<PageSkeleton />}>
            <Page />
          </Suspense>
        </ScreenTitleContext.Provider>
      ) : (
        <PlaceholderPage title={screen.title} />
      )}
    </>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="4" data-testid="admin-page-loading">
      <Skeleton h="8" w="40" />
      <Skeleton h="64" />
    </Stack>
  );
}

import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from "react-router";
import { SCREENS } from "./screens";
import { useSession } from "./api/session";
import { LoginPage } from "./pages/login/LoginPage";
import { NotFoundPage } from "./pages/common/NotFoundPage";

/**
 * The signed-in shell (layout, realtime, screen gates, the endpoint table and its schemas) is one chunk the
 * router loads before it renders a signed-in route, so the login page (and the redirect to it) loads only
 * what it shows (`npm run bench`'s pages section measures it). Each page is a chunk of its own (screens.ts).
 */
const shell = () => import("./auth/guards");

/** One route per declared screen (screens.ts), each behind the gate its area's rule sets. */
const pages: RouteObject[] = SCREENS.map((s) => ({
  path: s.path,
  lazy: async () => {
    const { ScreenGate } = await shell();
    return { element: <ScreenGate screen={s} /> };
  },
}));

/** Every admin path needs an operation token; without one it goes to /admin/login (before any shell loads). */
function RequireAuth() {
  const { token, account } = useSession();
  const location = useLocation();
  if (!token || !account) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /admin/login with a token goes to /admin. */
function GuestOnly() {
  const { token } = useSession();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    // Shown while the shell loads on a first visit below /admin: an empty page, as before any route renders.
    hydrateFallbackElement: <></>,
    children: [
      { path: "login", element: <GuestOnly />, children: [{ index: true, element: <LoginPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await shell()).LayoutRoute }),
            children: [
              { index: true, lazy: async () => ({ Component: (await shell()).LandingRedirect }) },
              ...pages,
              { path: "*", element: <NotFoundPage inLayout /> },
            ],
          },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export const BASENAME = "/admin";

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}

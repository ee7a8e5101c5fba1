import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { SCREENS } from "./screens";
import { GuestOnly, LandingRedirect, LayoutRoute, RequireAuth, ScreenGate } from "./auth/guards";
import { LoginPage } from "./pages/login/LoginPage";
import { NotFoundPage } from "./pages/common/NotFoundPage";

/** One route per declared screen (screens.ts), each behind the gate its area's rule sets. */
const pages: RouteObject[] = SCREENS.map((s) => ({ path: s.path, element: <ScreenGate screen={s} /> }));

export const routes: RouteObject[] = [
  { path: "login", element: <GuestOnly />, children: [{ index: true, element: <LoginPage /> }] },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <LayoutRoute />,
        children: [{ index: true, element: <LandingRedirect /> }, ...pages, { path: "*", element: <NotFoundPage inLayout /> }],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

export const BASENAME = "/admin";

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}

import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { adminRoutes, routeTypes, type AdminRoute } from "./auth/routes";
import { GuestOnly, LayoutRoute, RequireAuth, RouteGate } from "./auth/guards";
import { LoginPage } from "./pages/login/LoginPage";
import { MainPage } from "./pages/main/MainPage";
import { NotFoundPage } from "./pages/common/NotFoundPage";
import { PlaceholderPage } from "./pages/common/PlaceholderPage";
import { TypedPlaceholderPage } from "./pages/common/TypedPlaceholderPage";

/** Screens that exist; every other route of spec §2 shows the "준비 중" placeholder. */
const screens: Record<string, () => React.ReactNode> = {
  main: () => <MainPage />,
};

function pageFor(r: AdminRoute): React.ReactNode {
  const screen = screens[r.path];
  if (screen) return screen();
  if (routeTypes[r.path]) return <TypedPlaceholderPage routePath={r.path} />;
  return <PlaceholderPage title={r.title} />;
}

const pages: RouteObject[] = adminRoutes.map((r) => ({
  path: r.path,
  element: (
    <RouteGate access={r.access} title={r.title}>
      {pageFor(r)}
    </RouteGate>
  ),
}));

export const routes: RouteObject[] = [
  { path: "login", element: <GuestOnly />, children: [{ index: true, element: <LoginPage /> }] },
  {
    element: <RequireAuth />,
    children: [
      { element: <LayoutRoute />, children: [{ index: true, element: <Navigate to="/main" replace /> }, ...pages] },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const BASENAME = "/admin";

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}

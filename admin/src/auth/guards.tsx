import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "../api/session";
import { AdminLayout } from "../layout/AdminLayout";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { L } from "../labels";
import { redirectFor, type Access } from "./routes";

/** Every admin path needs an operation token; without one it goes to /admin/login. */
export function RequireAuth() {
  const { token, account } = useSession();
  const location = useLocation();
  if (!token || !account) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <RealtimeProvider token={token}>
      <Outlet />
    </RealtimeProvider>
  );
}

/** /admin/login with a token goes to /admin. */
export function GuestOnly() {
  const { token } = useSession();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Toolbar + side drawer around the admin pages. */
export function LayoutRoute() {
  const { account } = useSession();
  if (!account) return null;
  return <AdminLayout account={account} />;
}

/** Sends permission 3 where spec §6 says (main pages → calc/request, calc management/status → /admin). */
export function RouteGate({ access, title, children }: { access: Access; title: string; children: React.ReactNode }) {
  const { account } = useSession();
  const to = account ? redirectFor(access, account.permission) : null;
  if (to) return <Navigate to={to} replace />;
  return (
    <>
      <title>{`${title} | ${L.appTitle}`}</title>
      {children}
    </>
  );
}

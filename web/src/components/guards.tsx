import type { ReactNode } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { useSession } from "../api/useSession";

/** Login-required routes: anonymous visitors go to /login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Where a login returns: the page the person was sent away from (same-origin paths only), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/login") ? from : "/";
}

/** /login and /signup: a logged-in visitor goes where a login was taking them, else to /. */
export function RequireAnonymous({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  const location = useLocation();
  if (loggedIn) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}

/** Routes that need a query parameter (password: key_info, result: type) go to / without it. */
export function RequireParam({ name, children }: { name: string; children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get(name)) return <Navigate to="/" replace />;
  return children;
}

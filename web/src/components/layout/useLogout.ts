import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { callEndpoint } from "../../api/endpoint";
import { clearSession } from "../../api/session";
import { clearAllDrafts } from "../../lib/draft";

/** Revokes the token on the server (best effort), clears the session and cache, goes to /login. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      // Loaded here, not with the header: the endpoint table (and zod) stay out of the landing page's script.
      await callEndpoint((await import("@domain/api/members")).memberSelfApi.logout);
    } catch {
      // an expired or revoked token is logged out already
    }
    clearSession();
    clearAllDrafts();
    qc.clear();
    navigate("/login", { replace: true });
  };
}

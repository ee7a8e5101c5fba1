import { useState } from "react";
import { Box, Button } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../api/endpoints";
import { clearSession } from "../api/session";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { LogoutIcon } from "../components/ui/icons";
import { L } from "../labels";

/** Logout asks first, revokes the token on the server (best effort) and goes to /admin/login. */
export function LogoutButton() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();

  async function logout() {
    setBusy(true);
    try {
      await callEndpoint("logoutOperator");
    } catch {
      // The local session ends regardless; an unreachable server must not keep anyone logged in.
    }
    clearSession();
    qc.clear();
    setBusy(false);
    setAsking(false);
    void navigate("/login", { replace: true });
  }

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        color="toolbar.fg"
        borderColor="whiteAlpha.500"
        _hover={{ bg: "whiteAlpha.200" }}
        onClick={() => setAsking(true)}
        data-testid="admin-logout"
        aria-label={L.logout}
      >
        <LogoutIcon />
        <Box as="span" hideBelow="sm">
          {L.logout}
        </Box>
      </Button>
      <ConfirmDialog
        open={asking}
        message={L.logoutConfirm}
        loading={busy}
        onConfirm={logout}
        onClose={() => setAsking(false)}
        testId="admin-logout-confirm"
      />
    </>
  );
}

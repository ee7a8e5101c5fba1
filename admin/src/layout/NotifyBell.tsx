import { Box, IconButton } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { BellIcon } from "../components/ui/icons";
import { useRealtime } from "../realtime/RealtimeProvider";
import { L } from "../labels";

/** Bell of the permission-0 toolbar: the count of pushes since last opened; opens the notification list. */
export function NotifyBell() {
  const { unread, clearUnread } = useRealtime();
  const navigate = useNavigate();
  return (
    <Box position="relative">
      <IconButton
        aria-label={L.notifications}
        variant="ghost"
        color="toolbar.fg"
        _hover={{ bg: "whiteAlpha.200" }}
        data-testid="admin-notify-bell"
        onClick={() => {
          clearUnread();
          void navigate("/notify");
        }}
      >
        <BellIcon />
      </IconButton>
      {unread > 0 && (
        <Box
          position="absolute"
          top="0.5"
          right="0.5"
          pointerEvents="none"
          bg="red.solid"
          color="red.contrast"
          fontSize="2xs"
          fontWeight="bold"
          minW="4"
          h="4"
          px="1"
          rounded="full"
          lineHeight="1"
          display="flex"
          alignItems="center"
          justifyContent="center"
          data-testid="admin-notify-unread"
        >
          {unread > 99 ? "99+" : unread}
        </Box>
      )}
    </Box>
  );
}

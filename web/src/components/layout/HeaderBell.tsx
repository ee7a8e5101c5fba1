import { Box, IconButton } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { useMemberSocket, useUnreadNotices } from "../../api/memberNotices";

/** The header's bell: the unread count of the notification center, live over the member socket; opens the list. */
export function HeaderBell({ color }: { color: string }) {
  useMemberSocket(true);
  const unread = useUnreadNotices(true).data?.unread ?? 0;
  const navigate = useNavigate();
  return (
    <Box position="relative">
      <IconButton
        aria-label={unread > 0 ? `알림 ${unread}개 읽지 않음` : "알림"}
        variant="ghost"
        size="sm"
        color={color}
        onClick={() => navigate("/info/notifications")}
        data-testid="header-bell"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
      </IconButton>
      {unread > 0 && (
        <Box
          position="absolute"
          top="0"
          right="0"
          minW="4"
          h="4"
          px="1"
          borderRadius="full"
          bg="red.500"
          color="white"
          fontSize="2xs"
          fontWeight="bold"
          lineHeight="4"
          textAlign="center"
          pointerEvents="none"
          data-testid="header-bell-count"
        >
          {unread > 99 ? "99+" : unread}
        </Box>
      )}
    </Box>
  );
}

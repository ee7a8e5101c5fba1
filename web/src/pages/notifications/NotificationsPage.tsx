import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { formatDateTime } from "@domain/format";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useMarkRead, useNoticesPage } from "../../api/memberNotices";
import { PageFrame } from "../../components/PageFrame";

const PER_PAGE = 20;

/** /info/notifications: the member's notices, newest first; opening one marks it read and goes to its page. */
export default function NotificationsPage() {
  const [page, setPage] = useState(1);
  const q = useNoticesPage(page, PER_PAGE);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const data = q.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PER_PAGE));
  return (
    <PageFrame title="알림">
      <HStack justify="space-between" mb="4">
        <Text fontSize="sm" color="fg.muted" data-testid="notices-unread">
          읽지 않은 알림 {data?.unread ?? 0}개
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={!data?.unread}
          onClick={() => markRead.mutate({ all: true })}
          data-testid="notices-read-all"
        >
          모두 읽음
        </Button>
      </HStack>
      {data && data.list.length === 0 && (
        <Text py="10" textAlign="center" color="fg.muted" data-testid="notices-empty">
          알림이 없습니다.
        </Text>
      )}
      <Stack gap="0" data-testid="notices-list">
        {data?.list.map((n) => (
          <Box
            key={n.id}
            as="button"
            textAlign="start"
            py="3"
            px="2"
            borderBottomWidth="1px"
            bg={n.read ? undefined : "bg.subtle"}
            _hover={{ bg: "bg.muted" }}
            onClick={() => {
              if (!n.read) markRead.mutate({ ids: [n.id] });
              if (n.link) navigate(n.link);
            }}
            data-testid="notice-item"
            data-kind={n.kind}
            data-read={n.read ? "true" : "false"}
          >
            <HStack gap="2" mb="1">
              {!n.read && (
                <Badge colorPalette="red" size="sm">
                  새 알림
                </Badge>
              )}
              <Text fontWeight="semibold" fontSize="sm" data-testid="notice-title">
                {n.title}
              </Text>
              <Text fontSize="xs" color="fg.muted" ms="auto">
                {formatDateTime(n.createdAt)}
              </Text>
            </HStack>
            <Text fontSize="sm" data-testid="notice-body">
              {n.body}
            </Text>
          </Box>
        ))}
      </Stack>
      {pages > 1 && (
        <HStack justify="center" mt="4">
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            이전
          </Button>
          <Text fontSize="sm">
            {page} / {pages}
          </Text>
          <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            다음
          </Button>
        </HStack>
      )}
    </PageFrame>
  );
}

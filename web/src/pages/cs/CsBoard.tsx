import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { NOTICE_PREVIEW_CHARS } from "@domain/constants";
import { formatDate } from "@domain/format";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import type { BoardList, Notice } from "../../api/accountApi";
import { HtmlContent, htmlToText } from "../../components/HtmlContent";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { Pager } from "../../components/Pager";
import { BOARD_PAGE_SIZE } from "../../config";
import { L } from "../../labels";

/** A read-only board (notices, FAQ, events): paged list, then one post with a back button. */
export function CsBoard({ useList, preview, testId }: { useList: (page: number) => UseQueryResult<BoardList<Notice>>; preview: boolean; testId: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Notice | null>(null);
  const list = useList(page);

  if (open) return <CsBoardDetail post={open} onBack={() => setOpen(null)} testId={testId} />;
  if (list.isPending) return <ListSkeleton rows={BOARD_PAGE_SIZE} />;
  if (list.isError) return <LoadError message={list.error.message} />;
  const rows = list.data.list ?? [];
  if (rows.length === 0) return <EmptyState />;
  return (
    <>
      <Stack gap="0" borderTopWidth="1px" data-testid={`${testId}-list`}>
        {rows.map((post, i) => (
          <Box
            as="button"
            key={post.id ?? i}
            textAlign="left"
            py="4"
            px="2"
            borderBottomWidth="1px"
            _hover={{ bg: "bg.subtle" }}
            onClick={() => setOpen(post)}
            data-testid={`${testId}-row`}
          >
            <Text fontWeight="semibold">{post.title}</Text>
            {preview && (
              <Text fontSize="sm" color="fg.muted" mt="1" lineClamp={1} data-testid={`${testId}-preview`}>
                {htmlToText(post.content).slice(0, NOTICE_PREVIEW_CHARS)}
              </Text>
            )}
            <Text fontSize="xs" color="fg.subtle" mt="1">
              {post.startAt ? `${L.cs.eventPeriod} ${post.startAt} ~ ${post.endAt}` : formatDate(post.createdAt)}
            </Text>
          </Box>
        ))}
      </Stack>
      <Pager page={page} total={list.data.count ?? rows.length} pageSize={BOARD_PAGE_SIZE} onChange={setPage} />
    </>
  );
}

function CsBoardDetail({ post, onBack, testId }: { post: Notice; onBack: () => void; testId: string }) {
  return (
    <Stack gap="4" data-testid={`${testId}-detail`}>
      <Box borderBottomWidth="1px" pb="3">
        <Heading size="lg">{post.title}</Heading>
        <Text fontSize="xs" color="fg.subtle" mt="1" data-testid={`${testId}-detail-date`}>
          {post.startAt ? `${L.cs.eventPeriod} ${post.startAt} ~ ${post.endAt}` : formatDate(post.createdAt)}
        </Text>
      </Box>
      <HtmlContent html={post.content} minH="40" />
      <Button alignSelf="center" variant="outline" onClick={onBack} data-testid={`${testId}-back`}>
        {L.common.back}
      </Button>
    </Stack>
  );
}

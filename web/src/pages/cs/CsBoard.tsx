import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { NOTICE_PREVIEW_CHARS } from "@domain/constants";
import { formatDate } from "@domain/format";
import type { UseQueryResult } from "@tanstack/react-query";
import type { z } from "zod";
import type { CsEvent, CsPost, csEventPage, csPostPage } from "@domain/schemas/boards";
import { HtmlContent, htmlToText } from "../../components/HtmlContent";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { Pager } from "../../components/Pager";
import { BOARD_PAGE_SIZE } from "../../config";
import { L } from "../../labels";
import { usePageTitle } from "../../lib/usePageTitle";
import { intParam, useUrlView } from "../../lib/useUrlView";

/** A page of notices or FAQ, or of events (with their period). */
type BoardPage = z.infer<typeof csPostPage | typeof csEventPage>;

/** An event's period, else the post's date. */
const postDate = (post: CsPost | CsEvent) =>
  "startAt" in post && post.startAt ? `${L.cs.eventPeriod} ${post.startAt} ~ ${post.endAt}` : formatDate(post.createdAt);

/**
 * A read-only board (notices, FAQ, events): paged list, then one post with a back button. The page and
 * the open post live in the URL (?page=2&id=7): Back closes the post, a reload shows it again.
 */
export function CsBoard({
  useList,
  preview,
  testId,
}: {
  useList: (page: number) => UseQueryResult<BoardPage>;
  preview: boolean;
  testId: string;
}) {
  const view = useUrlView();
  const page = intParam(view.params, "page") ?? 1;
  const id = intParam(view.params, "id");
  const list = useList(page);
  const open = id === null ? undefined : list.data?.list?.find((p) => p.id === id);

  if (open) return <CsBoardDetail post={open} onBack={() => view.close({ page })} testId={testId} />;
  if (list.isPending) return <ListSkeleton rows={BOARD_PAGE_SIZE} />;
  if (list.isError) return <LoadError message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
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
            onClick={() => view.open({ page, id: post.id })}
            data-testid={`${testId}-row`}
          >
            <Text fontWeight="semibold">{post.title}</Text>
            {preview && (
              <Text fontSize="sm" color="fg.muted" mt="1" lineClamp={1} data-testid={`${testId}-preview`}>
                {htmlToText(post.content).slice(0, NOTICE_PREVIEW_CHARS)}
              </Text>
            )}
            <Text fontSize="xs" color="fg.subtle" mt="1">
              {postDate(post)}
            </Text>
          </Box>
        ))}
      </Stack>
      <Pager page={page} total={list.data.count ?? rows.length} pageSize={BOARD_PAGE_SIZE} onChange={(p) => view.open({ page: p })} />
    </>
  );
}

function CsBoardDetail({ post, onBack, testId }: { post: CsPost | CsEvent; onBack: () => void; testId: string }) {
  usePageTitle(post.title);
  return (
    <Stack gap="4" data-testid={`${testId}-detail`}>
      <Box borderBottomWidth="1px" pb="3">
        <Heading size="lg">{post.title}</Heading>
        <Text fontSize="xs" color="fg.subtle" mt="1" data-testid={`${testId}-detail-date`}>
          {postDate(post)}
        </Text>
      </Box>
      <HtmlContent html={post.content} minH="40" />
      <Button alignSelf="center" variant="outline" onClick={onBack} data-testid={`${testId}-back`}>
        {L.common.back}
      </Button>
    </Stack>
  );
}

import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { formatDate } from "@domain/format";
import type { CsInquiry as Inquiry } from "@domain/schemas/boards";
import { useInquiries } from "../../../api/accountQueries";
import { EmptyState, ListSkeleton, LoadError } from "../../../components/ListState";
import { Pager } from "../../../components/Pager";
import { BOARD_PAGE_SIZE } from "../../../config";
import { InquiryStatusBadge } from "./InquiryStatusBadge";

export function InquiryList({ page, onPage, onOpen }: { page: number; onPage: (p: number) => void; onOpen: (i: Inquiry) => void }) {
  const list = useInquiries(page);
  if (list.isPending) return <ListSkeleton rows={BOARD_PAGE_SIZE} />;
  if (list.isError) return <LoadError message={list.error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const rows = list.data.list ?? [];
  if (rows.length === 0) return <EmptyState />;
  return (
    <>
      <Stack gap="0" borderTopWidth="1px" data-testid="inquiry-list">
        {rows.map((q) => (
          <Box
            as="button"
            key={q.id}
            textAlign="left"
            py="4"
            px="2"
            borderBottomWidth="1px"
            _hover={{ bg: "bg.subtle" }}
            onClick={() => onOpen(q)}
            data-testid="inquiry-row"
            data-id={q.id}
          >
            <HStack justify="space-between" gap="3">
              <Text fontWeight="semibold" lineClamp={1}>
                {q.title}
              </Text>
              <InquiryStatusBadge state={q.state} />
            </HStack>
            <Text fontSize="xs" color="fg.subtle" mt="1">
              {formatDate(q.createdAt)}
            </Text>
          </Box>
        ))}
      </Stack>
      <Pager page={page} total={list.data.count ?? rows.length} pageSize={BOARD_PAGE_SIZE} onChange={onPage} />
    </>
  );
}

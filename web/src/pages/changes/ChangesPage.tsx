import { Badge, Box, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { changeNoticesApi } from "@domain/api/change-notices";
import { formatDate } from "@domain/format";
import { callEndpoint } from "../../api/endpoint";
import { PageFrame } from "../../components/PageFrame";
import { EmptyState, ListSkeleton, LoadError } from "../../components/ListState";
import { ChangesLabels as L } from "./changes.labels";

/**
 * /changes (no login): the changes posted now — shop removals and terms versions — with their effective dates and
 * the members' rights (server/features/change-notices/README.md). Each opens /changes/:id.
 */
export default function ChangesPage() {
  const q = useQuery({ queryKey: ["changes"], queryFn: () => callEndpoint(changeNoticesApi.publicChanges) });
  return (
    <PageFrame title={L.title} maxW="3xl">
      <Stack gap="6">
        <Text>{L.intro}</Text>
        {q.isPending ? (
          <ListSkeleton rows={3} height="20" />
        ) : q.isError ? (
          <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        ) : q.data.changes.length === 0 ? (
          <EmptyState message={L.empty} testId="changes-empty" />
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" data-testid="changes">
            {q.data.changes.map((c) => (
              <Box as="li" key={c.id} borderWidth="1px" borderRadius="lg" p="5" data-testid={`change-${c.id}`}>
                <HStack gap="2" wrap="wrap" mb="2">
                  <Badge colorPalette={c.kind === "shop" ? "orange" : "blue"}>{c.kindLabel}</Badge>
                  <Badge colorPalette={c.applied ? "gray" : "green"} data-testid={`change-state-${c.id}`}>
                    {c.stateLabel}
                  </Badge>
                </HStack>
                <Link asChild fontWeight="bold" fontSize="lg" color="teal.700">
                  <RouterLink to={`/changes/${c.id}`}>{c.title}</RouterLink>
                </Link>
                <Text mt="1">
                  {L.effective} {c.effectiveDate}
                  {c.merchantName ? ` · ${L.merchant} ${c.merchantName}` : ""} · {L.posted} {formatDate(c.postedAt)}
                </Text>
                <Text mt="2" fontSize="sm" color="fg.muted">
                  {c.rights}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}

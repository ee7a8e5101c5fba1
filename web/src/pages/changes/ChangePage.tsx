import { Badge, Button, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams } from "react-router";
import { changeNoticesApi } from "@domain/api/change-notices";
import { formatDate } from "@domain/format";
import { callEndpoint } from "../../api/endpoint";
import { PageFrame } from "../../components/PageFrame";
import { HtmlContent } from "../../components/HtmlContent";
import { ListSkeleton, LoadError } from "../../components/ListState";
import { ChangesLabels as L } from "./changes.labels";

/** /changes/:changeId (no login): one posted change, its rights, and for a terms change the new terms' text. */
export default function ChangePage() {
  const changeId = Number(useParams().changeId);
  const q = useQuery({
    queryKey: ["changes", changeId],
    queryFn: () => callEndpoint(changeNoticesApi.publicChange, { changeId }),
    enabled: Number.isInteger(changeId) && changeId > 0,
    retry: false,
  });
  const c = q.data;
  return (
    <PageFrame title={L.title} maxW="3xl">
      {q.isPending ? (
        <ListSkeleton rows={4} height="8" />
      ) : q.isError ? (
        <LoadError message={q.error.message} />
      ) : (
        c && (
          <Stack gap="5" data-testid="change-detail">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={c.kind === "shop" ? "orange" : "blue"}>{c.kindLabel}</Badge>
              <Badge colorPalette={c.applied ? "gray" : "green"}>{c.stateLabel}</Badge>
            </HStack>
            <Heading as="h2" size="lg">
              {c.title}
            </Heading>
            <Text data-testid="change-dates">
              {L.effective} {c.effectiveDate}
              {c.merchantName ? ` · ${L.merchant} ${c.merchantName}` : ""} · {L.posted} {formatDate(c.postedAt)} · {L.postedUntil}{" "}
              {formatDate(new Date(new Date(c.postedUntil).getTime() - 1))}
            </Text>
            <Text whiteSpace="pre-line">{c.summary}</Text>
            <Stack gap="1" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
              <Text fontWeight="bold">{L.rights}</Text>
              <Text data-testid="change-rights">{c.rights}</Text>
              <HStack mt="2">
                <Button asChild size="sm" colorPalette="teal">
                  <RouterLink to="/info/refund">{L.refund}</RouterLink>
                </Button>
              </HStack>
            </Stack>
            {c.content && (
              <Stack gap="2">
                <Text fontWeight="bold">{L.newTerms}</Text>
                <HtmlContent html={c.content} data-testid="change-content" />
              </Stack>
            )}
            <Link asChild color="teal.700">
              <RouterLink to="/changes">{L.back}</RouterLink>
            </Link>
          </Stack>
        )
      )}
    </PageFrame>
  );
}

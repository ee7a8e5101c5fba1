import { useState } from "react";
import { Alert, Button, Card, Code, DataList, Heading, HStack, IconButton, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { copyAndTell } from "@common/clipboard";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { formatDate } from "@domain/format";
import { Msg } from "@domain/messages";
import type { ApiKeyInfo } from "@domain/schemas/apikey";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { CopyIcon } from "../../components/ui/icons";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";

/**
 * /admin/key: the partner API key. The whole key is shown once, right after it is made; afterwards
 * only its prefix and creation date. Making a new one asks first and ends the old one.
 */
export function ApiKeyPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["apikey"], queryFn: ({ signal }) => callEndpoint("apiKey", undefined, { signal }) });
  const [asking, setAsking] = useState(false);
  const [fresh, setFresh] = useState<ApiKeyInfo | null>(null);
  const create = useMutation({
    mutationFn: () => callEndpoint("apiKeyCreate"),
    onSuccess: (info) => {
      setFresh(info);
      setAsking(false);
      snack(Msg.apiKeyCreated, { type: "success" });
      void qc.invalidateQueries({ queryKey: ["apikey"] });
    },
    onError: (e) => {
      setAsking(false);
      snack(e instanceof ApiError ? e.message : Msg.serverError, { type: "error" });
    },
  });
  const info = q.data;
  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.apiKey.title}
      </Heading>
      <Card.Root bg="card.bg" data-testid="apikey-card">
        <Card.Body>
          {q.isPending ? (
            <Skeleton h="16" />
          ) : q.isError && !fresh?.apiKey ? (
            // Not "no key": a key may well be live, and making a new one would end it.
            <HStack gap="3" role="alert" data-testid="apikey-error">
              <Text color="fg.error">{q.error.message}</Text>
              <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
                {L.retry}
              </Button>
            </HStack>
          ) : fresh?.apiKey ? (
            <Stack gap="3">
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Title>{Msg.apiKeyCreated}</Alert.Title>
              </Alert.Root>
              <HStack>
                <Code p="2" fontSize="md" wordBreak="break-all" data-testid="apikey-full">
                  {fresh.apiKey}
                </Code>
                {/* The key is shown this once: a copy the browser refuses (no secure context) is said, not hidden. */}
                <IconButton size="sm" variant="outline" aria-label={L.apiKey.copy} onClick={() => void copyAndTell(fresh.apiKey ?? "")}>
                  <CopyIcon />
                </IconButton>
              </HStack>
            </Stack>
          ) : info?.prefix ? (
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{L.apiKey.key}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Code data-testid="apikey-masked">{`${info.prefix}${"•".repeat(24)}`}</Code>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{L.apiKey.createdAt}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="apikey-created">{info.createdAt ? formatDate(info.createdAt) : "-"}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ) : (
            <Text data-testid="apikey-none">{Msg.apiKeyNone}</Text>
          )}
        </Card.Body>
        <Card.Footer>
          <Button colorPalette="brand" onClick={() => setAsking(true)} disabled={!q.isSuccess} data-testid="apikey-create">
            {L.apiKey.create}
          </Button>
        </Card.Footer>
      </Card.Root>
      <ConfirmDialog
        open={asking}
        message={Msg.apiKeyCreateConfirm}
        loading={create.isPending}
        onConfirm={() => create.mutate()}
        onClose={() => setAsking(false)}
        testId="apikey-confirm"
      />
    </Stack>
  );
}

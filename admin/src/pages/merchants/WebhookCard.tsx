import { useState, type FormEvent } from "react";
import { Button, Code, Field, HStack, Input, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@common/ConfirmDialog";
import { merchantWebhookSet } from "@domain/schemas/merchant-payments";
import { callEndpoint } from "../../api/endpoints";
import { snack } from "../../components/ui/toaster";
import { Section } from "./cells";
import { ML } from "./merchants.labels";
import { failure, refreshDeliveries, refreshSelf } from "./own";
import { ShownOnceDialog } from "./ShownOnceDialog";

const W = ML.webhook;
const URL_MAX = 500;
/** A test event is sent by the server's worker after the answer: the deliveries are read now and once more after this. */
const TEST_SETTLE_MS = 3_000;

/**
 * The merchant's webhook: its URL (the schema's check here, the server's refusal of an address it will not call, code
 * 1154, at the field), its signing secret (made with the first URL and on 재발급, shown whole once; only its prefix
 * afterwards) and a test event, whose delivery shows in 웹훅 전송 기록.
 */
export function WebhookCard({ webhookUrl, secretPrefix }: { webhookUrl: string | null; secretPrefix: string | null }) {
  const qc = useQueryClient();
  const [url, setUrl] = useState(webhookUrl ?? "");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  const save = useMutation({
    mutationFn: (u: string) => callEndpoint("merchantWebhookSet", { url: u }),
    onSuccess: (w) => {
      snack(W.saved, { type: "success" });
      setUrl(w.webhookUrl ?? "");
      if (w.secret) setSecret(w.secret);
      void refreshSelf(qc);
    },
    onError: (e) => setUrlError(failure(e)),
  });
  const rotate = useMutation({
    mutationFn: () => callEndpoint("merchantWebhookSecret"),
    onSuccess: (w) => {
      snack(W.rotated, { type: "success" });
      if (w.secret) setSecret(w.secret);
      void refreshSelf(qc);
    },
    onError: (e) => snack(failure(e), { type: "error" }),
    onSettled: () => setRotating(false),
  });
  const test = useMutation({
    mutationFn: () => callEndpoint("merchantWebhookTest"),
    onSuccess: () => {
      snack(W.tested, { type: "success" });
      void refreshDeliveries(qc);
      setTimeout(() => void refreshDeliveries(qc), TEST_SETTLE_MS);
    },
    onError: (e) => snack(failure(e), { type: "error" }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = merchantWebhookSet.safeParse({ url });
    if (!parsed.success) return setUrlError(parsed.error.issues[0]?.message ?? W.url);
    setUrlError(null);
    save.mutate(parsed.data.url);
  }

  return (
    <Section
      title={W.title}
      hint={W.hint}
      testId="merchant-webhook"
      actions={
        <>
          <Button
            size="sm"
            variant="outline"
            disabled={!secretPrefix}
            onClick={() => setRotating(true)}
            data-testid="webhook-secret-rotate"
          >
            {W.rotate}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            disabled={!webhookUrl}
            loading={test.isPending}
            loadingText={W.test}
            onClick={() => test.mutate()}
            data-testid="webhook-test"
          >
            {W.test}
          </Button>
        </>
      }
    >
      <form onSubmit={submit}>
        <Field.Root invalid={Boolean(urlError)} maxW="2xl">
          <Field.Label>{W.url}</Field.Label>
          <HStack w="full" gap="2">
            {/* Not type="url": the browser's own check would speak before the schema's Korean message. */}
            <Input
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(null);
              }}
              inputMode="url"
              autoComplete="url"
              maxLength={URL_MAX}
              placeholder={W.urlPlaceholder}
              data-testid="webhook-url"
            />
            <Button
              type="submit"
              colorPalette="brand"
              flexShrink={0}
              loading={save.isPending}
              loadingText={W.save}
              data-testid="webhook-save"
            >
              {W.save}
            </Button>
          </HStack>
          <Field.ErrorText data-testid="webhook-url-error">{urlError}</Field.ErrorText>
        </Field.Root>
      </form>
      <HStack gap="2" wrap="wrap" fontSize="sm">
        <Text fontWeight="medium">{W.secret}</Text>
        {secretPrefix ? (
          <Code fontSize="xs" data-testid="webhook-secret-prefix">{`${secretPrefix}…`}</Code>
        ) : (
          <Text color="fg.muted">{W.secretNone}</Text>
        )}
      </HStack>
      <ShownOnceDialog
        value={secret}
        title={W.made}
        what={W.madeLabel}
        notice={W.shownOnce}
        testId="secret-shown"
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={rotating}
        message={W.rotateConfirm}
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setRotating(false)}
        testId="webhook-secret-confirm"
      />
    </Section>
  );
}

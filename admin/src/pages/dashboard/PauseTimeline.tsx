import { useState } from "react";
import { Badge, Box, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { allowsArea } from "@domain/admin-access";
import { formatDateTime } from "@domain/format";
import { Msg } from "@domain/messages";
import { proposalReason } from "@domain/schemas/proposals";
import { callEndpoint } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import { endpointQuery } from "../../api/queries";
import { useSession } from "../../api/session";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { useProposalCreated } from "../proposals/useProposalCreated";

const D = L.dashboard;

/**
 * The emergency pause on the dashboard: whether the token is paused now and every pause and unpause the chain holds
 * (each approved through dual control), newest first, with its transaction.
 */
export function PauseTimeline() {
  const q = useQuery({ ...endpointQuery("pauseTimeline"), refetchInterval: 15_000 });
  const d = q.data;
  // Proposing a pause or an unpause is a super admin's (proposalControl); another operator approves it.
  const { account } = useSession();
  const mayPropose = !!account && allowsArea("proposalControl", account);
  const [asking, setAsking] = useState(false);
  const proposalCreated = useProposalCreated();
  const kind = d?.paused ? "unpause" : "pause";
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="pause-timeline">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">{D.pauseTitle}</Text>
        <HStack>
          {d && (
            <Badge colorPalette={d.paused ? "red" : "green"} data-testid="pause-state" data-paused={d.paused}>
              {d.paused ? D.pausedNow : D.runningNow}
            </Badge>
          )}
          {d && mayPropose && (
            <Button
              size="xs"
              variant="outline"
              colorPalette={d.paused ? "green" : "red"}
              onClick={() => setAsking(true)}
              data-testid="pause-propose"
            >
              {d.paused ? D.unpausePropose : D.pausePropose}
            </Button>
          )}
        </HStack>
      </HStack>
      {q.error && <Text color="fg.error">{q.error.message}</Text>}
      {d && d.list.length === 0 && (
        <Text fontSize="sm" color="fg.muted" mt="2">
          {D.pauseEmpty}
        </Text>
      )}
      {d && d.list.length > 0 && (
        <Stack as="ol" gap="1" mt="2" fontSize="sm" listStyleType="none">
          {d.list.map((e) => (
            <HStack as="li" key={e.txHash} gap="3" wrap="wrap" data-testid="pause-event" data-kind={e.kind}>
              <Text minW="36">{formatDateTime(e.timestamp)}</Text>
              <Badge colorPalette={e.kind === "paused" ? "red" : "green"}>{D.pauseKinds[e.kind]}</Badge>
              <Text fontFamily="mono" truncate maxW="xs" title={e.txHash}>
                {e.txHash}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
      <FormDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={kind === "pause" ? D.pausePropose : D.unpausePropose}
        schema={reasonForm}
        defaultValues={{ reason: "" }}
        testId="pause-propose-dialog"
        onSubmit={async ({ reason }) => {
          try {
            const r = await callEndpoint("propose", { kind, payload: {}, reason });
            setAsking(false);
            proposalCreated(r.proposal);
          } catch (e) {
            snack(e instanceof ApiError && e.message ? e.message : Msg.proposalFailed, { type: "error" });
          }
        }}
      >
        {(form) => (
          <>
            <Text fontSize="sm" color="fg.muted">
              {kind === "pause" ? D.pauseNote : D.unpauseNote}
            </Text>
            <Field.Root required invalid={Boolean(form.formState.errors.reason)}>
              <Field.Label>
                {D.pauseReason}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                {...form.register("reason")}
                maxLength={200}
                placeholder={D.pauseReasonPlaceholder}
                data-testid="pause-propose-reason"
              />
              <Field.ErrorText>{form.formState.errors.reason?.message}</Field.ErrorText>
            </Field.Root>
          </>
        )}
      </FormDialog>
    </Box>
  );
}

const reasonForm = z.object({ reason: proposalReason });

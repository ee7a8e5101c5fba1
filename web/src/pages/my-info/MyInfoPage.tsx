import { Button, Flex, Grid, Separator, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { useMyInfo } from "../../api/accountQueries";
import { ListSkeleton, LoadError } from "../../components/ListState";
import { PageFrame } from "../../components/PageFrame";
import { L } from "../../labels";
import { InfoEditForm } from "./InfoEditForm";
import { InfoPasswordChange } from "./InfoPasswordChange";
import { InfoProofs } from "./InfoProofs";
import { InfoLinkedAccount } from "./InfoLinkedAccount";
import { InfoQrCard } from "./InfoQrCard";
import { InfoSummary } from "./InfoSummary";
import { ValidityCard } from "../../components/validity/ValidityCard";
import { CloseLabels } from "../close/close.labels";

/** /info/detail: my info. */
export default function MyInfoPage() {
  const info = useMyInfo();
  const navigate = useNavigate();
  return (
    <PageFrame title={L.info.title}>
      {info.isPending ? (
        <ListSkeleton rows={6} />
      ) : info.isError ? (
        <LoadError message={info.error.message} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      ) : (
        <Stack gap="8" data-testid="info-page">
          <Grid templateColumns={{ base: "1fr", md: "1fr auto" }} gap="6" alignItems="start">
            <InfoSummary info={info.data} />
            <InfoQrCard info={info.data} />
          </Grid>
          <ValidityCard />
          <Separator />
          {/* Starts afresh when the saved values change (a save), not at every refetch (focus, reconnect): typing survives. */}
          <InfoEditForm key={JSON.stringify([info.data.nickname, info.data.email, info.data.homeAddress])} info={info.data} />
          <Separator />
          <InfoPasswordChange />
          <Separator />
          <InfoLinkedAccount />
          <Separator />
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text color="fg.muted">{L.info.refundHint}</Text>
            <Button variant="outline" onClick={() => navigate("/info/refund")} data-testid="info-refund-link">
              {L.info.refundLink}
            </Button>
          </Flex>
          <InfoProofs />
          <Separator />
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text color="fg.muted">{CloseLabels.linkHint}</Text>
            <Button variant="ghost" colorPalette="red" onClick={() => navigate("/info/close")} data-testid="info-close-link">
              {CloseLabels.link}
            </Button>
          </Flex>
        </Stack>
      )}
    </PageFrame>
  );
}

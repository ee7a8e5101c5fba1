import { Box, Heading, Tabs } from "@chakra-ui/react";
import { Link } from "react-router";
import { GiftFlow } from "./GiftFlow";
import { UseFlow } from "./UseFlow";
import { SendLabels as L } from "./sendLabels";

export interface SendPageProps {
  tab: "use" | "gift";
}

/** /send/use and /send/gift: two tabs, each a request → confirm → password flow. */
export default function SendPage({ tab }: SendPageProps) {
  return (
    <Box maxW="lg" mx="auto" px="4" py="8" data-testid="send-page">
      <Heading as="h1" size="xl" mb="4" srOnly>
        {L.title}
      </Heading>
      <Tabs.Root value={tab} activationMode="manual" variant="line" mb="6" fitted>
        <Tabs.List>
          <Tabs.Trigger value="use" asChild data-testid="send-tab-use">
            <Link to="/send/use">{L.tabUse}</Link>
          </Tabs.Trigger>
          <Tabs.Trigger value="gift" asChild data-testid="send-tab-gift">
            <Link to="/send/gift">{L.tabGift}</Link>
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      {tab === "gift" ? <GiftFlow /> : <UseFlow />}
    </Box>
  );
}

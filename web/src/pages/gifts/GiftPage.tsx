import { Tabs } from "@chakra-ui/react";
import { Link } from "react-router";
import { PageFrame } from "../../components/PageFrame";
import { GiftFlow } from "./GiftFlow";
import { GiftLabels as L } from "./gifts.labels";

export interface GiftPageProps {
  tab: "use" | "gift";
}

/** /send/use and /send/gift: two tabs, each a request → confirm → password flow. */
export default function GiftPage({ tab }: GiftPageProps) {
  return (
    <PageFrame title={tab === "gift" ? L.tabGift : L.tabUse} maxW="2xl">
      <Tabs.Root value={tab} activationMode="manual" variant="line" colorPalette="brand" fitted>
        <Tabs.List>
          <Tabs.Trigger value="use" asChild data-testid="send-tab-use">
            <Link to="/send/use">{L.tabUse}</Link>
          </Tabs.Trigger>
          <Tabs.Trigger value="gift" asChild data-testid="send-tab-gift">
            <Link to="/send/gift">{L.tabGift}</Link>
          </Tabs.Trigger>
        </Tabs.List>
        {/* The open tab's panel (its trigger's aria-controls names it). */}
        <Tabs.Content value={tab} pt="6">
          <GiftFlow key={tab} kind={tab} />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}

import { Card, SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import type { MainData } from "../../api/endpoints";
import { L } from "../../labels";

const ORDER: (keyof MainData)[] = [
  "account_count",
  "sellSum",
  "useSum",
  "giftSum",
  "exchangeSum",
  "tokenBurnCount",
  "tokenMintCount",
  "tokenCommissionSum",
];

/** Typed stand-in that shapes the skeletons while the numbers load. */
export const MAIN_PLACEHOLDER: MainData = {
  account_count: 0,
  sellSum: 0,
  useSum: 0,
  giftSum: 0,
  exchangeSum: 0,
  tokenBurnCount: 0,
  tokenMintCount: 0,
  tokenCommissionSum: 0,
};

/** The eight home stat cards. */
export function MainStatCards({ data, loading }: { data: MainData; loading: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" data-testid="admin-main-cards" aria-busy={loading}>
      {ORDER.map((k) => (
        <Card.Root key={k} bg="card.bg" borderColor="card.border" data-testid={`admin-main-card-${k}`}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{L.mainCards[k].label}</Stat.Label>
              <Skeleton asChild loading={loading} alignSelf="flex-start">
                <Stat.ValueText color="stat.value" alignItems="baseline" data-testid={`admin-main-value-${k}`}>
                  {formatWon(data[k])}
                  <Stat.ValueUnit color="fg.muted">{L.mainCards[k].unit}</Stat.ValueUnit>
                </Stat.ValueText>
              </Skeleton>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

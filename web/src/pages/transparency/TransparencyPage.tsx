import type { ReactNode } from "react";
import { Alert, Badge, Box, Center, Code, Heading, Link, SimpleGrid, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { monthEndApi } from "@domain/api/month-end";
import { formatDateTime, formatWon, shortAddress } from "@domain/format";
import { callEndpoint } from "../../api/endpoint";
import { PageFrame } from "../../components/PageFrame";
import { LoadError } from "../../components/ListState";
import { TransparencyLabels as L } from "./transparency.labels";

const won = (v: string) => L.won(formatWon(v));
/** share of a threshold in percent (one decimal), from integer won strings. */
const share = (v: string, of: string) => `${(Number((BigInt(v) * 1000n) / BigInt(of)) / 10).toFixed(1)}%`;

function Figure({
  label,
  value,
  how,
  testId,
  children,
}: {
  label: string;
  value: string;
  how: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="5" bg="bg">
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="2" wordBreak="break-all">
        {how}
      </Text>
      {children}
    </Box>
  );
}

/**
 * /transparency (no login): the issuer's open books — circulation and customer balances at a named block, the
 * safeguarded money and its coverage, issued and redeemed, the month-end roots, the last reconciliation, the
 * registration — each saying how to check it. Read from GET /api/transparency (cached; its last good figures, marked,
 * while the chain node is down).
 */
export default function TransparencyPage() {
  const q = useQuery({ queryKey: ["transparency"], queryFn: () => callEndpoint(monthEndApi.transparency), staleTime: 15_000 });
  const t = q.data;
  return (
    <PageFrame title={L.title}>
      <Stack gap="8">
        <Text>{L.intro}</Text>
        {q.isPending && (
          <Center py="10">
            <Spinner aria-label="불러오는 중" />
          </Center>
        )}
        {q.isError && <LoadError message={q.error.message} onRetry={() => void q.refetch()} retrying={q.isFetching} />}
        {t && (
          <Stack gap="8" data-testid="transparency">
            {t.stale && (
              <Alert.Root status="warning" data-testid="transparency-stale">
                <Alert.Indicator />
                <Alert.Title>{L.stale(formatDateTime(t.asOf))}</Alert.Title>
              </Alert.Root>
            )}
            <Text fontSize="sm" color="fg.muted" data-testid="transparency-as-of">
              {L.asOf(formatDateTime(t.block.time))} · {L.token(t.token.address, t.token.chainId)}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Figure
                label={L.circulation}
                value={won(t.circulation)}
                how={L.circulationHow(t.block.number, t.token.address)}
                testId="transparency-circulation"
              >
                <Text fontSize="xs" color="fg.muted" data-testid="transparency-block" data-block={t.block.number}>
                  #{t.block.number} · {shortAddress(t.block.hash, 10, 8)}
                </Text>
              </Figure>
              <Figure
                label={L.customer}
                value={won(t.customerBalances)}
                how={L.customerHow(t.block.number)}
                testId="transparency-customer"
              />
              {t.safeguarded ? (
                <>
                  <Figure
                    label={L.safeguarded}
                    value={won(t.safeguarded.amount)}
                    how={L.safeguardedHow(t.safeguarded.day, [...t.safeguarded.institutions, ...t.safeguarded.statementRefs].join(", "))}
                    testId="transparency-safeguarded"
                  />
                  <Figure
                    label={L.coverage}
                    value={t.safeguarded.coveragePercent === null ? "-" : `${t.safeguarded.coveragePercent}%`}
                    how={L.coverageHow(won(t.safeguarded.outstandingAtDayEnd))}
                    testId="transparency-coverage"
                  />
                </>
              ) : (
                <Figure label={L.safeguarded} value="-" how={L.noSafeguard} testId="transparency-safeguarded" />
              )}
            </SimpleGrid>

            <Stack gap="3">
              <Heading as="h2" size="md">
                {L.flows}
              </Heading>
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" data-testid="transparency-flows">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>기간</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{L.issued}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{L.redeemed}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {t.flows.map((f) => (
                      <Table.Row key={f.days} data-days={f.days}>
                        <Table.Cell>{L.flowsDays(f.days)}</Table.Cell>
                        <Table.Cell textAlign="end">{won(f.issued)}</Table.Cell>
                        <Table.Cell textAlign="end">{won(f.redeemed)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Text fontSize="sm" color="fg.muted">
                {L.flowsHow}
              </Text>
            </Stack>

            <Stack gap="3">
              <Heading as="h2" size="md">
                {L.cutoffs}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {L.cutoffsHow}
              </Text>
              {t.token.auditSigner && (
                <Text fontSize="xs" fontFamily="mono" wordBreak="break-all" data-testid="transparency-signer">
                  {L.auditSigner(t.token.auditSigner)}
                </Text>
              )}
              {t.cutoffs.length === 0 ? (
                <Text color="fg.muted">{L.noCutoffs}</Text>
              ) : (
                <Table.ScrollArea borderWidth="1px" borderRadius="md">
                  <Table.Root size="sm" data-testid="transparency-cutoffs">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{L.cutoffLabel}</Table.ColumnHeader>
                        <Table.ColumnHeader>{L.cutoffBlock}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{L.cutoffCustomer}</Table.ColumnHeader>
                        <Table.ColumnHeader>{L.cutoffRoot}</Table.ColumnHeader>
                        <Table.ColumnHeader>{L.cutoffTx}</Table.ColumnHeader>
                        <Table.ColumnHeader>{L.cutoffPack}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {t.cutoffs.map((c) => (
                        <Table.Row key={c.block} data-testid="transparency-cutoff" data-root={c.merkleRoot} data-tx={c.rootTxHash ?? ""}>
                          <Table.Cell whiteSpace="nowrap">{c.label}</Table.Cell>
                          <Table.Cell>#{c.block}</Table.Cell>
                          <Table.Cell textAlign="end" whiteSpace="nowrap">
                            {won(c.customerTotal)}
                          </Table.Cell>
                          <Table.Cell>
                            <Code fontSize="xs" title={c.merkleRoot}>
                              {shortAddress(c.merkleRoot, 10, 6)}
                            </Code>
                          </Table.Cell>
                          <Table.Cell>
                            {c.rootTxHash ? (
                              <Link asChild color="brand.fg">
                                <RouterLink to={`/verify/tx/${c.rootTxHash}`}>{shortAddress(c.rootTxHash, 10, 6)}</RouterLink>
                              </Link>
                            ) : (
                              "-"
                            )}
                          </Table.Cell>
                          <Table.Cell>
                            <Code fontSize="xs" title={c.packSha256 ?? ""}>
                              {c.packSha256 ? shortAddress(c.packSha256, 8, 6) : "-"}
                            </Code>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              <Link asChild color="brand.fg" fontWeight="semibold">
                <RouterLink to="/verify-proof" data-testid="transparency-verify-proof">
                  {L.verifyProof}
                </RouterLink>
              </Link>
            </Stack>

            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Box borderWidth="1px" borderRadius="lg" p="5" bg="bg" data-testid="transparency-reconciliation">
                <Heading as="h2" size="md" mb="2">
                  {L.reconciliation}
                </Heading>
                {t.reconciliation ? (
                  <Stack gap="1">
                    <Box>
                      <Badge colorPalette={t.reconciliation.ok ? "green" : "red"}>
                        {L.reconciled(t.reconciliation.ok, t.reconciliation.failed)}
                      </Badge>
                    </Box>
                    <Text fontSize="sm" color="fg.muted">
                      {L.reconciledAt(formatDateTime(t.reconciliation.checkedAt), t.reconciliation.block, t.reconciliation.checks)}
                    </Text>
                  </Stack>
                ) : (
                  <Text color="fg.muted">{L.noReconciliation}</Text>
                )}
              </Box>
              <Box borderWidth="1px" borderRadius="lg" p="5" bg="bg" data-testid="transparency-registration">
                <Heading as="h2" size="md" mb="2">
                  {L.registration}
                </Heading>
                <Text fontWeight="semibold">{t.registration.status}</Text>
                <Text fontSize="sm" mt="2">
                  {L.registrationOutstanding}: {won(t.customerBalances)} / {won(t.registration.outstandingThreshold)} (
                  {share(t.customerBalances, t.registration.outstandingThreshold)})
                </Text>
                <Text fontSize="sm">
                  {L.registrationYearly}: {won(t.registration.yearlyIssuance)} / {won(t.registration.yearlyIssuanceThreshold)} (
                  {share(t.registration.yearlyIssuance, t.registration.yearlyIssuanceThreshold)})
                </Text>
                <Text fontSize="xs" color="fg.muted" mt="2">
                  {L.registrationHow}
                </Text>
              </Box>
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </PageFrame>
  );
}

import { Badge, Box, Code, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { monthEndApi } from "@domain/api/month-end";
import { formatWon } from "@domain/format";
import { LEAF_ENCODING } from "@domain/proof-of-liabilities";
import { Link as RouterLink } from "react-router";
import { callEndpoint } from "../../api/endpoint";
import { proofLink } from "@domain/proof-check";

/**
 * My info: "my balance was included in the 2026-10 statement" (issue 37), one line per published cut-off, with the
 * Merkle proof checked here in the browser (OpenZeppelin's StandardMerkleTree) against the statement's root, and the
 * transaction that published the root on chain, so anyone can compare it with the chain.
 */
export function InfoProofs() {
  const q = useQuery({ queryKey: ["proofs"], queryFn: () => callEndpoint(monthEndApi.memberProofs) });
  const list = q.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="3" data-testid="info-proofs">
      <Heading size="md">잔액 포함 증명</Heading>
      {list.map((p) => {
        const included = StandardMerkleTree.verify(p.root, [...LEAF_ENCODING], [p.address, p.balance], p.proof);
        return (
          <Box key={`${p.label}-${p.block}`} borderWidth="1px" rounded="md" p="3" data-testid="info-proof">
            <Text>
              {p.label} 명세에 내 잔액 <b>{formatWon(p.balance)}원</b>이 포함되었습니다.{" "}
              <Badge colorPalette={included ? "green" : "red"}>{included ? "증명 확인됨" : "증명 불일치"}</Badge>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              기준 블록 {p.block} · 루트 <Code fontSize="xs">{p.root}</Code>
            </Text>
            {p.rootTxHash && (
              <>
                <Text fontSize="xs" color="fg.muted">
                  루트 게시 거래 <Code fontSize="xs">{p.rootTxHash}</Code>
                </Text>
                <Text fontSize="sm">
                  <RouterLink to={proofLink(p)} data-testid="info-proof-verify">
                    공개 검증 페이지에서 체인의 루트로 확인하기
                  </RouterLink>
                </Text>
              </>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

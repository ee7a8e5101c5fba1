import { useEffect, useState } from "react";
import { Badge, Box, Button, Field, Grid, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { formatWon } from "@domain/format";
import { PageFrame } from "../../components/PageFrame";
import { checkProof, parseProof, PUBLIC_RPC, type CheckResult, type ProofInput } from "@domain/proof-check";

/**
 * /verify-proof: anyone checks a member's proof of liabilities (issue 37) without trusting the server: the published
 * root is read from the chain (the public read-only RPC relay, or any node given) and the proof is verified here with
 * OpenZeppelin's StandardMerkleTree. The member app opens it with the proof in the fragment (#…), or one is pasted.
 */
export default function VerifyProofPage() {
  const [text, setText] = useState(() => fromHash());
  const [rpcUrl, setRpcUrl] = useState("");
  const [state, setState] = useState<{ input: ProofInput; result: CheckResult } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(source: string) {
    const parsed = parseProof(source);
    if (typeof parsed === "string") return setState({ error: parsed });
    setBusy(true);
    try {
      setState({ input: parsed, result: await checkProof(parsed, rpcUrl.trim() || PUBLIC_RPC) });
    } finally {
      setBusy(false);
    }
  }
  // A proof opened by link is checked at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the proof the page was opened with
  useEffect(() => {
    if (text.trim()) void run(text);
  }, []);

  return (
    <PageFrame title="잔액 포함 증명 검증">
      <Stack gap="5">
        <Text fontSize="sm" color="fg.muted">
          월말 잔액 명세의 Merkle 루트는 체인에 게시되어 있습니다. 이 페이지는 서버의 답을 믿지 않고, 루트를 게시한 거래를 블록체인 노드에서
          직접 읽어 이 브라우저에서 증명을 검증합니다 (OpenZeppelin StandardMerkleTree).
        </Text>
        <Stack
          as="form"
          gap="3"
          onSubmit={(e) => {
            e.preventDefault();
            void run(text);
          }}
        >
          <Field.Root required>
            <Field.Label>증명(JSON)</Field.Label>
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={6}
              fontFamily="mono"
              fontSize="xs"
              placeholder='{"address":"0x…","balance":"…","proof":["0x…"],"rootTxHash":"0x…"}'
              data-testid="proof-input"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>RPC 주소 (선택)</Field.Label>
            <Input
              value={rpcUrl}
              onChange={(e) => setRpcUrl(e.target.value)}
              placeholder="비우면 이 사이트의 읽기 전용 노드 중계를 씁니다"
              data-testid="proof-rpc"
            />
            <Field.HelperText>직접 운영하는 노드의 JSON-RPC 주소를 넣으면 그 노드에서 루트를 읽습니다.</Field.HelperText>
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="brand" loading={busy} disabled={!text.trim()} data-testid="proof-verify">
              검증하기
            </Button>
          </Box>
        </Stack>
        <Box aria-live="polite">{state && <Outcome state={state} />}</Box>
      </Stack>
    </PageFrame>
  );
}

function Outcome({ state }: { state: { input: ProofInput; result: CheckResult } | { error: string } }) {
  if ("error" in state)
    return (
      <Text color="fg.error" data-testid="proof-invalid">
        {state.error}
      </Text>
    );
  const { input, result } = state;
  if (!result.ok)
    return (
      <Stack gap="2" data-testid="proof-invalid">
        <Badge colorPalette="red" alignSelf="start">
          검증 실패
        </Badge>
        <Text color="fg.error" data-testid="proof-reason">
          {result.reason}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="3" data-testid="proof-valid">
      <Badge colorPalette="green" alignSelf="start">
        검증됨
      </Badge>
      <Text>
        {input.label ? `${input.label} 명세` : "잔액 명세"}(블록 {result.block})에 주소 <b>{input.address}</b>의 잔액{" "}
        <b>{formatWon(input.balance)}원</b>이 포함되어 있습니다.
      </Text>
      <Grid templateColumns="8rem 1fr" rowGap="2" columnGap="4" fontSize="sm">
        <Text color="fg.muted">게시된 루트</Text>
        <Text fontFamily="mono" wordBreak="break-all" data-testid="proof-root">
          {result.root}
        </Text>
        <Text color="fg.muted">게시 거래</Text>
        <Text fontFamily="mono" wordBreak="break-all">
          {result.txHash} (블록 #{result.txBlock})
        </Text>
        {result.signer && (
          <>
            <Text color="fg.muted">감사 키 서명자</Text>
            <Text fontFamily="mono" wordBreak="break-all">
              {result.signer}
            </Text>
          </>
        )}
        <Text color="fg.muted">체인</Text>
        <Text>{result.chainId}</Text>
      </Grid>
    </Stack>
  );
}

function fromHash(): string {
  const h = typeof window === "undefined" ? "" : window.location.hash.slice(1);
  if (!h) return "";
  try {
    return JSON.stringify(JSON.parse(decodeURIComponent(h)), null, 2);
  } catch {
    return "";
  }
}

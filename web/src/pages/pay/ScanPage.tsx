import { useEffect, useId, useRef, useState } from "react";
import { Box, Button, Field, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import type QrScanner from "qr-scanner";
import { PageFrame } from "../../components/PageFrame";
import { snack } from "../../components/ui/toaster";
import { PayLabels as L, paymentIdOf } from "./pay.labels";

/** The scanner library is loaded with this page only (it brings its own worker). */
const loadScanner = () => import("qr-scanner").then((m) => m.default);

/**
 * /scan, the member app's 결제 entry: a merchant's payment QR read by the camera (qr-scanner), from an image, or its
 * address typed; a payment QR opens its checkout (/pay/:paymentId), anything else says it is not one.
 */
export default function ScanPage() {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<QrScanner | null>(null);
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fileId = useId();

  function open(payload: string): boolean {
    const id = paymentIdOf(payload);
    if (!id) {
      setProblem(L.scanNotPayment);
      return false;
    }
    scanner.current?.stop();
    navigate(`/pay/${id}`);
    return true;
  }

  async function start() {
    setProblem(null);
    try {
      const Scanner = await loadScanner();
      if (!video.current) return;
      scanner.current ??= new Scanner(video.current, (r) => open(r.data), {
        returnDetailedScanResult: true,
        preferredCamera: "environment",
      });
      await scanner.current.start();
      setScanning(true);
    } catch {
      setProblem(L.scanNoCamera);
    }
  }

  function stop() {
    scanner.current?.stop();
    setScanning(false);
  }

  useEffect(
    () => () => {
      scanner.current?.destroy();
      scanner.current = null;
    },
    [],
  );

  async function fromFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    try {
      const Scanner = await loadScanner();
      const r = await Scanner.scanImage(file, { returnDetailedScanResult: true });
      open(r.data);
    } catch {
      setProblem(L.scanUnreadable);
      snack(L.scanUnreadable, { type: "error" });
    }
  }

  return (
    <PageFrame title={L.scanTitle} maxW="lg">
      <Stack gap="5">
        <Text>{L.scanIntro}</Text>
        <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="black" aspectRatio="1" display={scanning ? "block" : "none"}>
          <video ref={video} muted playsInline style={{ width: "100%", height: "100%", objectFit: "cover" }} aria-label={L.scanTitle} />
        </Box>
        <Flex gap="3" wrap="wrap">
          {scanning ? (
            <Button variant="outline" onClick={stop} data-testid="scan-stop">
              {L.scanStop}
            </Button>
          ) : (
            <Button colorPalette="brand" onClick={() => void start()} data-testid="scan-start">
              {L.scanStart}
            </Button>
          )}
          <Button asChild variant="outline">
            <label htmlFor={fileId}>{L.scanFile}</label>
          </Button>
          <input
            id={fileId}
            type="file"
            accept="image/*"
            hidden
            data-testid="scan-file"
            onChange={(e) => {
              void fromFile(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </Flex>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            open(typed);
          }}
        >
          <Stack gap="3">
            <Field.Root>
              <Field.Label>{L.scanPaste}</Field.Label>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={L.scanPasteHint} data-testid="scan-typed" />
            </Field.Root>
            <Flex justify="flex-end">
              <Button type="submit" variant="outline" disabled={typed.trim() === ""} data-testid="scan-go">
                {L.scanGo}
              </Button>
            </Flex>
          </Stack>
        </form>
        {problem && (
          <Text color="fg.error" role="alert" data-testid="scan-problem">
            {problem}
          </Text>
        )}
      </Stack>
    </PageFrame>
  );
}

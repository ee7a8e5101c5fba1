import { Msg } from "@domain/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { memberSelfApi } from "@domain/api/members";
import { ApiError } from "../api/client";
import { callEndpoint } from "../api/endpoint";
import { snack } from "../components/ui/toaster";
import { runVerifyPopup, VerifyAbandoned, type VerifyMessage } from "./verifyPopup";

/**
 * Identity verification (sign-up) or re-verification (password reset) through the provider popup.
 * `start()` must run inside a click handler. `onResult` gets the posted {key, code}.
 */
export function useVerify(kind: "signup" | "reauth", onResult: (m: VerifyMessage) => void) {
  const [waiting, setWaiting] = useState(false);
  const cancelRef = useRef<() => void>(() => {});
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => () => cancelRef.current(), []);

  const start = useCallback(() => {
    cancelRef.current();
    const ep = kind === "signup" ? memberSelfApi.verifyStart : memberSelfApi.reauthStart;
    const run = runVerifyPopup(() => callEndpoint(ep));
    cancelRef.current = run.cancel;
    setWaiting(true);
    run.result
      .then((m) => onResultRef.current(m))
      .catch((err: unknown) =>
        snack(err instanceof ApiError || err instanceof VerifyAbandoned ? err.message : Msg.serverError, {
          type: err instanceof VerifyAbandoned ? "warning" : "error",
        }),
      )
      .finally(() => setWaiting(false));
  }, [kind]);

  return { start, waiting };
}

import { VerifyCode } from "@domain/constants";
import { ResultType } from "@domain/constants";
import { Msg } from "@domain/messages";

/** The person closed the popup (or it never opened) before the provider posted a result. */
export class VerifyAbandoned extends Error {}

/** The message the identity-verification popup posts to its opener. */
export interface VerifyMessage {
  type: "krw-verify";
  key: string;
  code: number;
}

const POPUP_NAME = "krw-verify";
const POPUP_FEATURES = "width=480,height=760,menubar=no,toolbar=no,location=no,status=no";

/**
 * Opens the verification popup. The window is opened synchronously (inside the click) so popup
 * blockers allow it, then pointed at the provider URL once `start()` answers. Resolves with the
 * posted result; only messages from our own origin, of our type and for our key count.
 * Rejects with VerifyAbandoned when the popup is blocked or closed before a result.
 */
export function runVerifyPopup(start: () => Promise<{ url: string; key: string }>): {
  result: Promise<VerifyMessage>;
  cancel: () => void;
} {
  const popup = window.open("about:blank", POPUP_NAME, POPUP_FEATURES);
  let cleanup = () => {};
  const result = new Promise<VerifyMessage>((resolve, reject) => {
    if (!popup) {
      reject(new VerifyAbandoned(Msg.popupBlocked));
      return;
    }
    // A closed popup posts nothing: stop waiting, so the page can be used (and the button pressed) again.
    // One tick of grace: a result posted just before the popup closed itself is still delivered.
    let closedTicks = 0;
    const watch = window.setInterval(() => {
      if (!popup.closed || ++closedTicks < 2) return;
      cleanup();
      reject(new VerifyAbandoned(Msg.verifyCancelled));
    }, 400);
    cleanup = () => window.clearInterval(watch);
    start()
      .then(({ url, key }) => {
        const onMessage = (e: MessageEvent) => {
          if (e.origin !== window.location.origin) return;
          const d = e.data as Partial<VerifyMessage> | null;
          if (d?.type !== "krw-verify" || d.key !== key) return;
          cleanup();
          resolve({ type: "krw-verify", key, code: Number(d.code) });
        };
        window.addEventListener("message", onMessage);
        cleanup = () => {
          window.clearInterval(watch);
          window.removeEventListener("message", onMessage);
        };
        if (!popup.closed) popup.location.href = url;
      })
      .catch((err: unknown) => {
        cleanup();
        popup.close();
        reject(err);
      });
  });
  return { result, cancel: () => cleanup() };
}

/** Where the sign-up flow goes for a verification code (spec §8). */
export function signupTarget(m: VerifyMessage): string {
  if (m.code === VerifyCode.OK) return `/password?key_info=${encodeURIComponent(m.key)}`;
  if (m.code === VerifyCode.ALREADY_MEMBER) return `/result?type=${ResultType.ALREADY_REGISTERED}`;
  if (m.code === VerifyCode.UNDER_AGE) return `/result?type=${ResultType.UNDER_AGE}`;
  return `/result?type=${ResultType.INVALID}`;
}

/** Where the re-verification (password reset) flow goes: 1417 = the member exists. */
export function reauthTarget(m: VerifyMessage): string {
  if (m.code === VerifyCode.ALREADY_MEMBER) return `/password?key_info=${encodeURIComponent(m.key)}&reauth=1`;
  return `/result?type=${ResultType.INVALID}`;
}

import { Msg } from "@domain/messages";
import { showSnack } from "./snackbar";

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path (permission denied, unfocused document)
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Copies text and says so in the app's snackbar: `copied`, or that the browser refused the copy. */
export async function copyAndTell(text: string, copied: string = Msg.copied): Promise<void> {
  if (await copyText(text)) showSnack(copied, { type: "success" });
  else showSnack(Msg.copyFailed, { type: "error" });
}

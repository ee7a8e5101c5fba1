import type { TestStack } from "../../test/harness";
import type { VerifyPurpose } from "./verification.service";

export interface TestIdentity {
  name: string;
  birth: string;
  phone: string;
  carrier?: string;
}

/** Adult birth date, as the form takes it (YYYYMMDD). */
export const ADULT_BIRTH = "19900115";

/** Birth date (YYYY-MM-DD) of someone who turns `age` full years `daysFromToday` days from today (Asia/Seoul date is close enough a day away). */
export function birthForAge(age: number, daysFromToday = 0): string {
  const d = new Date(Date.now() + daysFromToday * 86_400_000);
  d.setUTCFullYear(d.getUTCFullYear() - age);
  return d.toISOString().slice(0, 10);
}

let client = 0;

/**
 * Drives the simulated provider over HTTP as the popup does: start a key, load the page, submit the form.
 * Each run comes from a client address of its own (trusted from loopback), so the per-client rate limits
 * never make one test depend on how many keys the tests before it started.
 */
export async function verifyByHttp(
  stack: TestStack,
  purpose: VerifyPurpose,
  who: TestIdentity,
): Promise<{ key: string; url: string; code: number }> {
  client = (client + 1) % 65_536;
  const headers = { "x-forwarded-for": `198.18.${client >> 8}.${client & 255}` };
  const start = await stack.call<{ url: string; key: string }>("GET", purpose === "signup" ? "/api/auth" : "/api/auth/reauth", { headers });
  if (start.code !== 200) throw new Error(`verify start failed: ${start.code} ${start.message}`);
  const page = await fetch(stack.url + start.data.url);
  if (page.status !== 200) throw new Error(`verify page ${start.data.url}: ${page.status}`);
  const submit = await stack.call<{ code: number }>("POST", "/api/verify/submit", {
    body: { key: start.data.key, carrier: "SKT", ...who },
    headers,
  });
  if (submit.code !== 200) throw new Error(`verify submit failed: ${submit.code} ${submit.message}`);
  return { ...start.data, code: submit.data.code };
}

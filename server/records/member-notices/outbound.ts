import crypto from "node:crypto";
import type { AppContext } from "../../context";
import { insertOutbounds, type NewOutbound } from "./notices.repo";
import { maskPhoneNumber } from "../../../domain/mask";

/** One message to one phone: 알림톡 (KakaoTalk business message) with SMS as the provider's fallback. */
export interface OutboundMessage {
  channel: "alimtalk" | "sms";
  /** The provider's template code (알림톡 templates are approved in advance; the body fills it). */
  template: string;
  /** The number to deliver to: given to the provider only, never stored or logged whole. */
  to: string;
  body: string;
}

/** A message provider (a 알림톡/SMS gateway). The service keeps no provider credentials: only the simulated one exists. */
export interface OutboundProvider {
  name: string;
  send(m: OutboundMessage): Promise<{ ref: string; status: "sent" | "failed" }>;
}

/** The simulated provider: delivers nothing, accepts every message (its reference is random). */
export const simulatedProvider: OutboundProvider = {
  name: "simulated",
  async send() {
    return { ref: `SIM-${crypto.randomBytes(6).toString("hex")}`, status: "sent" };
  },
};

const providers = new WeakMap<object, OutboundProvider>();

/** Tests (or a real gateway later) put another provider behind a stack's context. */
export function useOutboundProvider(ctx: Pick<AppContext, "db">, p: OutboundProvider): void {
  providers.set(ctx.db, p);
}

/**
 * Hands a message to the provider and records it (masked phone, body, the provider's answer) for the back-office
 * log. A failing provider is recorded as failed and does not fail the notice it carries.
 */
export async function sendOutbound(
  ctx: Pick<AppContext, "db" | "log" | "clock">,
  m: OutboundMessage & { memberId: number | null; noticeId: number | null },
): Promise<void> {
  await sendOutbounds(ctx, [m]);
}

/** sendOutbound for several messages: handed to the provider at once, recorded in one statement. */
export async function sendOutbounds(
  ctx: Pick<AppContext, "db" | "log" | "clock">,
  ms: (OutboundMessage & { memberId: number | null; noticeId: number | null })[],
): Promise<void> {
  const provider = providers.get(ctx.db) ?? simulatedProvider;
  const records: NewOutbound[] = await Promise.all(
    ms.map(async (m) => {
      let result: { ref: string | null; status: string };
      try {
        result = await provider.send(m);
      } catch (err) {
        ctx.log.warn({ err: (err as Error).message, template: m.template }, "outbound message failed");
        result = { ref: null, status: "failed" };
      }
      return {
        member_id: m.memberId,
        notice_id: m.noticeId,
        channel: m.channel,
        template: m.template,
        to_masked: maskPhoneNumber(m.to),
        body: m.body,
        provider: provider.name,
        provider_ref: result.ref,
        status: result.status,
        created_at: ctx.clock.now().toISOString(),
      };
    }),
  );
  await insertOutbounds(ctx.db, records);
}

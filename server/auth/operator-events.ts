import type { AppContext } from "../context";

/**
 * "This operator's access ended" (deleted, or its rights changed): the websocket closes that operator's
 * sockets at once instead of waiting for the next push, in every API process (the notifier's bus).
 */
const ACCESS_ENDED = "operator-access-ended";

export function operatorAccessEnded(ctx: Pick<AppContext, "notifier">, adminId: number): void {
  ctx.notifier.publish(ACCESS_ENDED, { adminId });
}

export function onOperatorAccessEnded(ctx: Pick<AppContext, "notifier">, fn: (adminId: number) => void): () => void {
  return ctx.notifier.subscribe<{ adminId: number }>(ACCESS_ENDED, ({ adminId }) => fn(adminId));
}

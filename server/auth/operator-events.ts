import { EventEmitter } from "node:events";
import type { AppContext } from "../context";

/**
 * "This operator's access ended" (deleted, or its rights changed): the websocket closes that operator's
 * sockets at once instead of waiting for the next push. One emitter per app context.
 */
const emitters = new WeakMap<AppContext, EventEmitter>();

function emitterOf(ctx: AppContext): EventEmitter {
  let e = emitters.get(ctx);
  if (!e) {
    e = new EventEmitter();
    e.setMaxListeners(0);
    emitters.set(ctx, e);
  }
  return e;
}

export function operatorAccessEnded(ctx: AppContext, adminId: number): void {
  emitterOf(ctx).emit("ended", adminId);
}

export function onOperatorAccessEnded(ctx: AppContext, fn: (adminId: number) => void): () => void {
  const e = emitterOf(ctx);
  e.on("ended", fn);
  return () => e.off("ended", fn);
}

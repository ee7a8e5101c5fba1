import type { Router } from "express";
import type { AppContext } from "../../context";
import type { VerifyPurpose } from "./verification.service";

/**
 * An identity-verification provider (the simulated one here; PASS or NICE in production).
 * `start` issues a single-use key and the URL the app opens in a popup. The provider's own pages and
 * callbacks live in `routes()`; when it has verified a person it records the identity on the key
 * (Verifications.complete) and the popup posts `{type: "krw-verify", key, code}` to its opener,
 * only to the app's origin.
 */
export interface IdentityProvider {
  readonly name: string;
  start(purpose: VerifyPurpose): Promise<{ url: string; key: string }>;
  routes(ctx: AppContext): Router;
}

/** The message the popup posts to `window.opener`. */
export const VERIFY_MESSAGE_TYPE = "krw-verify";

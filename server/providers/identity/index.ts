import type { IdentityProvider } from "./provider";
import type { Verifications } from "./verification.service";
import { createSimulatedProvider } from "./simulated";

/**
 * The configured identity provider (`VERIFY_PROVIDER`, default "simulated"). A real one (PASS, NICE)
 * implements IdentityProvider and is added here; nothing else changes.
 */
export function createIdentityProvider(
  verifications: Verifications,
  name: string = process.env.VERIFY_PROVIDER ?? "simulated",
): IdentityProvider {
  switch (name) {
    case "simulated":
      return createSimulatedProvider(verifications);
    default:
      throw new Error(`unknown VERIFY_PROVIDER '${name}' (available: simulated)`);
  }
}

export type { IdentityProvider } from "./provider";

import path from "node:path";
import type { IdentityProvider } from "./provider";
import { verifyPage } from "./page";
import type { Verifications } from "./verification.service";
import { createRoutes } from "../../http/routes";
import { rateLimit } from "../../http/rate-limit";
import { memberSelfApi } from "../../../domain/api/members";

const ASSETS = path.join(__dirname, "assets");

/**
 * The built-in simulated provider: a small Korean page at /verify/<key> where anyone types a name,
 * birth date, phone and carrier, and the server decides the code as a real provider's answer would
 * (already a member, under 19, ...). For development, tests and demos; never for real sign-ups.
 */
export function createSimulatedProvider(verifications: Verifications): IdentityProvider {
  return {
    name: "simulated",
    async start(purpose) {
      const { key } = await verifications.issue(purpose);
      return { url: `/verify/${key}`, key };
    },
    routes(ctx) {
      const { router: r, handle } = createRoutes(ctx);
      const submitLimiter = rateLimit(ctx, { windowMs: 60_000, max: 30 });

      // The popup's page and its files: HTML, not API calls.
      for (const file of ["verify.js", "verify.css"]) {
        r.get(`/verify/assets/${file}`, (_req, res) => {
          res.setHeader("Cache-Control", "no-cache");
          res.sendFile(path.join(ASSETS, file));
        });
      }

      r.get("/verify/:key", async (req, res) => {
        const row = await verifications.pending(String(req.params.key));
        res.setHeader("Cache-Control", "no-store");
        res
          .status(row ? 200 : 404)
          .type("text/html; charset=utf-8")
          .send(verifyPage(row ? { key: row.key, purpose: row.purpose } : null));
      });

      // The provider's answer: envelope 200 with the verification code, whatever it is; 400 only for a form to correct.
      handle(memberSelfApi.verifySubmit, { pre: [submitLimiter] }, async ({ body: { key, ...identity } }) => ({
        code: await verifications.complete(key, identity),
      }));
      return r;
    },
  };
}

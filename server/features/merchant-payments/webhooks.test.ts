import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../../test/harness";
import { startReceiver } from "../../test/receiver";
import { insertOperator } from "../../test/operators";
import { memberByPhone } from "../../records/members.repo";
import { checkWebhookTarget } from "./webhook-target";
import { webhookDispatcherOf } from "./webhooks.service";
import { merchantSelfApi, merchantsAdminApi } from "../../../domain/api/merchant-payments";
import { Code } from "../../../domain/codes";
import { OperatorPermission } from "../../../domain/constants";
import { WEBHOOK_TIMEOUT_MS } from "../../../domain/policy/merchant-payments";

describe("webhook targets (server-side request forgery)", () => {
  const production = { webhookTargets: "public" as const, publicOrigin: "https://voucher.example.kr" };
  const embedded = { webhookTargets: "any" as const, publicOrigin: "http://127.0.0.1:3000" };
  const refused = async (config: typeof production | typeof embedded, url: string) =>
    checkWebhookTarget(config, url).then(
      () => false,
      (e: { code?: number }) => e.code === Code.WEBHOOK_URL_REFUSED,
    );

  it("refuses this service, loopback, private and link-local addresses in production configuration", async () => {
    for (const url of [
      "https://voucher.example.kr/hooks",
      "https://127.0.0.1/hooks",
      "https://localhost/hooks",
      "https://[::1]/hooks",
      "https://[::ffff:10.0.0.1]/hooks",
      "https://10.1.2.3/hooks",
      "https://172.20.0.5/hooks",
      "https://192.168.0.10/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/hooks",
      "http://93.184.216.34/hooks",
      "https://user:pw@93.184.216.34/hooks",
      "ftp://93.184.216.34/hooks",
    ])
      expect([url, await refused(production, url)]).toEqual([url, true]);
    expect(await refused(production, "https://93.184.216.34/hooks")).toBe(false);
  });

  it("allows this machine in the embedded default (the demo shop and tests receive there), never another scheme", async () => {
    expect(await refused(embedded, "http://127.0.0.1:4000/hooks")).toBe(false);
    expect(await refused(embedded, "file:///etc/passwd")).toBe(true);
  });
});

describe("webhook delivery: a slow receiver holds only its own merchant", () => {
  let s: TestStack;
  const tokens: string[] = [];

  beforeAll(async () => {
    s = await startTestStack({ webhookRetryBaseMs: 200, demoShop: false });
    const op = await s.loginOperator("admin", "admin1234");
    // Two shops: the seeded one and a second shop owner with its own shop-owner operator.
    const m2 = (await memberByPhone(s.ctx.db, "01033334444"))!;
    await s.ctx.db.updateTable("members").set({ permission: "exchanger" }).where("id", "=", m2.id).execute();
    await insertOperator(s.ctx, "shop02", OperatorPermission.EXCHANGER, {}, m2.id);
    for (const [phone, name] of [
      ["01055556666", "느린 가게"],
      ["01033334444", "빠른 가게"],
    ])
      expect((await s.api(merchantsAdminApi.merchantCreate, { phone, name }, { token: op })).status).toBe(200);
    tokens.push(await s.loginOperator("shop01", "shop1234"), await s.loginOperator("shop02", "operator1234"));
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  it("delivers another merchant's event at once while one receiver hangs past the timeout, then retries the slow one", async () => {
    const slow = await startReceiver((_r, i) => ({ status: 200, delayMs: i === 1 ? WEBHOOK_TIMEOUT_MS + 3_000 : 0 }));
    const fast = await startReceiver();
    await s.api(merchantSelfApi.merchantWebhookSet, { url: slow.url }, { token: tokens[0] });
    await s.api(merchantSelfApi.merchantWebhookSet, { url: fast.url }, { token: tokens[1] });
    const slowPing = (await s.api(merchantSelfApi.merchantWebhookTest, undefined, { token: tokens[0] })).data;
    await slow.waitFor(() => slow.received.length === 1);
    const started = Date.now();
    await s.api(merchantSelfApi.merchantWebhookTest, undefined, { token: tokens[1] });
    await fast.waitFor(() => fast.received.length === 1);
    // Delivered while the slow receiver still holds its attempt (it answers after the timeout).
    expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS / 2);

    await slow.waitFor(() => slow.received.length === 2, 30_000);
    await webhookDispatcherOf(s.ctx)!.idle();
    const d = (await s.api(merchantSelfApi.merchantDeliveries, {}, { token: tokens[0] })).data.deliveries.find(
      (x) => x.id === slowPing.id,
    )!;
    expect(d).toMatchObject({ state: "delivered", attempts: 2, lastStatus: 200 });
    expect(d.recent[1].error).toMatch(/timeout/);
    expect(d.recent[1].latencyMs).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 50);
    await Promise.all([slow.stop(), fast.stop()]);
  }, 60_000);

  it("refuses a webhook URL the configuration does not allow, at the API", async () => {
    const r = await s.api(merchantSelfApi.merchantWebhookSet, { url: "ftp://example.com/x" }, { token: tokens[0] });
    expect(r.status).toBe(400);
    s.ctx.config.webhookTargets = "public";
    try {
      const own = await s.api(
        merchantSelfApi.merchantWebhookSet,
        { url: `https://127.0.0.1:${new URL(s.url).port}/hooks` },
        { token: tokens[0] },
      );
      expect([own.status, own.code]).toEqual([400, Code.WEBHOOK_URL_REFUSED]);
    } finally {
      s.ctx.config.webhookTargets = "any";
    }
  });
});

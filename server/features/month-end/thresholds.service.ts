import type { AppContext } from "../../context";
import { claimMeta } from "../../db/app-db";
import type { Job } from "../../job";
import { transparencyOf } from "./transparency.service";
import { Msg } from "../../../domain/messages";
import { formatWon } from "../../../domain/format";
import { THRESHOLD_WARN_PERCENTS } from "../../../domain/policy/issuer";
import type { ThresholdsDto, TransparencyDto } from "../../../domain/schemas/month-end";

const LABEL = { outstanding: "발행잔액", yearlyIssuance: "최근 1년 발행액" } as const;

/** The two registration thresholds against the transparency figures: value, threshold, share and the level reached. */
export function thresholdLines(t: TransparencyDto): ThresholdsDto["lines"] {
  const line = (which: keyof typeof LABEL, value: string, threshold: string) => {
    const permille = (BigInt(value) * 1000n) / BigInt(threshold);
    const level = [...THRESHOLD_WARN_PERCENTS].reverse().find((p) => permille >= BigInt(p) * 10n) ?? 0;
    return { which, label: LABEL[which], value, threshold, percent: `${permille / 10n}.${permille % 10n}`, level };
  };
  return [
    line("outstanding", t.customerBalances, t.registration.outstandingThreshold),
    line("yearlyIssuance", t.registration.yearlyIssuance, t.registration.yearlyIssuanceThreshold),
  ];
}

export function thresholdsOf(t: TransparencyDto): ThresholdsDto {
  return { asOf: t.asOf, stale: t.stale, registration: t.registration.status, lines: thresholdLines(t) };
}

/**
 * Operators are told ('한도', realtime, the dashboard's card) when the outstanding balance or the trailing year's
 * issuance reaches 80 % and again at 100 % of its registration threshold: once per level while it stays there (a
 * claim in `meta`, so several processes and restarts tell once), and again after it fell below and came back. Read
 * from the transparency figures (their cache), by the leading process.
 */
export function thresholdWatchJob(isLeader: () => boolean, everyMs = 60_000): Job {
  return {
    name: "threshold-watch",
    everyMs,
    async run(ctx) {
      if (!isLeader()) return;
      const served = await transparencyOf(ctx)?.get();
      if (!served || served.figures.stale) return;
      await watch(ctx, served.figures);
    },
  };
}

export async function watch(ctx: Pick<AppContext, "db" | "notifier">, t: TransparencyDto): Promise<void> {
  for (const l of thresholdLines(t)) {
    for (const p of THRESHOLD_WARN_PERCENTS) {
      const key = `threshold-warned:${l.which}:${p}`;
      if (l.level < p) {
        await ctx.db.deleteFrom("meta").where("key", "=", key).execute();
        continue;
      }
      if (await claimMeta(ctx.db, key, t.asOf))
        await ctx.notifier.notify("한도", Msg.thresholdReached(l.label, p, formatWon(l.value), formatWon(l.threshold)));
    }
  }
}

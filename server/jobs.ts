import type { Job } from "./job";
import { validityNoticesJob } from "./features/validity/validity.service";
import { followProposalsJob } from "./dual-control/proposals";
import { publishRootsJob } from "./features/month-end/month-end.routes";
import { gasWatchJob } from "./money/gas-watch";
import { expireBuyOrdersJob } from "./features/purchases/purchases.service";
import { expireIdempotencyKeysJob } from "./money/idempotency";
import { resolveApprovalsJob } from "./features/settlement/settlement.service";
import { followRefundsJob } from "./features/refunds/refunds-payout.service";
import { safeguardDayEndJob } from "./features/month-end/safeguarding.service";
import { reconcileJob } from "./features/dashboard/reconcile";
import { thresholdWatchJob } from "./features/month-end/thresholds.service";
import { expirePaymentsJob, followPaymentsJob } from "./features/merchant-payments/payments-follow.service";
import { applyChangesJob, tellChangesJob } from "./features/change-notices/change-notices.jobs";

/** The service's periodic jobs, each beside its feature (server/job.ts runs them once at start, then every `everyMs`). */
export function periodicJobs(isLeader: () => boolean, gasWatchMs: number): Job[] {
  return [
    expireBuyOrdersJob,
    expireIdempotencyKeysJob,
    resolveApprovalsJob,
    followProposalsJob,
    followRefundsJob,
    validityNoticesJob,
    safeguardDayEndJob,
    expirePaymentsJob,
    followPaymentsJob,
    tellChangesJob,
    applyChangesJob,
    publishRootsJob,
    gasWatchJob(isLeader, gasWatchMs),
    reconcileJob(isLeader),
    thresholdWatchJob(isLeader),
  ];
}

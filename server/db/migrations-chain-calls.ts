import type { Kysely, Migration } from "kysely";

/**
 * `chain_calls.nonce`: the operator account's nonce a call's transaction was sent with, recorded with its hash before
 * the send. A process that did not send it (another process of a multi-process deployment, its journal elsewhere)
 * can then tell a dropped call from one still to come: once another transaction holds that nonce deep enough, the
 * call never happened (server/money/chain-calls.ts `sendDroppedAgain`). Null for calls sent before this column.
 */
export const chainCallMigrations: Record<string, Migration> = {
  "2026-12-07-chain-call-nonce": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("chain_calls").addColumn("nonce", "bigint").execute();
    },
  },
};

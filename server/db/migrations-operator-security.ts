import type { Kysely, Migration } from "kysely";

/** The app store's migrations of operators' own security (appended to in name order; migrations.ts merges them). */
export const operatorSecurityMigrations: Record<string, Migration> = {
  // An operator who lost both the phone and the recovery codes: a super admin resets the second factor under dual
  // control; `reset_at` then makes the next login an enrolment (server/features/operator-security/README.md).
  "2026-12-08-operator-two-factor-reset": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("operator_totp").addColumn("reset_at", "text").execute();
    },
  },
};

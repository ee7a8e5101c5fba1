import { Alert, Badge } from "@chakra-ui/react";
import { allowsArea } from "@domain/admin-access";
import { CHANGE_KINDS, type ChangeKind, type ChangeState } from "@domain/policy/change-notice";
import { Msg } from "@domain/messages";
import type { EndpointData } from "../../api/endpoints";
import { ApiError } from "../../api/client";
import type { AdminAccount } from "../../api/session";

export type ChangeList = EndpointData<"changes">;
export type ChangeRow = ChangeList["changes"][number];

const COLORS: Record<ChangeState, string> = { draft: "gray", posted: "blue", applied: "green", withdrawn: "red" };

/** A change's state (작성 중, 고지 중, 시행됨, 철회) as the server words it. */
export function ChangeStateBadge({ row, testId }: { row: Pick<ChangeRow, "state" | "stateLabel">; testId?: string }) {
  return (
    <Badge colorPalette={COLORS[row.state]} data-testid={testId} data-state={row.state}>
      {row.stateLabel}
    </Badge>
  );
}

/** The server's refusal (too soon, not editable, forbidden …), read out in the form that was sent. */
export function ServerError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" data-testid={testId} role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

export const failure = (e: unknown) => (e instanceof ApiError && e.message ? e.message : Msg.serverError);

/**
 * The kinds the operator may handle: the screen opens to either flag, and each kind then needs its own (as the
 * server's check): a terms change the voucher terms' area, a shop removal the merchants'.
 */
export function kindsFor(account: Pick<AdminAccount, "permission" | "flags"> | null): ChangeKind[] {
  if (!account) return [];
  return CHANGE_KINDS.filter((k) => allowsArea(k === "terms" ? "policyTerms" : "merchants", account));
}

/** Response codes (the `code` of the envelope) and the HTTP status each maps to. */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  CHAIN_UNAVAILABLE: 503,
  /** Not a marketplace (shop owner) voucher address. */
  NOT_MARKET_ADDRESS: 1125,
  /** Identity verification: already a member. */
  ALREADY_MEMBER: 1417,
  /** Identity verification: under 19. */
  UNDER_AGE: 1490,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** HTTP status for a code: spec codes above 599 map by meaning. */
export function httpStatusFor(code: number): number {
  if (code >= 200 && code < 600) return code === 423 ? 423 : code;
  if (code === Code.NOT_MARKET_ADDRESS) return 400;
  if (code === Code.ALREADY_MEMBER) return 409;
  if (code === Code.UNDER_AGE) return 403;
  return 400;
}

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}
